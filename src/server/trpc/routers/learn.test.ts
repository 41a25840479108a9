import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { DAILY_QUEST_POINTS, XP_MILESTONES } from '../../../shared/gamification';
import type { LessonToPlay, PlayChallenge } from '../../../shared/learn';
import { MAX_ANSWER_MS, MAX_HEARTS } from '../../../shared/lesson-rules';
import { challenge, challengeAttempt, challengeOption, challengeReport, file, lesson, lessonProgress, space, unit, user } from '../../db/schema';
import type { LearnPath } from '../../../shared/artefacts';
import { storeLearnPath } from '../../study/pipeline/store';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

/** The day's first answered challenge also completes the daily challenge quest, and 100 XP a milestone. */
const QUEST = DAILY_QUEST_POINTS;
const MILESTONE_100 = XP_MILESTONES[0]?.points ?? 0;

/** Four challenges, one of each type; the answers are in the names. */
function challenges(prefix: string): LearnPath['units'][number]['lessons'][number]['challenges'] {
  return [
    {
      type: 'multiple_choice',
      question: `${prefix}: which organelle makes ATP?`,
      explanation: 'Mitochondria make ATP.',
      page: 1,
      options: [
        { text: 'Nucleus', correct: false },
        { text: 'Mitochondrion', correct: true },
        { text: 'Ribosome', correct: false },
        { text: 'Golgi apparatus', correct: false },
      ],
    },
    { type: 'true_false', question: `${prefix}: plants have cell walls.`, explanation: 'They do.', page: 2, answer: true },
    {
      type: 'fill_blank',
      question: `${prefix}: ATP is made in the ____.`,
      explanation: 'The mitochondrion.',
      page: 2,
      answer: 'Mitóchondrion',
      acceptedAnswers: ['mitochondria'],
      options: ['Mitóchondrion', 'Nucleus', 'Vacuole'],
    },
    {
      type: 'match',
      question: `${prefix}: match the terms.`,
      explanation: 'Each organelle with its job.',
      page: 3,
      pairs: [
        { term: 'Nucleus', definition: 'Holds the DNA' },
        { term: 'Ribosome', definition: 'Makes proteins' },
        { term: 'Mitochondrion', definition: 'Makes ATP' },
      ],
    },
  ];
}

const PATH: LearnPath = {
  units: [
    {
      title: 'Cells',
      description: 'What cells are made of.',
      page: 1,
      lessons: [
        { title: 'Organelles', challenges: challenges('L1') },
        { title: 'Membranes', challenges: challenges('L2') },
      ],
    },
    { title: 'Energy', description: 'How cells get energy.', page: 3, lessons: [{ title: 'ATP', challenges: challenges('L3') }] },
  ],
};

interface Fixture {
  owner: TestUser;
  fileId: string;
  lessonIds: string[];
  caller: ReturnType<typeof callerFor>;
}

/** A user with a file whose learn path has two units and three lessons of four challenges each. */
async function ownerWithPath(values: Partial<typeof user.$inferInsert> = {}): Promise<Fixture> {
  const owner = await createUser(services);
  if (Object.keys(values).length > 0) await services.db.update(user).set(values).where(eq(user.id, owner.user.id));
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pages: 3 });
  await services.db.transaction((tx) => storeLearnPath(tx, stored.id, PATH));
  const lessons = await services.db
    .select({ id: lesson.id })
    .from(lesson)
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(unit.fileId, stored.id))
    .orderBy(asc(unit.position), asc(lesson.position));
  return { owner, fileId: stored.id, lessonIds: lessons.map((row) => row.id), caller: callerFor(services, owner) };
}

async function userRow(actor: TestUser) {
  const [row] = await services.db.select().from(user).where(eq(user.id, actor.user.id));
  if (!row) throw new Error('no user');
  return { hearts: row.hearts, points: row.points, stars: row.stars };
}

async function attemptsOf(actor: TestUser) {
  return services.db.select().from(challengeAttempt).where(eq(challengeAttempt.userId, actor.user.id)).orderBy(asc(challengeAttempt.createdAt));
}

function ofType<T extends PlayChallenge['type']>(play: LessonToPlay, type: T): Extract<PlayChallenge, { type: T }> {
  const found = play.challenges.find((item) => item.type === type);
  if (!found) throw new Error(`no ${type}`);
  return found as Extract<PlayChallenge, { type: T }>;
}

async function optionIds(challengeId: string) {
  const rows = await services.db.select().from(challengeOption).where(eq(challengeOption.challengeId, challengeId));
  const right = rows.find((row) => row.correct);
  const wrong = rows.find((row) => !row.correct);
  if (!right || !wrong) throw new Error('no options');
  return { right: right.id, wrong: wrong.id };
}

const MATCH_RIGHT = JSON.stringify([
  { term: 'Nucleus', definition: 'Holds the DNA' },
  { term: 'Ribosome', definition: 'Makes proteins' },
  { term: 'Mitochondrion', definition: 'Makes ATP' },
]);
const MATCH_WRONG = JSON.stringify([
  { term: 'Nucleus', definition: 'Makes proteins' },
  { term: 'Ribosome', definition: 'Holds the DNA' },
  { term: 'Mitochondrion', definition: 'Makes ATP' },
]);

/** Plays a whole lesson: `wrong` of its four challenges answered wrongly (from the end), the rest right. */
async function playLesson(fixture: Fixture, lessonId: string, wrong = 0, askAgain = true) {
  const play = await fixture.caller.learn.getLesson({ lessonId });
  const base = { runId: play.runId, timeToCompleteMs: 1000 };
  const choice = ofType(play, 'multiple_choice');
  const ids = await optionIds(choice.id);
  const answers = [
    { challengeId: choice.id, optionId: wrong >= 4 ? ids.wrong : ids.right },
    { challengeId: ofType(play, 'true_false').id, answer: wrong >= 3 ? 'false' : 'true' },
    { challengeId: ofType(play, 'fill_blank').id, answer: wrong >= 2 ? 'nucleus' : 'mitochondrion' },
    { challengeId: ofType(play, 'match').id, answer: wrong >= 1 ? MATCH_WRONG : MATCH_RIGHT },
  ];
  const results = [];
  for (const answer of answers) results.push(await fixture.caller.learn.submitAnswer({ ...base, ...answer }));
  // As the player does: each challenge missed is asked again until answered right (here at the second try).
  const right = [
    { challengeId: choice.id, optionId: ids.right },
    { challengeId: ofType(play, 'true_false').id, answer: 'true' },
    { challengeId: ofType(play, 'fill_blank').id, answer: 'mitochondrion' },
    { challengeId: ofType(play, 'match').id, answer: MATCH_RIGHT },
  ];
  const again = [];
  for (const [position, result] of results.entries()) {
    const answer = right[position];
    if (!result.correct && askAgain && answer) again.push(await fixture.caller.learn.submitAnswer({ ...base, ...answer }));
  }
  return { play, results, again, finish: () => fixture.caller.learn.finishLesson({ lessonId, runId: play.runId }) };
}

