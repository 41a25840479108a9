import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * The file a study tab shows: the active file (file.getActiveFile), which choosing a file on the dashboard or in the
 * sidebar sets. A shared course's file (?uuid=&id=) comes with sharing. `file` is undefined while loading and null
 * when no file is open.
 */
export function useStudyFile() {
  const trpc = useTRPC();
  const query = useQuery(trpc.file.getActiveFile.queryOptions());
  return { file: query.data, loading: query.isPending, error: query.isError };
}

export type StudyFile = NonNullable<ReturnType<typeof useStudyFile>['file']>;
