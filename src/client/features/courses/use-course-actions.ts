import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorData, errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { withoutCourse, withoutFile, type Course } from './course-list';

export function isNotFound(error: unknown): boolean {
  const data = errorData(error);
  return data?.appCode === 'NOT_FOUND' || data?.httpStatus === 404;
}

export function useCourses() {
  const trpc = useTRPC();
  return useQuery(trpc.directory.getDirectories.queryOptions());
}

export function useActiveFile() {
  const trpc = useTRPC();
  return useQuery(trpc.file.getActiveFile.queryOptions());
}

/**
 * Optimistic removal (spec §4): the item leaves the cached list at once, the snapshot comes back if the call fails,
 * and the list is refetched either way (an item someone else already deleted then leaves for good). Removing what is
 * open sends the student back to the dashboard.
 */
function useOptimisticRemoval() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = trpc.directory.getDirectories.queryKey();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.directory.pathFilter()),
      queryClient.invalidateQueries(trpc.file.pathFilter()),
    ]);
  };
  return {
    async apply(remove: (courses: Course[] | undefined) => Course[] | undefined) {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, remove);
      return snapshot;
    },
    restore(snapshot: Course[] | undefined) {
      queryClient.setQueryData(key, snapshot);
    },
    refresh,
    async settle(leftActive: boolean) {
      if (leftActive) await navigate({ to: '/dashboard' });
      await refresh();
    },
  };
}

/** Deletes a file; a failure restores it, toasts and rejects. */
export function useDeleteFile() {
  const { t } = useTranslation(['courses', 'errors']);
  const trpc = useTRPC();
  const active = useActiveFile();
  const removal = useOptimisticRemoval();
  const mutation = useMutation(trpc.file.deleteFile.mutationOptions());
  return async (fileId: string) => {
    const snapshot = await removal.apply((courses) => withoutFile(courses, fileId));
    try {
      await mutation.mutateAsync({ fileId });
    } catch (error) {
      removal.restore(snapshot);
      toast.error(isNotFound(error) ? t('deleteFile.notFound') : t('deleteFile.failure'));
      void removal.refresh();
      throw error;
    }
    await removal.settle(active.data?.id === fileId);
  };
}

export function useDeleteCourse() {
  const { t } = useTranslation(['courses', 'errors']);
  const trpc = useTRPC();
  const active = useActiveFile();
  const removal = useOptimisticRemoval();
  const mutation = useMutation(trpc.directory.deleteDirectory.mutationOptions());
  return async (courseId: string) => {
    const snapshot = await removal.apply((courses) => withoutCourse(courses, courseId));
    try {
      await mutation.mutateAsync({ id: courseId });
    } catch (error) {
      removal.restore(snapshot);
      toast.error(isNotFound(error) ? t('deleteCourse.notFound') : t('deleteCourse.failure'));
      void removal.refresh();
      throw error;
    }
    toast.success(t('deleteCourse.success'));
    await removal.settle(active.data?.directory.id === courseId);
  };
}

/** Opening a file makes it the active one and goes to its summary. */
export function useOpenFile() {
  const { t } = useTranslation(['courses', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(
    trpc.file.setActiveFileAndRevalidate.mutationOptions({
      onSuccess: async (file) => {
        queryClient.setQueryData(trpc.file.getActiveFile.queryKey(), file);
        await queryClient.invalidateQueries(trpc.directory.getActiveDirectoryId.pathFilter());
        // The file in the address (issue 22): the page can be bookmarked and sent.
        await navigate({ to: '/summary', search: { id: file.id } });
      },
      onError: (error) => toast.error(errorMessage(error, t, t('file.openFailed'))),
    }),
  );
  return { open: (fileId: string) => mutation.mutate({ fileId }), pendingId: mutation.isPending ? mutation.variables.fileId : undefined };
}