async function refusal(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('learn.getPath', () => {
  test('answers the units in order with the first lesson current and the others locked', async () => {
    const { fileId, lessonIds, caller } = await ownerWithPath();
    const path = await caller.learn.getPath({ fileId });
    expect(path.canSkip).toBe(false);
    expect(path.units.map((item) => [item.title, item.position, item.completionPercentage])).toEqual([
      ['Cells', 0, 0],
      ['Energy', 1, 0],
    ]);
    expect(path.units.flatMap((item) => item.lessons.map((entry) => [entry.id, entry.title, entry.state, entry.stars, entry.challengeCount]))).toEqual([
      [lessonIds[0], 'Organelles', 'current', 0, 4],
      [lessonIds[1], 'Membranes', 'locked', 0, 4],
      [lessonIds[2], 'ATP', 'locked', 0, 4],
    ]);
  });

  test('a finished lesson is completed with its stars and the next one becomes current; units show their share', async () => {
    const fixture = await ownerWithPath();
    const { finish } = await playLesson(fixture, fixture.lessonIds[0] ?? '');
    await finish();
    const path = await fixture.caller.learn.getPath({ fileId: fixture.fileId });
    expect(path.units.map((item) => item.completionPercentage)).toEqual([50, 0]);
    expect(path.units.flatMap((item) => item.lessons.map((entry) => [entry.state, entry.stars]))).toEqual([
      ['completed', 3],
      ['current', 0],
      ['locked', 0],
    ]);
  });

  test("plans with skipUnits open every lesson (spec §6)", async () => {
    const { fileId, lessonIds, caller } = await ownerWithPath({ plan: 'ultra' });
    const path = await caller.learn.getPath({ fileId });
    expect(path.canSkip).toBe(true);
    expect(path.units.flatMap((item) => item.lessons.map((entry) => entry.state))).toEqual(['current', 'current', 'current']);
    const play = await caller.learn.getLesson({ lessonId: lessonIds[2] ?? '' });
    expect(play.lesson.title).toBe('ATP');
  });

  test('refuses the signed out, strangers and unknown files', async () => {
    const { fileId, caller } = await ownerWithPath();
    await expectRefused({ services, call: (other) => other.learn.getPath({ fileId }), actors: ['anonymous', 'stranger'] });
    expect((await refusal(() => caller.learn.getPath({ fileId: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
  });
});

describe('learn.getLesson', () => {
  test('starts a run: challenges in order without correct flags or answers, match definitions shuffled', async () => {
    const { lessonIds, caller } = await ownerWithPath();
    const play = await caller.learn.getLesson({ lessonId: lessonIds[0] ?? '' });
    expect(play.lesson).toMatchObject({ id: lessonIds[0], title: 'Organelles', unitTitle: 'Cells' });
    expect(play.practice).toBe(false);
    expect(play.hearts).toBe(MAX_HEARTS);
    expect(play.unlimitedHearts).toBe(false);
    expect(play.runId.length).toBeGreaterThan(20);
    expect(play.challenges.map((item) => item.type)).toEqual(['multiple_choice', 'true_false', 'fill_blank', 'match']);
    const text = JSON.stringify(play.challenges);
    expect(text).not.toContain('"correct"');
    expect(text).not.toContain('"answer"');
    expect(text).not.toContain('acceptedAnswers');
    expect(text).not.toContain('"pairs"');
    expect(ofType(play, 'multiple_choice').options).toHaveLength(4);
    const match = ofType(play, 'match');
    expect(match.terms).toEqual(['Nucleus', 'Ribosome', 'Mitochondrion']);
    expect([...match.definitions].sort()).toEqual(['Holds the DNA', 'Makes ATP', 'Makes proteins']);
    expect(match.definitions).not.toEqual(['Holds the DNA', 'Makes proteins', 'Makes ATP']);
    expect(play.challenges.every((item) => !item.reported)).toBe(true);
    const again = await caller.learn.getLesson({ lessonId: lessonIds[0] ?? '' });
    expect(again.runId).not.toBe(play.runId);
  });

  test('refuses a locked lesson with FORBIDDEN and its message key', async () => {
    const { owner, lessonIds, caller } = await ownerWithPath();
    const refused = await refusal(() => caller.learn.getLesson({ lessonId: lessonIds[1] ?? '' }));
    expect(refused).toEqual({ code: 'FORBIDDEN', message: 'This lesson is locked. Finish the lessons before it first.' });
    const error = await mutationError(services, owner, 'learn.getLesson', { lessonId: lessonIds[1] });
    expect(error.data).toMatchObject({ code: 'FORBIDDEN', messageKey: 'lessonLocked' });
  });

  test('refuses a first run without hearts, but not practice or unlimited hearts', async () => {
    const fixture = await ownerWithPath();
    await (await playLesson(fixture, fixture.lessonIds[0] ?? '')).finish();
    await services.db.update(user).set({ hearts: 0 }).where(eq(user.id, fixture.owner.user.id));
    const error = await mutationError(services, fixture.owner, 'learn.getLesson', { lessonId: fixture.lessonIds[1] });
    expect(error).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'outOfHearts' } });
    const practice = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    expect(practice).toMatchObject({ practice: true, hearts: 0 });

    const subscriber = await ownerWithPath({ plan: 'pro', hearts: 0 });
    const play = await subscriber.caller.learn.getLesson({ lessonId: subscriber.lessonIds[0] ?? '' });
    expect(play).toMatchObject({ practice: false, unlimitedHearts: true });
  });

  test('refuses the signed out, strangers and unknown lessons', async () => {
    const { lessonIds, caller } = await ownerWithPath();
    await expectRefused({ services, call: (other) => other.learn.getLesson({ lessonId: lessonIds[0] ?? '' }), actors: ['anonymous', 'stranger'] });
    expect(await refusal(() => caller.learn.getLesson({ lessonId: crypto.randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Lesson not found. Try to refresh the page.',
    });
  });
});

describe('learn.submitAnswer', () => {
  test('judges every type, records each attempt, +10 points a right answer and a heart for a wrong one', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const choice = ofType(play, 'multiple_choice');
    const ids = await optionIds(choice.id);
    const base = { runId: play.runId, timeToCompleteMs: 1500 };

    const first = await fixture.caller.learn.submitAnswer({ ...base, challengeId: choice.id, optionId: ids.right });
    expect(first).toEqual({
      correct: true,
      explanation: 'Mitochondria make ATP.',
      page: 1,
      correctAnswer: 'Mitochondrion',
      hearts: 5,
      pointsGained: 10,
      outOfHearts: false,
    });
    const second = await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'true_false').id, answer: 'false' });
    expect(second).toMatchObject({ correct: false, correctAnswer: 'true', hearts: 4, pointsGained: 0, outOfHearts: false });
    const third = await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'fill_blank').id, answer: '  MITOCHONDRION ' });
    expect(third).toMatchObject({ correct: true, correctAnswer: 'Mitóchondrion', hearts: 4, pointsGained: 10 });
    const fourth = await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'match').id, answer: MATCH_RIGHT });
    expect(fourth).toMatchObject({ correct: true, hearts: 4, pointsGained: 10 });
    expect(fourth.correctAnswer).toContain('Nucleus — Holds the DNA');

    expect(await userRow(fixture.owner)).toMatchObject({ hearts: 4, points: 30 + QUEST });
    const attempts = await attemptsOf(fixture.owner);
    expect(attempts.map((row) => [row.status, row.timeToCompleteMs, row.practice, row.runId, row.lessonId])).toEqual([
      ['correct', 1500, false, play.runId, fixture.lessonIds[0]],
      ['incorrect', 1500, false, play.runId, fixture.lessonIds[0]],
      ['correct', 1500, false, play.runId, fixture.lessonIds[0]],
      ['correct', 1500, false, play.runId, fixture.lessonIds[0]],
    ]);
  });

  test('accepted variants count; a match with one pair wrong does not', async () => {
    const fixture = await ownerWithPath({ plan: 'pro' });
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const base = { runId: play.runId, timeToCompleteMs: 10 };
    expect((await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'fill_blank').id, answer: 'Mitochondria' })).correct).toBe(true);
    const match = await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'match').id, answer: MATCH_WRONG });
    expect(match).toMatchObject({ correct: false, hearts: 5, outOfHearts: false });
  });

  test('the last heart lost answers outOfHearts and stops the lesson; subscribers lose none', async () => {
    const fixture = await ownerWithPath({ hearts: 1 });
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const base = { runId: play.runId, timeToCompleteMs: 10 };
    const wrong = await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'true_false').id, answer: 'false' });
    expect(wrong).toMatchObject({ correct: false, hearts: 0, outOfHearts: true });
    const error = await mutationError(services, fixture.owner, 'learn.submitAnswer', { ...base, challengeId: ofType(play, 'fill_blank').id, answer: 'mitochondria' });
    expect(error.data).toMatchObject({ code: 'FORBIDDEN', messageKey: 'outOfHearts' });
    expect(await userRow(fixture.owner)).toMatchObject({ hearts: 0, points: QUEST });
    expect(await attemptsOf(fixture.owner)).toHaveLength(1);

    const subscriber = await ownerWithPath({ plan: 'enterprise', hearts: 2 });
    const run = await subscriber.caller.learn.getLesson({ lessonId: subscriber.lessonIds[0] ?? '' });
    const result = await subscriber.caller.learn.submitAnswer({ runId: run.runId, timeToCompleteMs: 5, challengeId: ofType(run, 'true_false').id, answer: 'false' });
    expect(result).toMatchObject({ correct: false, hearts: 2, outOfHearts: false });
  });

  test('refuses the signed out, strangers and unknown challenges', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const input = { runId: play.runId, timeToCompleteMs: 10, challengeId: ofType(play, 'true_false').id, answer: 'true' };
    await expectRefused({ services, call: (other) => other.learn.submitAnswer(input), actors: ['anonymous', 'stranger'] });
    expect((await refusal(() => fixture.caller.learn.submitAnswer({ ...input, challengeId: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
    expect(await attemptsOf(fixture.owner)).toHaveLength(0);
  });
});

describe('learn.submitAnswer: bad input leaves the progress intact', () => {
  test("a locked lesson's challenge, with a run of another lesson or a made-up run", async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const [locked] = await services.db.select().from(challenge).where(eq(challenge.lessonId, fixture.lessonIds[2] ?? '')).orderBy(asc(challenge.position));
    const before = await userRow(fixture.owner);
    const refused = await refusal(() =>
      fixture.caller.learn.submitAnswer({ runId: play.runId, timeToCompleteMs: 10, challengeId: locked?.id ?? '', optionId: 'x' }),
    );
    expect(refused).toEqual({ code: 'NOT_FOUND', message: 'This lesson run has ended. Start the lesson again.' });
    const forgedRun = play.runId.replace(/.$/u, (last) => (last === 'A' ? 'B' : 'A'));
    const tf = ofType(play, 'true_false').id;
    expect((await refusal(() => fixture.caller.learn.submitAnswer({ runId: forgedRun, timeToCompleteMs: 10, challengeId: tf, answer: 'true' }))).code).toBe('NOT_FOUND');
    expect((await refusal(() => fixture.caller.learn.submitAnswer({ runId: 'r1.0.0.x.y', timeToCompleteMs: 10, challengeId: tf, answer: 'true' }))).code).toBe('NOT_FOUND');
    expect(await userRow(fixture.owner)).toEqual(before);
    expect(await attemptsOf(fixture.owner)).toHaveLength(0);
  });

  test('a lesson locked since its run started (the plan lost skipUnits): FORBIDDEN', async () => {
    const fixture = await ownerWithPath({ plan: 'ultra' });
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[2] ?? '' });
    await services.db.update(user).set({ plan: 'free' }).where(eq(user.id, fixture.owner.user.id));
    const error = await mutationError(services, fixture.owner, 'learn.submitAnswer', {
      runId: play.runId,
      timeToCompleteMs: 10,
      challengeId: ofType(play, 'true_false').id,
      answer: 'true',
    });
    expect(error).toMatchObject({ status: 403, data: { code: 'FORBIDDEN', messageKey: 'lessonLocked' } });
    expect(await userRow(fixture.owner)).toEqual({ hearts: 5, points: 0, stars: 0 });
    expect(await attemptsOf(fixture.owner)).toHaveLength(0);
  });

  test("another user's file: their challenge with one's own run, one's challenge with their run", async () => {
    const fixture = await ownerWithPath();
    const other = await ownerWithPath();
    const mine = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const theirs = await other.caller.learn.getLesson({ lessonId: other.lessonIds[0] ?? '' });
    const before = await userRow(fixture.owner);
    const theirChallenge = ofType(theirs, 'true_false').id;
    expect(await refusal(() => fixture.caller.learn.submitAnswer({ runId: mine.runId, timeToCompleteMs: 1, challengeId: theirChallenge, answer: 'true' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Challenge not found. Try to refresh the page.',
    });
    expect((await refusal(() => fixture.caller.learn.submitAnswer({ runId: theirs.runId, timeToCompleteMs: 1, challengeId: theirChallenge, answer: 'true' }))).code).toBe('NOT_FOUND');
    // Their run id does not verify for one's own lesson either: runs are signed for the user.
    expect((await refusal(() => fixture.caller.learn.submitAnswer({ runId: theirs.runId, timeToCompleteMs: 1, challengeId: ofType(mine, 'true_false').id, answer: 'true' }))).code).toBe('NOT_FOUND');
    expect(await userRow(fixture.owner)).toEqual(before);
    expect(await attemptsOf(fixture.owner)).toHaveLength(0);
    expect(await attemptsOf(other.owner)).toHaveLength(0);
  });

  test('answering twice: CONFLICT, one attempt and one set of points', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const input = { runId: play.runId, timeToCompleteMs: 10, challengeId: ofType(play, 'true_false').id, answer: 'true' };
    await fixture.caller.learn.submitAnswer(input);
    const error = await mutationError(services, fixture.owner, 'learn.submitAnswer', input);
    expect(error).toMatchObject({ status: 409, data: { code: 'CONFLICT', messageKey: 'challengeAlreadyAnswered' } });
    expect((await refusal(() => fixture.caller.learn.skipChallenge({ runId: play.runId, challengeId: input.challengeId, timeToCompleteMs: 1 }))).code).toBe('CONFLICT');
    const all = await Promise.allSettled([fixture.caller.learn.submitAnswer({ ...input, challengeId: ofType(play, 'fill_blank').id, answer: 'mitochondria' }), fixture.caller.learn.submitAnswer({ ...input, challengeId: ofType(play, 'fill_blank').id, answer: 'mitochondria' })]);
    expect(all.map((entry) => entry.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await userRow(fixture.owner)).toMatchObject({ points: 20 + QUEST, hearts: 5 });
    expect(await attemptsOf(fixture.owner)).toHaveLength(2);
  });

  test('a forged option id (an option of another challenge) or an answer of the wrong shape: BAD_REQUEST', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const [elsewhere] = await services.db
      .select({ id: challengeOption.id })
      .from(challengeOption)
      .innerJoin(challenge, eq(challenge.id, challengeOption.challengeId))
      .where(and(eq(challenge.lessonId, fixture.lessonIds[1] ?? ''), eq(challengeOption.correct, true)));
    const choice = ofType(play, 'multiple_choice').id;
    const base = { runId: play.runId, timeToCompleteMs: 10 };
    const error = await mutationError(services, fixture.owner, 'learn.submitAnswer', { ...base, challengeId: choice, optionId: elsewhere?.id });
    expect(error).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST', messageKey: 'invalidAnswer' } });
    for (const input of [
      { challengeId: choice },
      { challengeId: ofType(play, 'true_false').id, answer: 'maybe' },
      { challengeId: ofType(play, 'fill_blank').id, answer: '   ' },
      { challengeId: ofType(play, 'match').id, answer: 'not json' },
    ]) {
      expect((await refusal(() => fixture.caller.learn.submitAnswer({ ...base, ...input }))).code).toBe('BAD_REQUEST');
    }
    expect(await userRow(fixture.owner)).toEqual({ hearts: 5, points: 0, stars: 0 });
    expect(await attemptsOf(fixture.owner)).toHaveLength(0);
    // The challenge can still be answered properly afterwards.
    const ids = await optionIds(choice);
    expect((await fixture.caller.learn.submitAnswer({ ...base, challengeId: choice, optionId: ids.right })).correct).toBe(true);
  });

  test('a negative or absurd time is clamped to 0–30 minutes; a non-number is refused', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const base = { runId: play.runId };
    await fixture.caller.learn.submitAnswer({ ...base, timeToCompleteMs: -5000, challengeId: ofType(play, 'true_false').id, answer: 'true' });
    await fixture.caller.learn.submitAnswer({ ...base, timeToCompleteMs: 1e15, challengeId: ofType(play, 'fill_blank').id, answer: 'mitochondria' });
    await fixture.caller.learn.skipChallenge({ ...base, timeToCompleteMs: -1, challengeId: ofType(play, 'match').id });
    expect((await attemptsOf(fixture.owner)).map((row) => row.timeToCompleteMs)).toEqual([0, MAX_ANSWER_MS, 0]);
    const error = await mutationError(services, fixture.owner, 'learn.submitAnswer', { ...base, timeToCompleteMs: 'soon', challengeId: ofType(play, 'multiple_choice').id });
    expect(error.data.code).toBe('BAD_REQUEST');
  });
});

