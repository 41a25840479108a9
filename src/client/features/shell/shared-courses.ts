import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sessionQueryOptions } from '../../lib/auth-client';
import { useSharedCoursesWithFiles } from '../../lib/spaces';
import { useVisitedCourseIds } from '../../lib/visited-courses';

/** A course someone shared with the student (spec §3 "Space"), with its visible files; new until first opened. */
export interface SharedCourse {
  id: string;
  uuid: string;
  name: string;
  files: readonly { id: string; name: string; extension: string }[];
  isNew: boolean;
}

/**
 * The shared courses the sidebar lists and searches: spaces.getAllSharedCoursesWithFiles (refetched every 60 s and on
 * focus, spec §7), each marked new while this browser has no record of the student opening it (spec §3).
 */
export function useSharedCourses(): readonly SharedCourse[] {
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const courses = useSharedCoursesWithFiles().data;
  const visited = useVisitedCourseIds(userId);
  return useMemo(
    () => (courses ?? []).map((course) => ({ id: course.id, uuid: course.uuid, name: course.name, files: course.files, isNew: !visited.has(course.id) })),
    [courses, visited],
  );
}
