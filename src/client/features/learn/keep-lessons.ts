import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LearnPath } from '../../../shared/learn';
import { keepLesson, lessonsToKeep } from '../../lib/offline/kept-lessons';
import { sessionQueryOptions } from '../../lib/session';
import { useTRPCClient, type TrpcClient } from '../../lib/trpc';
import { whenIdle } from '../../lib/when-idle';
import type { SharedContext } from './learn-data';

/** At most this many finished lessons of a path are fetched for offline replay per visit (the most advanced first). */
const KEEP_PER_VISIT = 12;

/**
 * Keeps the given finished lessons for replay offline, one request after the other; a refusal skips that lesson. Never
 * rejects: a browser that keeps nothing (no IndexedDB, storage blocked or full) only goes without offline replay.
 */
export async function keepFinishedLessons(client: TrpcClient, userId: string, lessonIds: readonly string[], context: SharedContext): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  let toKeep: string[];
  try {
    toKeep = await lessonsToKeep(userId, lessonIds);
  } catch {
    return;
  }
  for (const lessonId of toKeep) {
    if (!navigator.onLine) return;
    try {
      const replay = await client.learn.getReplay.mutate({ lessonId, ...context });
      await keepLesson(userId, replay, context);
    } catch {
      // Not finished any more (a regenerated path), no access, no connection: nothing to keep.
    }
  }
}

/**
 * The finished lessons of a learn path the student has open, kept on this device once the page is idle (those kept
 * within the day are not fetched again), so that they can be replayed offline (/offline).
 */
export function useKeepFinishedLessons(path: LearnPath | undefined, context: SharedContext) {
  const client = useTRPCClient();
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const finished = path?.units
    .flatMap((unit) => unit.lessons)
    .filter((lesson) => lesson.state === 'completed')
    .map((lesson) => lesson.id)
    .reverse()
    .slice(0, KEEP_PER_VISIT)
    .join(',');
  useEffect(() => {
    if (!userId || !finished) return;
    let cancelled = false;
    const work = () => {
      if (!cancelled) void keepFinishedLessons(client, userId, finished.split(','), context);
    };
    const cancelIdle = whenIdle(work, { timeout: 5000, fallbackMs: 2000 });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [client, context, finished, userId]);
}