describe('learn.skipChallenge', () => {
  test('records a skipped attempt: no heart lost, no points, the right answer shown', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const choice = ofType(play, 'multiple_choice').id;
    const result = await fixture.caller.learn.skipChallenge({ runId: play.runId, challengeId: choice, timeToCompleteMs: 700 });
    expect(result).toMatchObject({ correct: false, correctAnswer: 'Mitochondrion', hearts: 5, pointsGained: 0, outOfHearts: false });
    expect((await attemptsOf(fixture.owner)).map((row) => [row.status, row.timeToCompleteMs])).toEqual([['skipped', 700]]);
    expect(await userRow(fixture.owner)).toEqual({ hearts: 5, points: 0, stars: 0 });
  });

  test('refuses the signed out, strangers and unknown challenges', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const input = { runId: play.runId, challengeId: ofType(play, 'match').id, timeToCompleteMs: 1 };
    await expectRefused({ services, call: (other) => other.learn.skipChallenge(input), actors: ['anonymous', 'stranger'] });
    expect((await refusal(() => fixture.caller.learn.skipChallenge({ ...input, challengeId: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
  });
});

describe('learn.finishLesson', () => {
  test('stars by accuracy, the best result kept, user stars raised by the improvement, a run finishes once', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    const first = await playLesson(fixture, lessonId, 2);
    const result = await first.finish();
    // Two missed at first (two hearts lost), asked again and answered right: accuracy and points by first answers,
    // the time of all six answers.
    expect(result).toEqual({ stars: 1, accuracy: 0.5, pointsGained: 20, timeMs: 6000, hearts: 3, practice: false, bestStars: 1, askedAgain: 2 });
    expect(await userRow(fixture.owner)).toEqual({ hearts: 3, points: 20 + QUEST, stars: 1 });
    const [progress] = await services.db.select().from(lessonProgress).where(eq(lessonProgress.userId, fixture.owner.user.id));
    expect(progress).toMatchObject({ lessonId, bestStars: 1, bestAccuracy: 0.5, completions: 1 });
    const completedAt = progress?.completedAt;
    expect(completedAt).toBeInstanceOf(Date);

    const error = await mutationError(services, fixture.owner, 'learn.finishLesson', { lessonId, runId: first.play.runId });
    expect(error).toMatchObject({ status: 409, data: { code: 'CONFLICT', messageKey: 'lessonRunAlreadyFinished' } });
    // Nor can the finished run be answered any more.
    expect((await refusal(() => fixture.caller.learn.skipChallenge({ runId: first.play.runId, challengeId: ofType(first.play, 'match').id, timeToCompleteMs: 1 }))).code).toBe('CONFLICT');

    // Practice: no hearts lost, +1 heart at the end, points, and the user's stars rise by the improvement only (1 → 3).
    const practice = await playLesson(fixture, lessonId, 0);
    expect(practice.play.practice).toBe(true);
    const practised = await practice.finish();
    expect(practised).toMatchObject({ stars: 3, accuracy: 1, pointsGained: 40, hearts: 4, practice: true, bestStars: 3 });
    expect(await userRow(fixture.owner)).toEqual({ hearts: 4, points: 60 + QUEST, stars: 3 });

    // A worse practice run keeps the best result, loses no heart, and adds no stars.
    const worse = await playLesson(fixture, lessonId, 4);
    expect(worse.results.map((item) => item.hearts)).toEqual([4, 4, 4, 4]);
    expect(await worse.finish()).toMatchObject({ stars: 1, accuracy: 0, pointsGained: 0, hearts: 5, bestStars: 3 });
    const again = await playLesson(fixture, lessonId, 0);
    expect((await again.finish()).hearts).toBe(MAX_HEARTS);
    expect(await userRow(fixture.owner)).toEqual({ hearts: 5, points: 100 + QUEST + MILESTONE_100, stars: 3 });
    const [kept] = await services.db.select().from(lessonProgress).where(eq(lessonProgress.userId, fixture.owner.user.id));
    expect(kept).toMatchObject({ bestStars: 3, bestAccuracy: 1, completions: 4, completedAt });
  });

  test('a challenge missed is asked again: answered again until right, then never; points only for right the first time', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const base = { runId: play.runId, timeToCompleteMs: 10 };
    const blank = ofType(play, 'fill_blank').id;
    const wrong = await fixture.caller.learn.submitAnswer({ ...base, challengeId: blank, answer: 'nucleus' });
    expect(wrong).toMatchObject({ correct: false, hearts: 4, pointsGained: 0 });
    // Skipped when asked again, then wrong again: each wrong answer costs a heart, a skip none.
    expect(await fixture.caller.learn.skipChallenge({ ...base, challengeId: blank })).toMatchObject({ hearts: 4 });
    expect(await fixture.caller.learn.submitAnswer({ ...base, challengeId: blank, answer: 'ribosome' })).toMatchObject({ correct: false, hearts: 3 });
    // Right at last: no points for it (it was not right the first time).
    expect(await fixture.caller.learn.submitAnswer({ ...base, challengeId: blank, answer: 'mitochondrion' })).toMatchObject({ correct: true, hearts: 3, pointsGained: 0 });
    // Answered right: done for this run.
    const again = await mutationError(services, fixture.owner, 'learn.submitAnswer', { ...base, challengeId: blank, answer: 'mitochondrion' });
    expect(again).toMatchObject({ status: 409, data: { code: 'CONFLICT', messageKey: 'challengeAlreadyAnswered' } });
    expect((await refusal(() => fixture.caller.learn.skipChallenge({ ...base, challengeId: blank }))).code).toBe('CONFLICT');
    // Right the first time: 10 points.
    expect(await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(play, 'true_false').id, answer: 'true' })).toMatchObject({ correct: true, pointsGained: 10 });
    expect((await attemptsOf(fixture.owner)).map((row) => row.status)).toEqual(['incorrect', 'skipped', 'incorrect', 'correct', 'correct']);
    expect(await userRow(fixture.owner)).toMatchObject({ hearts: 3, points: 10 + QUEST });
  });

  test('a lesson counts as completed only once every challenge was answered right; a miss not yet asked again keeps it open', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    // One challenge missed and not answered again (the student left before it came back).
    const left = await playLesson(fixture, lessonId, 1, false);
    const error = await mutationError(services, fixture.owner, 'learn.finishLesson', { lessonId, runId: left.play.runId });
    expect(error).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST', messageKey: 'lessonNotFinished' } });
    expect(await services.db.select().from(lessonProgress).where(eq(lessonProgress.userId, fixture.owner.user.id))).toHaveLength(0);
    expect((await fixture.caller.learn.getPath({ fileId: fixture.fileId })).units[0]?.lessons.map((lesson) => lesson.state)).toEqual(['current', 'locked']);
    // Answered right when it came back: now the run finishes and the next lesson opens.
    await fixture.caller.learn.submitAnswer({ runId: left.play.runId, timeToCompleteMs: 1, challengeId: ofType(left.play, 'match').id, answer: MATCH_RIGHT });
    expect(await left.finish()).toMatchObject({ stars: 2, accuracy: 0.75, pointsGained: 30, askedAgain: 1 });
    expect((await fixture.caller.learn.getPath({ fileId: fixture.fileId })).units[0]?.lessons.map((lesson) => lesson.state)).toEqual(['completed', 'current']);
  });

  test("practice asks first what the student got wrong; a first play goes in the lesson's order", async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    const first = await playLesson(fixture, lessonId, 1);
    const inOrder = first.play.challenges.map((item) => item.type);
    expect(inOrder).toEqual(['multiple_choice', 'true_false', 'fill_blank', 'match']);
    await first.finish();
    // Missed in the first play: the match, the last in the lesson. The others stay in order.
    const practice = await fixture.caller.learn.getLesson({ lessonId });
    expect(practice.practice).toBe(true);
    expect(practice.challenges.map((item) => item.type)).toEqual(['match', 'multiple_choice', 'true_false', 'fill_blank']);
  });

  test('the statistics say what the finish screens said: right the first time, completion, after a replay too', async () => {
    const fixture = await ownerWithPath();
    const [first = '', second = ''] = fixture.lessonIds;
    const figures = async () => {
      const path = await fixture.caller.learn.getPath({ fileId: fixture.fileId });
      const unitId = path.units[0]?.id ?? '';
      return {
        overall: await fixture.caller.stats.getOverallStats({ fileId: fixture.fileId }),
        unit: await fixture.caller.stats.getUnitStats({ unitId }),
        lesson: await fixture.caller.stats.getLessonStats({ lessonId: first }),
        unitOnPath: path.units[0]?.completionPercentage,
      };
    };
    const percentOf = (accuracy: number) => Math.round(accuracy * 100);

    // Lesson 1: one challenge answered wrong, right when asked again.
    const run = await playLesson(fixture, first, 1);
    const result = await run.finish();
    expect(result).toMatchObject({ accuracy: 0.75, askedAgain: 1 });
    let seen = await figures();
    expect(seen.overall).toMatchObject({ correctPercentage: percentOf(result.accuracy), correctChallenges: 3, completedChallenges: 4 });
    expect(seen.lesson).toMatchObject({ completionPercentage: 100, completedChallenges: 4, totalChallenges: 4 });
    expect(seen.unit).toMatchObject({ completionPercentage: 50, completedLessons: 1, correctChallenges: 3, completedChallenges: 4 });
    expect(seen.unit.lessonStats.map((entry) => entry.completionPercentage)).toEqual([100, 0]);
    expect(seen.unitOnPath).toBe(seen.unit.completionPercentage);

    // Practised again, all right the first time: the figures say what the student knows now, as that finish screen.
    const practice = await playLesson(fixture, first, 0);
    const practised = await practice.finish();
    expect(practised.accuracy).toBe(1);
    seen = await figures();
    expect(seen.overall).toMatchObject({ correctPercentage: 100, correctChallenges: 4, completedChallenges: 4 });

    // Lesson 2 with a skip asked again and answered right, and a wrong answer asked again: 2 of 4 the first time.
    const other = await fixture.caller.learn.getLesson({ lessonId: second });
    const base = { runId: other.runId, timeToCompleteMs: 1000 };
    const choice = ofType(other, 'multiple_choice');
    const ids = await optionIds(choice.id);
    await fixture.caller.learn.skipChallenge({ ...base, challengeId: choice.id });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(other, 'true_false').id, answer: 'false' });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(other, 'fill_blank').id, answer: 'mitochondrion' });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(other, 'match').id, answer: MATCH_RIGHT });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: choice.id, optionId: ids.right });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: ofType(other, 'true_false').id, answer: 'true' });
    const secondResult = await fixture.caller.learn.finishLesson({ lessonId: second, runId: other.runId });
    expect(secondResult).toMatchObject({ accuracy: 0.5, askedAgain: 2 });
    seen = await figures();
    // Over both lessons: 4 + 2 right the first time of 8 completed.
    expect(seen.overall).toMatchObject({ correctPercentage: 75, correctChallenges: 6, completedChallenges: 8, completedLessons: 2 });
    expect(seen.unit).toMatchObject({ completionPercentage: 100, correctChallenges: 6, completedChallenges: 8, totalChallenges: 8 });
    expect(seen.unit.lessonStats.map((entry) => entry.completionPercentage)).toEqual([100, 100]);
    const secondStats = await fixture.caller.stats.getLessonStats({ lessonId: second });
    expect(secondStats).toMatchObject({ completionPercentage: 100, totalIncorrectTries: 1 });
  });

  test('refuses a run with challenges left, a run of another lesson, and a made-up run', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    const play = await fixture.caller.learn.getLesson({ lessonId });
    await fixture.caller.learn.skipChallenge({ runId: play.runId, challengeId: ofType(play, 'match').id, timeToCompleteMs: 1 });
    const error = await mutationError(services, fixture.owner, 'learn.finishLesson', { lessonId, runId: play.runId });
    expect(error).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST', messageKey: 'lessonNotFinished' } });
    expect((await refusal(() => fixture.caller.learn.finishLesson({ lessonId: fixture.lessonIds[1] ?? '', runId: play.runId }))).code).toBe('NOT_FOUND');
    expect((await refusal(() => fixture.caller.learn.finishLesson({ lessonId, runId: 'made-up' }))).code).toBe('NOT_FOUND');
    expect(await services.db.select().from(lessonProgress).where(eq(lessonProgress.userId, fixture.owner.user.id))).toHaveLength(0);
    expect(await userRow(fixture.owner)).toEqual({ hearts: 5, points: 0, stars: 0 });
  });

  test('refuses the signed out, strangers and unknown lessons', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    const { play } = await playLesson(fixture, lessonId);
    await expectRefused({ services, call: (other) => other.learn.finishLesson({ lessonId, runId: play.runId }), actors: ['anonymous', 'stranger'] });
    expect((await refusal(() => fixture.caller.learn.finishLesson({ lessonId: crypto.randomUUID(), runId: play.runId }))).code).toBe('NOT_FOUND');
  });
});

