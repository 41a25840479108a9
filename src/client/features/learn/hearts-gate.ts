import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canPlay } from '../../../shared/lesson-rules';
import type { LearnPath, PathLesson } from '../../../shared/learn';
import { errorData } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/**
 * What the client knows before asking the server whether a lesson may start (issue 22): the student's hearts
 * (gamification.getProgress, one of the page's first queries) and the learn paths already loaded (learn.getPath),
 * which say whether a lesson is completed — a completed one may always be replayed as practice.
 */

/** True when the student has no hearts left and hearts count (no plan with unlimited hearts). */
export function outOfHearts(progress: { hearts: number; unlimitedHearts: boolean } | null | undefined): boolean {
  if (!progress) return false;
  return !canPlay({ hearts: progress.hearts, unlimited: progress.unlimitedHearts, practice: false });
}

/** Whether a failed call was the server's "out of hearts" refusal (a cache that was out of date). */
export function isOutOfHeartsError(error: unknown): boolean {
  return errorData(error)?.messageKey === 'outOfHearts';
}

/** The lesson to practise for a heart back: the completed lesson furthest along the path, or null when there is none. */
export function practiceLessonOf(path: LearnPath): PathLesson | null {
  const completed = path.units.flatMap((unit) => unit.lessons).filter((lesson) => lesson.state === 'completed');
  return completed.at(-1) ?? null;
}

/** The student's hearts as the page knows them; undefined while not known yet. */
export function useHearts() {
  const trpc = useTRPC();
  const progress = useQuery(trpc.gamification.getProgress.queryOptions());
  return { known: !progress.isPending, out: outOfHearts(progress.data) };
}

/** The learn paths in the query cache: the one holding `lessonId`, and that lesson, when loaded. */
export function useCachedPathOf(lessonId: string): { path: LearnPath; lesson: PathLesson } | null {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  for (const [, path] of queryClient.getQueriesData<LearnPath>(trpc.learn.getPath.pathFilter())) {
    const lesson = path?.units.flatMap((unit) => unit.lessons).find((candidate) => candidate.id === lessonId);
    if (path && lesson) return { path, lesson };
  }
  return null;
}
