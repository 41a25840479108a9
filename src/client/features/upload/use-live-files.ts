import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { isProcessing } from '../../lib/file-processing';
import { useTRPC } from '../../lib/trpc';

export type LiveFile = inferRouterOutputs<AppRouter>['file']['getFilesByIds'][number];

/** How often a file still being read is asked about. */
export const STATUS_POLL_MS = 2000;


/** The current state of just-uploaded files, asked again every two seconds while any of them is still being read. */
export function useLiveFiles(fileIds: readonly string[]) {
  const trpc = useTRPC();
  return useQuery(
    trpc.file.getFilesByIds.queryOptions(
      { fileIds: [...fileIds] },
      {
        enabled: fileIds.length > 0,
        refetchInterval: (query) => (query.state.data?.some((file) => isProcessing(file.status)) ? STATUS_POLL_MS : false),
      },
    ),
  );
}

