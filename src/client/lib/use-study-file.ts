import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { activeStudyTab } from '../features/shell/route-visibility';
import { keepSharedContext } from './search';
import { useSharedContext } from './spaces';
import { useTRPC } from './trpc';

function useActiveFile(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.file.getActiveFile.queryOptions(), enabled });
}

type ActiveFile = NonNullable<ReturnType<typeof useActiveFile>['data']>;

/** The student's own file named by a study tab's address (`?id=` without `uuid`), or null. */
function ownFileInAddress(search: { uuid?: unknown; id?: unknown }): string | null {
  return !search.uuid && typeof search.id === 'string' && search.id ? search.id : null;
}

/** The ids of the files the address asked to open and could not (not the caller's, deleted). */
function useFailedOpenings(): string[] {
  const trpc = useTRPC();
  return useMutationState({
    filters: { mutationKey: trpc.file.setActiveFileAndRevalidate.mutationKey(), status: 'error' },
    select: (mutation) => (mutation.state.variables as { fileId?: string } | undefined)?.fileId ?? '',
  });
}

/**
 * The file a study tab shows. Normally the active file (file.getActiveFile), which choosing a file on the dashboard or
 * in the sidebar sets; the tab's address names it (`?id=`, kept there by useKeepStudyAddress), and an address naming
 * another of the student's files opens that one first (loading meanwhile; unavailable when it cannot be opened).
 * In a shared course (?uuid=&id=, spec §2) it is the course's file `id`, read through the space
 * (spaces.getSharedContext and the file procedures with `uuid`); `shared` then carries the context for every call.
 * `file` is undefined while loading and null when no file is open; `sharedUnavailable` says the file may not be
 * studied (unknown link, hidden file, access lost, or an own file's address that is not the student's file).
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
  const failedOpenings = useFailedOpenings();
  if (!shared) {
    const wanted = ownFileInAddress(search);
    if (wanted && active.data?.id !== wanted && !active.isPending) {
      // Being opened (useKeepStudyAddress), or it could not be: never another file's material under its address.
      if (failedOpenings.includes(wanted)) return { file: null, loading: false, error: true, sharedUnavailable: true };
      return { file: undefined, loading: true, error: false, sharedUnavailable: false };
    }
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

/**
 * Keeps the open file in a study tab's address (issue 22), so every study page can be bookmarked and sent: on a tab
 * without `?id=` the open file's id is written into it (replacing the entry, no extra history step); an address that
 * names another of the student's files — a bookmark, a link, the back button — opens that file
 * (file.setActiveFileAndRevalidate, which checks it is theirs). When the open file changes otherwise (chosen in the
 * sidebar, deleted), the address follows it. Mounted once, by the shell.
 */
export function useKeepStudyAddress(signedIn: boolean): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useSearch({ strict: false });
  const onStudyTab = signedIn && activeStudyTab(pathname) !== null && !pathname.startsWith('/lesson');
  const sharedCourse = Boolean(search.uuid);
  const wanted = ownFileInAddress(search);
  const active = useActiveFile(onStudyTab && !sharedCourse);
  const activeId = active.data === undefined ? undefined : (active.data?.id ?? null);
  const open = useMutation(
    trpc.file.setActiveFileAndRevalidate.mutationOptions({
      onSuccess: async (file) => {
        queryClient.setQueryData(trpc.file.getActiveFile.queryKey(), file);
        await queryClient.invalidateQueries(trpc.directory.getActiveDirectoryId.pathFilter());
      },
    }),
  );
  const openFile = open.mutate;
  const seen = useRef<{ wanted: string | null; active: string | null | undefined }>({ wanted: null, active: undefined });

  useEffect(() => {
    if (!onStudyTab || sharedCourse || activeId === undefined) return;
    const addressChanged = wanted !== seen.current.wanted;
    const activeChanged = activeId !== seen.current.active;
    seen.current = { wanted, active: activeId };
    if (wanted && wanted !== activeId) {
      // The address asks for another file: open it. The open file changed under an old address: the address follows.
      if (addressChanged) openFile({ fileId: wanted });
      else if (activeChanged) void navigate({ to: pathname, search: (previous) => ({ ...previous, id: activeId ?? undefined }), replace: true });
      return;
    }
    if (!wanted && activeId) void navigate({ to: pathname, search: (previous) => ({ ...previous, id: activeId }), replace: true });
  }, [onStudyTab, sharedCourse, wanted, activeId, openFile, navigate, pathname]);
}
