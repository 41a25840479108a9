import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sessionQueryOptions } from '../../lib/session';
import { useSharedCoursesWithFiles, useUserSpaces } from '../../lib/spaces';
import { useVisitedCourseIds } from '../../lib/visited-courses';

/** A course someone shared with the student (spec §3 "Space"), with its visible files; new until first opened. */
export interface SharedCourse {
  id: string;
  uuid: string;
  name: string;
  files: readonly { id: string; name: string; extension: string }[];
  isNew: boolean;
  /**
   * The student may upload into the course and rename its files (an editor, spec §3 "Edit Access"); then `directoryId`
   * is the course's id for the upload page. Known from spaces.getUserSpaces; false until it is.
   */
  canEdit: boolean;
  directoryId: string | null;
}

/**
 * The shared courses the sidebar lists and searches: spaces.getAllSharedCoursesWithFiles (refetched every 60 s and on
 * focus, spec §7), each marked new while this browser has no record of the student opening it (spec §3).
 */
export function useSharedCourses(): readonly SharedCourse[] {
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const courses = useSharedCoursesWithFiles().data;
  const memberships = useUserSpaces().data?.member;
  const visited = useVisitedCourseIds(userId);
  return useMemo(() => {
    const editable = new Map((memberships ?? []).filter((space) => space.role === 'editor').map((space) => [space.uuid, space.directoryId]));
    return (courses ?? []).map((course) => ({
      id: course.id,
      uuid: course.uuid,
      name: course.name,
      files: course.files,
      isNew: !visited.has(course.id),
      canEdit: editable.has(course.uuid),
      directoryId: editable.get(course.uuid) ?? null,
    }));
  }, [courses, memberships, visited]);
}
