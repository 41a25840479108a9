import { readFileSync } from 'node:fs';
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, test } from 'vitest';
import { challengeReport, lessonProgress, space } from '../../db/schema';
import { insertAttempts, insertLearnPath, type AttemptRow, type PathShape } from '../../test/stats-paths';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

/** A user with a file whose path is unit 1 (lessons of 4 and 2 challenges) and unit 2 (one lesson of 1). */
async function ownerWithPath() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready' });
  const path = await insertLearnPath(services.db, stored.id, [[4, 2], [1]]);
  return { owner, courseId: course.id, fileId: stored.id, path, caller: callerFor(services, owner) };
}

function attempt(actor: TestUser, path: PathShape, challengeIndex: number, status: AttemptRow['status'], ms: number, at: string, runId = 'run-1'): AttemptRow {
  const unitEntry = path.units[0]!;
  const lessonEntry = unitEntry.lessons[0]!;
  return {
    userId: actor.user.id,
    unitId: unitEntry.id,
    lessonId: lessonEntry.id,
    challengeId: lessonEntry.challengeIds[challengeIndex]!,
    status,
    timeToCompleteMs: ms,
    createdAt: new Date(at),
    runId,
  };
}

/**
 * The worked example: one run of lesson 1.1 over two UTC days — challenge 1 right the first time, challenge 2 wrong and
 * right when asked again, challenge 3 skipped and left (not completed), challenge 4 never asked; one report.
 */
async function workedExample() {
  const setup = await ownerWithPath();
  const { owner, path } = setup;
  const stranger = await createUser(services);
  await insertAttempts(services.db, [
    attempt(owner, path, 0, 'correct', 1000, '2026-01-01T10:00:00Z'),
    attempt(owner, path, 1, 'incorrect', 3000, '2026-01-01T23:59:59Z'),
    attempt(owner, path, 1, 'correct', 2000, '2026-01-02T00:00:01Z'),
    attempt(owner, path, 2, 'skipped', 500, '2026-01-02T01:00:00Z'),
    // Someone else's attempt never counts.
    attempt(stranger, path, 3, 'correct', 9000, '2026-01-03T10:00:00Z'),
  ]);
  const lesson1 = path.units[0]!.lessons[0]!;
  await services.db.insert(lessonProgress).values({ userId: owner.user.id, lessonId: lesson1.id, unitId: path.units[0]!.id, completedAt: new Date(), bestStars: 2, completions: 1 });
  await services.db.insert(challengeReport).values({ userId: owner.user.id, challengeId: lesson1.challengeIds[1]! });
  return setup;
}

