import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviewRun } from '../db/schema';
import { lessonRunAlreadyFinished, lessonRunNotFound } from './errors';
import type { LessonRun } from './run';

/**
 * The review run `runId` of the user (learn.getReview) as a practice run for answering `challengeId`: it must have
 * asked that challenge, of that file, and not be finished. Otherwise the same refusals as a lesson's run.
 */
export async function reviewRunAsking(tx: Db, userId: string, runId: string, challengeId: string, fileId: string): Promise<LessonRun> {
  const [row] = await tx
    .select()
    .from(reviewRun)
    .where(and(eq(reviewRun.id, runId), eq(reviewRun.userId, userId)))
    .limit(1);
  if (!row || row.fileId !== fileId || !row.challengeIds.includes(challengeId)) throw lessonRunNotFound();
  if (row.finishedAt) throw lessonRunAlreadyFinished();
  return { runId: row.id, lessonId: '', practice: true, startedAt: row.createdAt };
}
