import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { DAILY_ACTIVITY_DAYS_LIMIT, INDIVIDUAL_ATTEMPTS_LIMIT } from '../../shared/stats';
import { file, lessonProgress } from '../db/schema';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser } from '../test/harness';
import { insertAttempts, insertLearnPath, type AttemptRow, type PathShape } from '../test/stats-paths';
import { referenceLessonStats, referenceOverallStats, referenceUnitStats } from '../test/stats-reference';
import { getLessonStats, getOverallStats, getUnitStats } from './stats';

/**
 * The SQL statistics against the straightforward computation of src/server/test/stats-reference.ts: random learn paths,
 * random attempt histories (statuses, times, UTC days, other users' attempts mixed in) and completed lessons.
 */
const services = await createTestServices();
afterAll(() => services.close());

const owner = await createUser(services);
const other = await createUser(services);
const course = await insertCourse(services, owner);
const db = services.db;

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.parse('2026-03-01T00:00:00Z');
const MAX_TIME = 30 * 60 * 1000;

const statusArb = fc.constantFrom<AttemptRow['status']>('correct', 'incorrect', 'skipped');
const pickArb = fc.record({
  challenge: fc.nat(),
  status: statusArb,
  ms: fc.oneof(fc.integer({ min: 0, max: MAX_TIME }), fc.integer({ min: 0, max: 5_000 })),
  at: fc.integer({ min: 0, max: 9 * DAY - 1 }),
  /** Which of three runs the attempt belongs to: a challenge may be asked in several, and more than once in one. */
  run: fc.integer({ min: 0, max: 2 }),
  /** Four in five attempts are the owner's; the rest another user's, which must never count. */
  mine: fc.integer({ min: 0, max: 4 }).map((value) => value > 0),
});
const scenarioArb = fc.record({
  shape: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  picks: fc.array(pickArb, { maxLength: 60 }),
  completed: fc.array(fc.boolean(), { maxLength: 9 }),
});

function challengesOf(path: PathShape) {
  return path.units.flatMap((unitEntry) =>
    unitEntry.lessons.flatMap((lessonEntry) =>
      lessonEntry.challengeIds.map((challengeId) => ({ challengeId, lessonId: lessonEntry.id, unitId: unitEntry.id })),
    ),
  );
}

async function withFile<T>(run: (fileId: string) => Promise<T>): Promise<T> {
  const stored = await insertFile(services, owner, course.id, { status: 'ready' });
  try {
    return await run(stored.id);
  } finally {
    // Cascades to the path, the attempts and the progress: every run starts from an empty history.
    await db.delete(file).where(eq(file.id, stored.id));
  }
}

