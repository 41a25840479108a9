import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type Course = Outputs['directory']['getDirectories'][number];
export type CourseFile = Course['files'][number];
export type ActiveFile = Outputs['file']['getActiveFile'];

/** The list without the course: what the dashboard shows while the deletion is on its way (spec §4). */
export function withoutCourse<T extends { id: string }>(courses: readonly T[] | undefined, courseId: string): T[] | undefined {
  return courses?.filter((course) => course.id !== courseId);
}

/** The list with the file taken out of whichever course holds it. */
export function withoutFile<F extends { id: string }, T extends { files: readonly F[] }>(
  courses: readonly T[] | undefined,
  fileId: string,
): T[] | undefined {
  return courses?.map((course) =>
    course.files.some((file) => file.id === fileId) ? { ...course, files: course.files.filter((file) => file.id !== fileId) } : course,
  );
}

/** The rename dialog moved to components/ (the sidebar's shared courses use it too); its rule is tested here. */
export { renameOutcome, type RenameOutcome } from '../../components/rename-dialog';

/** Deleting a course needs its exact name typed (spec §5); surrounding spaces are the only slack. */
export function courseNameMatches(courseName: string, typed: string): boolean {
  return typed.trim() === courseName;
}
