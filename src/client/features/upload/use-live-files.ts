import { useQueries, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { isProcessing } from '../../lib/file-processing';
import { useTRPC } from '../../lib/trpc';

export type LiveFile = inferRouterOutputs<AppRouter>['file']['getFilesByIds'][number];

/** How often a file still being read is asked about. */
export const STATUS_POLL_MS = 2000;

/**
 * What a file's live state tells about it: its status, page count and the reason it failed; while OCR reads its pages,
 * how far it has come; once ready, the pages it could not read.
 */
export type LiveState = Pick<
  LiveFile,
  'id' | 'status' | 'pageCount' | 'error' | 'errorKey' | 'errorParams' | 'progress' | 'unreadablePages' | 'lowConfidencePages'
>;

/**
 * The current state of just-uploaded files, asked again every two seconds while any of them is still queued or being
 * read (OCR of a scan moves its page count on between two answers, so polling goes on for all of 'extracting'). Files
 * uploaded into a shared course (`uuid`, the space's link id) are the course owner's: each is asked about through the
 * space (file.getProcessingStatus with the shared context), as a member may read it.
 */
export function useLiveFiles(fileIds: readonly string[], uuid?: string): { data: LiveState[] | undefined } {
  const trpc = useTRPC();
  const own = useQuery(
    trpc.file.getFilesByIds.queryOptions(
      { fileIds: [...fileIds] },
      {
        enabled: fileIds.length > 0 && !uuid,
        refetchInterval: (query) => (query.state.data?.some((file) => isProcessing(file.status)) ? STATUS_POLL_MS : false),
      },
    ),
  );
  const shared = useQueries({
    queries: (uuid ? fileIds : []).map((fileId) =>
      trpc.file.getProcessingStatus.queryOptions(
        { fileId, uuid, id: fileId },
        { refetchInterval: (query) => (query.state.data && isProcessing(query.state.data.status) ? STATUS_POLL_MS : false) },
      ),
    ),
  });
  if (!uuid) return { data: own.data };
  return {
    data: shared.flatMap((query, index) => {
      const id = fileIds[index];
      if (!query.data || !id) return [];
      const { status, pageCount, error, errorKey, errorParams, progress, unreadablePages, lowConfidencePages } = query.data;
      return [{ id, status, pageCount, error, errorKey, errorParams, progress, unreadablePages, lowConfidencePages }];
    }),
  };
}

