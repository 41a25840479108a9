import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { keepSharedContext } from './search';
import { useSharedContext } from './spaces';
import { useTRPC } from './trpc';

function useActiveFile(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.file.getActiveFile.queryOptions(), enabled });
}

type ActiveFile = NonNullable<ReturnType<typeof useActiveFile>['data']>;

/**
 * The file a study tab shows. Normally the active file (file.getActiveFile), which choosing a file on the dashboard or
 * in the sidebar sets. In a shared course (?uuid=&id=, spec §2) it is the course's file `id`, read through the space
 * (spaces.getSharedContext and the file procedures with `uuid`); `shared` then carries the context for every call.
 * `file` is undefined while loading and null when no file is open; `sharedUnavailable` says the shared file may not be
 * studied (unknown link, hidden file, access lost).
 */
export function useStudyFile(): { file: StudyFile | null | undefined; loading: boolean; error: boolean; sharedUnavailable: boolean } {
  const trpc = useTRPC();
  const search = useSearch({ strict: false });
  const context = keepSharedContext({ uuid: search.uuid, id: search.id });
  const shared = context.uuid && context.id ? { uuid: context.uuid, id: context.id } : null;
  const active = useActiveFile(shared === null);
  const sharedContext = useSharedContext(shared ?? {});
  const sharedInput = { fileId: shared?.id ?? '', uuid: shared?.uuid, id: shared?.id };
  const status = useQuery({ ...trpc.file.getProcessingStatus.queryOptions(sharedInput), enabled: shared !== null });
  const extension = useQuery({ ...trpc.file.getFileExtension.queryOptions(sharedInput), enabled: shared !== null });
  if (!shared) {
    const own = active.data ? { ...active.data, canRegenerate: true } : active.data;
    return { file: own, loading: active.isPending, error: active.isError, sharedUnavailable: false };
  }
  const failed = sharedContext.isError || status.isError || extension.isError;
  if (failed) return { file: null, loading: false, error: true, sharedUnavailable: true };
  if (!sharedContext.data || !status.data || !extension.data) return { file: undefined, loading: true, error: false, sharedUnavailable: false };
  const file: StudyFile = {
    id: shared.id,
    name: sharedContext.data.fileName,
    extension: extension.data.extension,
    status: status.data.status,
    pageCount: status.data.pageCount,
    error: status.data.error,
    errorKey: status.data.errorKey,
    errorParams: status.data.errorParams,
    progress: status.data.progress,
    unreadablePages: status.data.unreadablePages,
    lowConfidencePages: status.data.lowConfidencePages,
    // Not known to a member and not used in a shared course: the file's date and the course's settings.
    createdAt: new Date(0),
    videoId: sharedContext.data.videoId,
    directory: { id: sharedContext.data.directoryId, name: sharedContext.data.directoryName, model: '', language: 'en', createdAt: new Date(0) },
    shared,
    canRegenerate: sharedContext.data.isOwner,
  };
  return { file, loading: false, error: false, sharedUnavailable: false };
}

/** `canRegenerate`: the caller may make the file's study material again (its owner; members of a shared course not). */
export type StudyFile = ActiveFile & { shared?: { uuid: string; id: string }; canRegenerate: boolean };
