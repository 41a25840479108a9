/** A course someone shared with the student (spec §3 "Space"); new until the student first opens it. */
export interface SharedCourse {
  id: string;
  uuid: string;
  name: string;
  isNew: boolean;
}

const NO_SHARED_COURSES: readonly SharedCourse[] = [];

/**
 * The shared courses the sidebar lists and searches. They come from spaces.getAllSharedCoursesWithFiles (spec §7),
 * which ships with the sharing update; until then no student has any, and the section shows its empty state.
 */
export function useSharedCourses(): readonly SharedCourse[] {
  return NO_SHARED_COURSES;
}