describe('learn.getReview and learn.finishReview: the mistakes of every finished lesson, weakest first', () => {
  test('refused before a lesson is finished; then asks the misses of both lessons first, and finishes once with all right', async () => {
    const fixture = await ownerWithPath();
    const [first = '', second = ''] = fixture.lessonIds;
    expect(await mutationError(services, fixture.owner, 'learn.getReview', { fileId: fixture.fileId })).toMatchObject({
      status: 400,
      data: { code: 'BAD_REQUEST', messageKey: 'reviewNothingYet' },
    });

    // Lesson 1: the match missed once; lesson 2: the match and the fill-in missed once.
    const one = await playLesson(fixture, first, 1);
    await one.finish();
    const two = await playLesson(fixture, second, 2);
    await two.finish();
    const heartsBefore = (await userRow(fixture.owner)).hearts;

    const review = await fixture.caller.learn.getReview({ fileId: fixture.fileId });
    expect(review).toMatchObject({ practice: true, review: true, lesson: { id: 'review', fileId: fixture.fileId } });
    // Two lessons of four challenges each: all eight, the three missed first (the latest misses weigh the most).
    expect(review.challenges).toHaveLength(8);
    const missed = new Set([ofType(one.play, 'match').id, ofType(two.play, 'match').id, ofType(two.play, 'fill_blank').id]);
    expect(new Set(review.challenges.slice(0, 3).map((item) => item.id))).toEqual(missed);
    // Its challenges come from both lessons.
    const lessonOf = new Map([...one.play.challenges.map((item) => [item.id, first] as const), ...two.play.challenges.map((item) => [item.id, second] as const)]);
    expect(new Set(review.challenges.map((item) => lessonOf.get(item.id)))).toEqual(new Set([first, second]));

    // Answered as a practice run: a miss costs no heart and comes back; not finished while one is not yet right.
    const base = { runId: review.runId, timeToCompleteMs: 1000 };
    const answerOf = async (item: PlayChallenge, right: boolean) => {
      if (item.type === 'multiple_choice') {
        const ids = await optionIds(item.id);
        return { optionId: right ? ids.right : ids.wrong };
      }
      if (item.type === 'true_false') return { answer: right ? 'true' : 'false' };
      if (item.type === 'fill_blank') return { answer: right ? 'mitochondrion' : 'nucleus' };
      return { answer: right ? MATCH_RIGHT : MATCH_WRONG };
    };
    const [weakest, ...rest] = review.challenges;
    if (!weakest) throw new Error('no challenge');
    expect(await fixture.caller.learn.submitAnswer({ ...base, challengeId: weakest.id, ...(await answerOf(weakest, false)) })).toMatchObject({ correct: false });
    expect((await userRow(fixture.owner)).hearts).toBe(heartsBefore);
    for (const item of rest) await fixture.caller.learn.submitAnswer({ ...base, challengeId: item.id, ...(await answerOf(item, true)) });
    expect(await mutationError(services, fixture.owner, 'learn.finishReview', { fileId: fixture.fileId, runId: review.runId })).toMatchObject({
      status: 400,
      data: { messageKey: 'lessonNotFinished' },
    });
    await fixture.caller.learn.submitAnswer({ ...base, challengeId: weakest.id, ...(await answerOf(weakest, true)) });
    const result = await fixture.caller.learn.finishReview({ fileId: fixture.fileId, runId: review.runId });
    expect(result).toMatchObject({ accuracy: 7 / 8, askedAgain: 1, practice: true, pointsGained: 70, hearts: Math.min(MAX_HEARTS, heartsBefore + 1) });
    // The statistics count the review as the latest run of each challenge it asked: 7 of 8 right the first time.
    expect(await fixture.caller.stats.getOverallStats({ fileId: fixture.fileId })).toMatchObject({ correctChallenges: 7, completedChallenges: 8, correctPercentage: 88 });
    // Once.
    expect(await mutationError(services, fixture.owner, 'learn.finishReview', { fileId: fixture.fileId, runId: review.runId })).toMatchObject({
      status: 409,
      data: { messageKey: 'lessonRunAlreadyFinished' },
    });
    expect(await mutationError(services, fixture.owner, 'learn.submitAnswer', { ...base, challengeId: weakest.id, answer: 'true' })).toMatchObject({
      data: { messageKey: expect.stringMatching(/lessonRunAlreadyFinished|challengeAlreadyAnswered/) },
    });
  });

  test("a review run answers only its own challenges, for its own user; another user's file and review are not found", async () => {
    const fixture = await ownerWithPath();
    const [first = '', second = ''] = fixture.lessonIds;
    await (await playLesson(fixture, first, 0)).finish();
    const review = await fixture.caller.learn.getReview({ fileId: fixture.fileId });
    // A challenge of a lesson not reviewed (lesson 2, not finished): the review run does not answer it.
    const unfinished = await services.db.select({ id: challenge.id }).from(challenge).where(eq(challenge.lessonId, second));
    expect(await mutationError(services, fixture.owner, 'learn.submitAnswer', { runId: review.runId, timeToCompleteMs: 1, challengeId: unfinished[0]?.id ?? '', answer: 'true' })).toMatchObject({
      status: 404,
      data: { messageKey: expect.stringMatching(/lessonRunNotFound|lessonLocked/) },
    });
    const stranger = await createUser(services);
    await expectRefused({ services, call: (caller) => caller.learn.getReview({ fileId: fixture.fileId }), actors: ['anonymous', 'stranger'] });
    expect(await mutationError(services, stranger, 'learn.finishReview', { fileId: fixture.fileId, runId: review.runId })).toMatchObject({ status: 404 });
    // The stranger's own file with a finished lesson: the owner's review run is not theirs.
    const theirs = await ownerWithPath();
    await (await playLesson(theirs, theirs.lessonIds[0] ?? '', 0)).finish();
    const challengeId = review.challenges[0]?.id ?? '';
    expect(await mutationError(services, theirs.owner, 'learn.submitAnswer', { runId: review.runId, timeToCompleteMs: 1, challengeId, answer: 'true' })).toMatchObject({ status: 404 });
    expect(await mutationError(services, theirs.owner, 'learn.finishReview', { fileId: theirs.fileId, runId: review.runId })).toMatchObject({
      status: 404,
      data: { messageKey: 'lessonRunNotFound' },
    });
  });
});