describe('stats.getLessonStats', () => {
  test('answers every field of the lesson stats from the caller’s attempts', async () => {
    const { caller, path } = await workedExample();
    const lesson1 = path.units[0]!.lessons[0]!;
    const stats = await caller.stats.getLessonStats({ lessonId: lesson1.id });
    expect(stats).toEqual({
      lessonTitle: 'Lesson 1.1',
      lastActivityAt: '2026-01-02T01:00:00.000Z',
      completionPercentage: 50,
      completedChallenges: 2,
      totalChallenges: 4,
      averageCompletionTime: 2000,
      totalIncorrectTries: 1,
      totalStudyTimeMs: 6500,
      attemptsHistory: [
        { date: '2026-01-01', averageTime: 2000, correctCount: 1, incorrectCount: 1, skippedCount: 0 },
        { date: '2026-01-02', averageTime: 2000, correctCount: 1, incorrectCount: 0, skippedCount: 1 },
      ],
      individualAttempts: [
        { challengeId: lesson1.challengeIds[2], question: 'Question 3 of Lesson 1.1?', status: 'skipped', timeToComplete: 500, createdAt: '2026-01-02T01:00:00.000Z', reported: false },
        { challengeId: lesson1.challengeIds[1], question: 'Question 2 of Lesson 1.1?', status: 'correct', timeToComplete: 2000, createdAt: '2026-01-02T00:00:01.000Z', reported: true },
        { challengeId: lesson1.challengeIds[1], question: 'Question 2 of Lesson 1.1?', status: 'incorrect', timeToComplete: 3000, createdAt: '2026-01-01T23:59:59.000Z', reported: true },
        { challengeId: lesson1.challengeIds[0], question: 'Question 1 of Lesson 1.1?', status: 'correct', timeToComplete: 1000, createdAt: '2026-01-01T10:00:00.000Z', reported: false },
      ],
    });
  });

  test('a lesson never played answers zeroed stats with no activity, shared flags accepted', async () => {
    const { owner, courseId, caller, path } = await ownerWithPath();
    const [shared] = await services.db.insert(space).values({ directoryId: courseId, ownerId: owner.user.id, name: 'Biology' }).returning();
    const stats = await caller.stats.getLessonStats({ lessonId: path.units[1]!.lessons[0]!.id, isShared: true, sharedSpaceId: shared!.id });
    expect(stats).toMatchObject({ lastActivityAt: null, completionPercentage: 0, completedChallenges: 0, totalChallenges: 1, averageCompletionTime: 0 });
    expect(stats.attemptsHistory).toEqual([]);
    expect(stats.individualAttempts).toEqual([]);
  });

  test('refuses the signed-out, strangers and unknown lessons with the spec’s message', async () => {
    const { path } = await ownerWithPath();
    const lessonId = path.units[0]!.lessons[0]!.id;
    await expectRefused({ services, call: (caller) => caller.stats.getLessonStats({ lessonId }), actors: ['anonymous', 'stranger'] });
    const response = await requestApp(services, `/api/trpc/stats.getLessonStats?input=${encodeURIComponent(JSON.stringify({ json: { lessonId: 'missing' } }))}`, {
      headers: (await createUser(services)).headers,
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { json: { message: string; data: { messageKey: string } } } };
    expect(body.error.json.message).toBe('No statistics found for this lesson.');
    expect(body.error.json.data.messageKey).toBe('lessonStatsNotFound');
  });

  test('refuses input without a lesson id', async () => {
    const { caller } = await ownerWithPath();
    // @ts-expect-error -- the missing id is the point
    await expect(caller.stats.getLessonStats({})).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === 'BAD_REQUEST');
  });
});

describe('stats.getUnitStats', () => {
  test('answers the unit’s totals and one row per lesson in path order', async () => {
    const { caller, path } = await workedExample();
    const unit1 = path.units[0]!;
    expect(await caller.stats.getUnitStats({ unitId: unit1.id })).toEqual({
      unitTitle: 'Unit 1',
      lastActivityAt: '2026-01-02T01:00:00.000Z',
      completionPercentage: 50,
      completedLessons: 1,
      totalLessons: 2,
      completedChallenges: 2,
      // Right the first time: only challenge 1 (challenge 2 was right only when asked again).
      correctChallenges: 1,
      totalChallenges: 6,
      averageCompletionTime: 2000,
      totalStudyTimeMs: 6500,
      lessonStats: [
        { lessonId: unit1.lessons[0]!.id, title: 'Lesson 1.1', completionPercentage: 50, averageTime: 2000 },
        { lessonId: unit1.lessons[1]!.id, title: 'Lesson 1.2', completionPercentage: 0, averageTime: 0 },
      ],
    });
  });

  test('a unit never played answers zeroed stats', async () => {
    const { caller, path } = await ownerWithPath();
    const stats = await caller.stats.getUnitStats({ unitId: path.units[1]!.id });
    expect(stats).toMatchObject({ lastActivityAt: null, completionPercentage: 0, completedLessons: 0, totalLessons: 1, totalChallenges: 1, totalStudyTimeMs: 0 });
  });

  test('refuses the signed-out, strangers and unknown units', async () => {
    const { path, caller } = await ownerWithPath();
    const unitId = path.units[0]!.id;
    await expectRefused({ services, call: (other) => other.stats.getUnitStats({ unitId }), actors: ['anonymous', 'stranger'] });
    await expect(caller.stats.getUnitStats({ unitId: 'missing' })).rejects.toSatisfy(
      (error) => error instanceof TRPCError && error.code === 'NOT_FOUND' && error.message === 'No statistics found for this unit.',
    );
  });
});

