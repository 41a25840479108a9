import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from './errors';
import { useTRPC } from './trpc';

/** A file whose text is still being read: lists showing it keep asking for its state. */
export function isProcessing(status: string): boolean {
  return status === 'queued' || status === 'extracting';
}

/**
 * Queues a failed file's reading again (a failed file can be retried); every list of files is refreshed, picks
 * up the new state and polls its progress.
 */
export function useRetryProcessing() {
  const { t } = useTranslation(['common', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.file.retryProcessing.mutationOptions({
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.directory.pathFilter()),
          queryClient.invalidateQueries(trpc.file.pathFilter()),
        ]),
      onError: (error) => toast.error(errorMessage(error, t, t('fileRetryFailed'))),
    }),
  );
  return { retry: (fileId: string) => mutation.mutate({ fileId }), retryingId: mutation.isPending ? mutation.variables.fileId : undefined };
}