describe('learn.reportChallenge and learn.unreportChallenge', () => {
  test('report and unreport for the caller only; getLesson shows reported', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0] ?? '';
    const play = await fixture.caller.learn.getLesson({ lessonId });
    const challengeId = ofType(play, 'fill_blank').id;
    expect(await fixture.caller.learn.reportChallenge({ challengeId })).toEqual({ challengeId, reported: true });
    expect(await fixture.caller.learn.reportChallenge({ challengeId })).toEqual({ challengeId, reported: true });
    const reported = await fixture.caller.learn.getLesson({ lessonId });
    expect(reported.challenges.map((item) => item.reported)).toEqual([false, false, true, false]);
    expect(await fixture.caller.learn.unreportChallenge({ challengeId, isShared: false })).toEqual({ challengeId, reported: false });
    expect(await services.db.select().from(challengeReport).where(eq(challengeReport.challengeId, challengeId))).toHaveLength(0);
  });

  test("unreporting in a shared space is refused with the spec's message (§5, §8)", async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const challengeId = ofType(play, 'match').id;
    await fixture.caller.learn.reportChallenge({ challengeId });
    // The owner's course shared as a space: in it, not even the owner unreports.
    const [course] = await services.db.select({ id: file.directoryId }).from(file).where(eq(file.id, fixture.fileId));
    const [shared] = await services.db
      .insert(space)
      .values({ directoryId: course?.id ?? '', ownerId: fixture.owner.user.id, name: 'Biology' })
      .returning({ id: space.id });
    const error = await mutationError(services, fixture.owner, 'learn.unreportChallenge', { challengeId, isShared: true, sharedSpaceId: shared?.id });
    expect(error).toMatchObject({
      status: 403,
      message: 'Unreporting challenges is not allowed in shared spaces',
      data: { code: 'FORBIDDEN', messageKey: 'unreportSharedSpace' },
    });
    expect(await services.db.select().from(challengeReport).where(eq(challengeReport.challengeId, challengeId))).toHaveLength(1);
  });

  test('refuse the signed out, strangers and unknown challenges', async () => {
    const fixture = await ownerWithPath();
    const play = await fixture.caller.learn.getLesson({ lessonId: fixture.lessonIds[0] ?? '' });
    const challengeId = ofType(play, 'true_false').id;
    await expectRefused({ services, call: (other) => other.learn.reportChallenge({ challengeId }), actors: ['anonymous', 'stranger'] });
    await expectRefused({ services, call: (other) => other.learn.unreportChallenge({ challengeId }), actors: ['anonymous', 'stranger'] });
    expect((await refusal(() => fixture.caller.learn.reportChallenge({ challengeId: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
    expect((await refusal(() => fixture.caller.learn.unreportChallenge({ challengeId: crypto.randomUUID() }))).code).toBe('NOT_FOUND');
    expect(await services.db.select().from(challengeReport).where(eq(challengeReport.challengeId, challengeId))).toHaveLength(0);
  });
});

describe('learn.getReplay and learn.syncReplay: a finished lesson replayed offline', () => {
  /** The answers a player sends for a replay: all right but the last `wrong`, and the match skipped when asked. */
  async function replayAnswers(play: LessonToPlay, wrong = 0, skipMatch = false) {
    const choice = ofType(play, 'multiple_choice');
    const ids = await optionIds(choice.id);
    return [
      { challengeId: choice.id, optionId: ids.right, timeToCompleteMs: 900 },
      { challengeId: ofType(play, 'true_false').id, answer: wrong >= 2 ? 'false' : 'true', timeToCompleteMs: 900 },
      { challengeId: ofType(play, 'fill_blank').id, answer: wrong >= 1 ? 'nucleus' : 'Mitochondria', timeToCompleteMs: 900 },
      skipMatch
        ? { challengeId: ofType(play, 'match').id, skipped: true, timeToCompleteMs: 900 }
        : { challengeId: ofType(play, 'match').id, answer: MATCH_RIGHT, timeToCompleteMs: 900 },
    ];
  }

  test('answers a finished lesson with its answer key, judged offline as the server judges', async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0]!;
    expect(await refusal(() => fixture.caller.learn.getReplay({ lessonId }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only a lesson you have finished can be practised offline. Play it online first.',
    });
    await (await playLesson(fixture, lessonId)).finish();
    const replay = await fixture.caller.learn.getReplay({ lessonId });
    expect(replay.practice).toBe(true);
    expect(Object.keys(replay.key).sort()).toEqual(replay.challenges.map((item) => item.id).sort());
    const choice = ofType(replay, 'multiple_choice');
    const ids = await optionIds(choice.id);
    expect(replay.key[choice.id]?.options.find((option) => option.correct)?.id).toBe(ids.right);
    const fill = ofType(replay, 'fill_blank');
    expect(replay.key[fill.id]).toMatchObject({ type: 'fill_blank', explanation: 'The mitochondrion.', page: 2 });
    // The next lesson, not finished yet, is not given away.
    expect((await refusal(() => fixture.caller.learn.getReplay({ lessonId: fixture.lessonIds[1]! }))).code).toBe('FORBIDDEN');
  });

  test('a replay sent once the connection is back is judged, counted for when it was played, and stored once', async () => {
    const fixture = await ownerWithPath({ hearts: 3 });
    const lessonId = fixture.lessonIds[0]!;
    await (await playLesson(fixture, lessonId)).finish();
    const before = await userRow(fixture.owner);
    const replay = await fixture.caller.learn.getReplay({ lessonId });
    const playedAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const input = { lessonId, replayId: crypto.randomUUID(), playedAt, answers: await replayAnswers(replay, 1, true) };
    const result = await fixture.caller.learn.syncReplay(input);
    // Two right of four (the fill-in wrong, the match skipped): 50 %, +1 heart for practice, 10 points per right answer.
    expect(result).toMatchObject({ accuracy: 0.5, practice: true, pointsGained: 20, hearts: 4, bestStars: 3 });
    const after = await userRow(fixture.owner);
    expect(after.hearts).toBe(before.hearts + 1);
    expect(after.points).toBe(before.points + 20);
    const stored = (await attemptsOf(fixture.owner)).filter((attempt) => attempt.runId === input.replayId);
    expect(stored.map((attempt) => attempt.status).sort()).toEqual(['correct', 'correct', 'incorrect', 'skipped']);
    expect(stored.every((attempt) => attempt.practice && attempt.createdAt.getTime() === playedAt.getTime())).toBe(true);
    const [progress] = await services.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, lessonId));
    expect(progress?.completions).toBe(2);

    // Sent again (a lost reply) and twice at once: the same result, nothing counted again.
    expect(await fixture.caller.learn.syncReplay(input)).toMatchObject({ accuracy: 0.5, pointsGained: 20 });
    await Promise.all([fixture.caller.learn.syncReplay(input), fixture.caller.learn.syncReplay(input)]);
    expect(await userRow(fixture.owner)).toEqual(after);
    expect((await attemptsOf(fixture.owner)).filter((attempt) => attempt.runId === input.replayId)).toHaveLength(4);
  });

  test('refuses a replay that does not answer every challenge once, an answer that does not fit, and an unfinished lesson', async () => {
    const fixture = await ownerWithPath();
    const [first, second] = fixture.lessonIds;
    await (await playLesson(fixture, first!)).finish();
    const replay = await fixture.caller.learn.getReplay({ lessonId: first! });
    const answers = await replayAnswers(replay);
    const base = { lessonId: first!, playedAt: new Date() };
    const points = (await userRow(fixture.owner)).points;
    const sync = (input: Partial<Parameters<typeof fixture.caller.learn.syncReplay>[0]>) =>
      refusal(() => fixture.caller.learn.syncReplay({ ...base, replayId: crypto.randomUUID(), answers, ...input }));
    const unfinished = { code: 'BAD_REQUEST', message: 'Answer every challenge right before finishing the lesson: the ones missed come back until they are right.' };
    expect(await sync({ answers: answers.slice(1) })).toEqual(unfinished);
    expect(await sync({ answers: [...answers, answers[0]!] })).toEqual(unfinished);
    expect(await sync({ answers: answers.map((answer, index) => (index === 1 ? { ...answer, answer: 'maybe' } : answer)) })).toEqual({
      code: 'BAD_REQUEST',
      message: 'This answer does not fit the challenge. Try to refresh the page.',
    });
    expect(await sync({ lessonId: second! })).toEqual({
      code: 'FORBIDDEN',
      message: 'Only a lesson you have finished can be practised offline. Play it online first.',
    });
    expect((await sync({ replayId: 'not-a-uuid' })).code).toBe('BAD_REQUEST');
    expect((await userRow(fixture.owner)).points).toBe(points);
  });

  test("refuses the signed-out and a stranger, and a replay id of another user's replay", async () => {
    const fixture = await ownerWithPath();
    const lessonId = fixture.lessonIds[0]!;
    await (await playLesson(fixture, lessonId)).finish();
    await expectRefused({ services, call: (caller) => caller.learn.getReplay({ lessonId }), actors: ['anonymous', 'stranger'] });
    const replay = await fixture.caller.learn.getReplay({ lessonId });
    const input = { lessonId, replayId: crypto.randomUUID(), playedAt: new Date(), answers: await replayAnswers(replay) };
    await expectRefused({ services, call: (caller) => caller.learn.syncReplay(input), actors: ['anonymous', 'stranger'] });
    await fixture.caller.learn.syncReplay(input);
    // Another student who finished a lesson of their own cannot take over or read this replay by its id.
    const other = await ownerWithPath();
    await (await playLesson(other, other.lessonIds[0]!)).finish();
    const theirs = await other.caller.learn.getReplay({ lessonId: other.lessonIds[0]! });
    const points = (await userRow(other.owner)).points;
    const result = await other.caller.learn.syncReplay({ ...input, lessonId: other.lessonIds[0]!, answers: await replayAnswers(theirs) });
    expect(result.pointsGained).toBe(40);
    expect((await userRow(other.owner)).points).toBe(points + 40);
  });
});
