import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../../lib/trpc';

export type UploadCourse = inferRouterOutputs<AppRouter>['directory']['getDirectories'][number];

/** The student's courses: the ones an upload may go to. */
export function useUploadCourses() {
  const trpc = useTRPC();
  return useQuery(trpc.directory.getDirectories.queryOptions());
}