describe('stats.getOverallStats', () => {
  test('answers one file’s totals, daily activity and unit progress', async () => {
    const { caller, path, fileId } = await workedExample();
    expect(await caller.stats.getOverallStats({ fileId })).toEqual({
      totalUnits: 2,
      totalLessons: 3,
      completedLessons: 1,
      correctPercentage: 50,
      correctChallenges: 1,
      completedChallenges: 2,
      averageChallengeTimeMs: 2000,
      totalStudyTimeMs: 6500,
      activeDays: 2,
      dailyActivity: [
        { date: '2026-01-01', challenges: 2, timeSpentMs: 4000 },
        { date: '2026-01-02', challenges: 2, timeSpentMs: 2500 },
      ],
      unitProgressList: [
        { unitId: path.units[0]!.id, title: 'Unit 1', completionPercentage: 50 },
        { unitId: path.units[1]!.id, title: 'Unit 2', completionPercentage: 0 },
      ],
    });
  });

  test('without a file: over all the caller’s files, and nobody else’s', async () => {
    const { caller, owner, fileId } = await workedExample();
    const course = await insertCourse(services, owner, { name: 'Chemistry' });
    const second = await insertFile(services, owner, course.id, { status: 'ready', name: 'Lecture 2.pdf' });
    const secondPath = await insertLearnPath(services.db, second.id, [[3]]);
    const lessonEntry = secondPath.units[0]!.lessons[0]!;
    await insertAttempts(services.db, [
      { userId: owner.user.id, unitId: secondPath.units[0]!.id, lessonId: lessonEntry.id, challengeId: lessonEntry.challengeIds[0]!, status: 'incorrect', timeToCompleteMs: 4000, createdAt: new Date('2026-01-05T08:00:00Z'), runId: 'run-2' },
    ]);
    // A stranger's own file and attempts stay out of the owner's overall stats.
    const stranger = await createUser(services);
    const strangerCourse = await insertCourse(services, stranger);
    const strangerFile = await insertFile(services, stranger, strangerCourse.id, { status: 'ready' });
    const strangerPath = await insertLearnPath(services.db, strangerFile.id, [[2]]);

    const all = await caller.stats.getOverallStats({});
    // The second file's challenge was answered wrong and never right: not completed, so no change to the figures.
    expect(all).toMatchObject({ totalUnits: 3, totalLessons: 4, completedLessons: 1, completedChallenges: 2, correctChallenges: 1, correctPercentage: 50, averageChallengeTimeMs: 2500, totalStudyTimeMs: 10_500, activeDays: 3 });
    expect(all.unitProgressList.map((entry) => entry.title)).toEqual(['Unit 1', 'Unit 2', 'Unit 1']);
    expect(all.unitProgressList.some((entry) => entry.unitId === strangerPath.units[0]!.id)).toBe(false);
    expect((await caller.stats.getOverallStats({ fileId })).totalUnits).toBe(2);
  });

  test('a user with no files or no attempts gets zeroed stats', async () => {
    const nobody = await createUser(services);
    expect(await callerFor(services, nobody).stats.getOverallStats({})).toEqual({
      totalUnits: 0, totalLessons: 0, completedLessons: 0, correctPercentage: 0, correctChallenges: 0, completedChallenges: 0,
      averageChallengeTimeMs: 0, totalStudyTimeMs: 0, activeDays: 0, dailyActivity: [], unitProgressList: [],
    });
    const { caller, fileId } = await ownerWithPath();
    expect(await caller.stats.getOverallStats({ fileId, isShared: false })).toMatchObject({ totalUnits: 2, activeDays: 0, completedLessons: 0, dailyActivity: [] });
  });

  test('refuses the signed-out everywhere and strangers for a file', async () => {
    const { fileId } = await ownerWithPath();
    await expectRefused({ services, call: (caller) => caller.stats.getOverallStats({ fileId }), actors: ['anonymous', 'stranger'] });
    await expectRefused({ services, call: (caller) => caller.stats.getOverallStats({}), actors: ['anonymous'] });
  });
});

test('the statistics’ refusals have English and German texts', () => {
  for (const language of ['en', 'de']) {
    const texts = JSON.parse(readFileSync(`src/client/locales/${language}/errors.json`, 'utf8')) as Record<string, string>;
    expect(texts.lessonStatsNotFound, language).toBeTruthy();
    expect(texts.unitStatsNotFound, language).toBeTruthy();
  }
});