describe('statistics against a reference computation', () => {
  test('lesson, unit and overall stats of random histories', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ shape, picks, completed }) =>
        withFile(async (fileId) => {
          const path = await insertLearnPath(db, fileId, shape);
          const challenges = challengesOf(path);
          const attempts: AttemptRow[] = challenges.length
            ? picks.map((pick) => ({
                ...challenges[pick.challenge % challenges.length]!,
                userId: pick.mine ? owner.user.id : other.user.id,
                status: pick.status,
                timeToCompleteMs: pick.ms,
                createdAt: new Date(BASE + pick.at),
                runId: `run-${pick.run}`,
              }))
            : [];
          await insertAttempts(db, attempts);
          const mine = attempts.filter((attempt) => attempt.userId === owner.user.id);
          const lessons = path.units.flatMap((unitEntry) => unitEntry.lessons.map((lessonEntry) => ({ ...lessonEntry, unitId: unitEntry.id })));
          const done = new Set(lessons.filter((_, index) => completed[index]).map((lessonEntry) => lessonEntry.id));
          for (const lessonEntry of lessons) {
            await db.insert(lessonProgress).values({
              userId: owner.user.id,
              lessonId: lessonEntry.id,
              unitId: lessonEntry.unitId,
              // A started but never finished lesson has a row without completedAt.
              completedAt: done.has(lessonEntry.id) ? new Date() : null,
            });
          }

          for (const lessonEntry of lessons) {
            const { individualAttempts, ...stats } = await getLessonStats({ db, userId: owner.user.id, lessonId: lessonEntry.id });
            expect(stats).toEqual(referenceLessonStats(path, lessonEntry.id, mine));
            const ofLesson = mine.filter((attempt) => attempt.lessonId === lessonEntry.id);
            expect(individualAttempts).toHaveLength(Math.min(ofLesson.length, INDIVIDUAL_ATTEMPTS_LIMIT));
            const times = individualAttempts.map((entry) => Date.parse(entry.createdAt));
            expect(times).toEqual([...times].sort((left, right) => right - left));
            expect(individualAttempts.map((entry) => `${entry.challengeId}/${entry.status}/${entry.timeToComplete}/${entry.createdAt}`).sort()).toEqual(
              ofLesson.map((entry) => `${entry.challengeId}/${entry.status}/${entry.timeToCompleteMs}/${entry.createdAt.toISOString()}`).sort(),
            );
          }
          for (const unitEntry of path.units) {
            expect(await getUnitStats({ db, userId: owner.user.id, unitId: unitEntry.id })).toEqual(referenceUnitStats(path, unitEntry.id, mine, done));
          }
          const expected = referenceOverallStats(path, mine, done, DAILY_ACTIVITY_DAYS_LIMIT);
          expect(await getOverallStats({ db, userId: owner.user.id, fileId })).toEqual(expected);
          // The owner has no other file, so all files are this one.
          expect(await getOverallStats({ db, userId: owner.user.id })).toEqual(expected);
        }),
      ),
      { numRuns: 12 },
    );
  });

  test('a user with 20,000 attempts gets exact totals', async () => {
    await withFile(async (fileId) => {
      const shape = Array.from({ length: 5 }, () => [5, 5, 5, 5]);
      const path = await insertLearnPath(db, fileId, shape);
      const challenges = challengesOf(path);
      // A fixed pseudo-random sequence (a linear congruential generator, scaled so its weak low bits do not matter),
      // so a failure repeats.
      let seed = 42;
      const next = (limit: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return Math.floor((seed / 2_147_483_648) * limit);
      };
      const statuses = ['correct', 'incorrect', 'skipped'] as const;
      const attempts: AttemptRow[] = Array.from({ length: 20_000 }, () => ({
        ...challenges[next(challenges.length)]!,
        userId: owner.user.id,
        status: statuses[next(3)]!,
        timeToCompleteMs: next(MAX_TIME + 1),
        createdAt: new Date(BASE + next(120 * DAY)),
        runId: `run-${next(2_000)}`,
      }));
      await insertAttempts(db, attempts);
      const done = new Set<string>();

      const overall = await getOverallStats({ db, userId: owner.user.id, fileId });
      expect(overall).toEqual(referenceOverallStats(path, attempts, done, DAILY_ACTIVITY_DAYS_LIMIT));
      expect(overall.dailyActivity).toHaveLength(DAILY_ACTIVITY_DAYS_LIMIT);
      expect(overall.totalStudyTimeMs).toBe(attempts.reduce((sum, attempt) => sum + attempt.timeToCompleteMs, 0));
      const unitEntry = path.units[2]!;
      expect(await getUnitStats({ db, userId: owner.user.id, unitId: unitEntry.id })).toEqual(referenceUnitStats(path, unitEntry.id, attempts, done));
      const lessonId = unitEntry.lessons[1]!.id;
      const { individualAttempts, ...lessonStats } = await getLessonStats({ db, userId: owner.user.id, lessonId });
      expect(lessonStats).toEqual(referenceLessonStats(path, lessonId, attempts));
      expect(individualAttempts).toHaveLength(INDIVIDUAL_ATTEMPTS_LIMIT);
      const newest = attempts
        .filter((attempt) => attempt.lessonId === lessonId)
        .map((attempt) => attempt.createdAt.getTime())
        .sort((left, right) => right - left);
      expect(individualAttempts.map((entry) => Date.parse(entry.createdAt))).toEqual(newest.slice(0, INDIVIDUAL_ATTEMPTS_LIMIT));
    });
  }, 120_000);
});
