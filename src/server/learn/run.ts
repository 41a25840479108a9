import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A lesson run (one play of a lesson from start to finish) needs no table: its id is a token the server signs with
 * the user, the lesson, whether it is practice and when it started. A run id made for another user or lesson, or
 * altered, does not verify. A run is over once its lesson was finished after it started (lesson_progress.updatedAt),
 * which is how finishing a run twice is refused.
 *
 * Format: `r1.<startedAt base36>.<p: 1 practice, 0 first play>.<nonce>.<mac>` — about 50 characters.
 */
export interface LessonRun {
  runId: string;
  lessonId: string;
  practice: boolean;
  startedAt: Date;
}

function macOf(secret: string, userId: string, lessonId: string, body: string): string {
  return createHmac('sha256', secret).update(`lesson-run\n${userId}\n${lessonId}\n${body}`).digest().subarray(0, 16).toString('base64url');
}

export function createRun(secret: string, userId: string, lessonId: string, practice: boolean, now = new Date()): LessonRun {
  const body = `r1.${now.getTime().toString(36)}.${practice ? 1 : 0}.${randomBytes(8).toString('base64url')}`;
  return { runId: `${body}.${macOf(secret, userId, lessonId, body)}`, lessonId, practice, startedAt: now };
}

/** The run, when `runId` was made by this server for this user and lesson; null otherwise. */
export function verifyRun(secret: string, userId: string, lessonId: string, runId: string): LessonRun | null {
  const parts = runId.split('.');
  if (parts.length !== 5 || parts[0] !== 'r1') return null;
  const [, started = '', practice = '', , mac = ''] = parts;
  const body = parts.slice(0, 4).join('.');
  const expected = Buffer.from(macOf(secret, userId, lessonId, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const startedAt = new Date(Number.parseInt(started, 36));
  if (Number.isNaN(startedAt.getTime()) || (practice !== '0' && practice !== '1')) return null;
  return { runId, lessonId, practice: practice === '1', startedAt };
}

/** Whether the run ended: its lesson was finished (by this run or a later one) since it started. */
export function runIsOver(run: LessonRun, lessonFinishedAt: Date | null | undefined): boolean {
  return lessonFinishedAt != null && lessonFinishedAt.getTime() >= run.startedAt.getTime();
}
