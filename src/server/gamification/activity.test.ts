import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { DAILY_QUEST_POINTS } from '../../shared/gamification';
import { localDay } from '../../shared/gamification-rules';
import { PLANS } from '../../shared/plans';
import { ask, readStream, readyChatFile } from '../test/chat';
import { dailyActivity, deck, flashcard, lesson, questCompletion, unit, user } from '../db/schema';
import { storeDeck, storeLearnPath } from '../study/pipeline/store';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, createUser, type TestUser } from '../test/harness';
import { recordActivity, type ActivityKind } from './activity';
import { getProgress } from './progress';
import { getQuests } from './quests';
import { getStreak } from './streak';

const services = await createTestServices();
afterAll(() => services.close());

const record = (actor: TestUser, kind: ActivityKind, now: Date, delta: 1 | -1 = 1) =>
  services.db.transaction((tx) => recordActivity(tx, { userId: actor.user.id, kind, now, delta }));

async function learner(values: Partial<typeof user.$inferInsert> = {}) {
  const created = await createUser(services);
  if (Object.keys(values).length > 0) await services.db.update(user).set(values).where(eq(user.id, created.user.id));
  return created;
}

async function userRow(actor: TestUser) {
  const [row] = await services.db.select().from(user).where(eq(user.id, actor.user.id));
  if (!row) throw new Error('no user');
  return row;
}

async function dayRow(actor: TestUser, day: string) {
  const [row] = await services.db
    .select()
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, actor.user.id), eq(dailyActivity.day, day)));
  return row;
}

async function completionsOf(actor: TestUser) {
  return services.db
    .select({ questId: questCompletion.questId, period: questCompletion.period })
    .from(questCompletion)
    .where(eq(questCompletion.userId, actor.user.id))
    .orderBy(asc(questCompletion.period), asc(questCompletion.questId));
}

const streakOf = (actor: TestUser, now: Date, month?: string) => getStreak({ db: services.db, userId: actor.user.id, now, month });

describe('the day counts through the real actions', () => {
  test('a lesson finished and flashcards reviewed count today; answers count challenges, a skip does not', async () => {
    const owner = await learner();
    const caller = callerFor(services, owner);
    const course = await insertCourse(services, owner);
    const stored = await insertFile(services, owner, course.id, { status: 'ready', pages: 1 });
    await services.db.transaction((tx) =>
      storeLearnPath(tx, stored.id, {
        units: [
          {
            title: 'Cells',
            description: 'What cells are made of.',
            page: 1,
            lessons: [
              {
                title: 'Walls',
                challenges: [
                  { type: 'true_false', question: 'Plants have cell walls.', explanation: 'They do.', page: 1, answer: true },
                  { type: 'true_false', question: 'Animals have cell walls.', explanation: 'They do not.', page: 1, answer: false },
                ],
              },
            ],
          },
        ],
      }),
    );
    const [row] = await services.db
      .select({ id: lesson.id })
      .from(lesson)
      .innerJoin(unit, eq(unit.id, lesson.unitId))
      .where(eq(unit.fileId, stored.id));
    const lessonId = row?.id ?? '';

    expect(await caller.gamification.getStreak()).toMatchObject({ current: 0, activeToday: false });
    const play = await caller.learn.getLesson({ lessonId });
    const [first, second] = play.challenges;
    await caller.learn.submitAnswer({ runId: play.runId, challengeId: first?.id ?? '', answer: 'true', timeToCompleteMs: 100 });
    await caller.learn.skipChallenge({ runId: play.runId, challengeId: second?.id ?? '', timeToCompleteMs: 100 });
    // The skipped one comes back and is answered right (no points: it was not right the first time).
    await caller.learn.submitAnswer({ runId: play.runId, challengeId: second?.id ?? '', answer: 'false', timeToCompleteMs: 100 });
    // Answering alone does not count the day for the streak; finishing the lesson does.
    expect(await caller.gamification.getStreak()).toMatchObject({ current: 0, activeToday: false });
    await caller.learn.finishLesson({ lessonId, runId: play.runId });
    const streak = await caller.gamification.getStreak();
    expect(streak).toMatchObject({ current: 1, longest: 1, activeToday: true });
    expect(streak.days.find((day) => day.date === streak.today)).toEqual({ date: streak.today, active: true, frozen: false });
    const today = await dayRow(owner, streak.today);
    expect(today).toMatchObject({ challenges: 2, lessons: 1, flashcards: 0, xp: 10 + DAILY_QUEST_POINTS });
    // One answered challenge is the day's target: the quest was completed and paid.
    expect(await completionsOf(owner)).toEqual([{ questId: 'daily-challenges', period: streak.today }]);
    expect(await caller.gamification.getProgress()).toMatchObject({ streak: 1, points: 10 + DAILY_QUEST_POINTS });

    // Flashcards: a rating counts, an undo takes it back (never below 0); the day stays counted.
    const reviewer = await learner();
    const reviewerCaller = callerFor(services, reviewer);
    const deckFile = await insertFile(services, reviewer, (await insertCourse(services, reviewer)).id, { status: 'ready', pages: 1 });
    await services.db.transaction((tx) =>
      storeDeck(tx, deckFile.id, { title: 'Cells', cards: [{ kind: 'definition', front: 'Cell', back: 'Unit of life', page: 1 }] }),
    );
    const [deckRow] = await services.db.select({ id: deck.id }).from(deck).where(eq(deck.fileId, deckFile.id));
    const [card] = await services.db.select({ id: flashcard.id }).from(flashcard).where(eq(flashcard.deckId, deckRow?.id ?? ''));
    const review = await reviewerCaller.decks.review({ cardId: card?.id ?? '', rating: 3 });
    const reviewed = await reviewerCaller.gamification.getStreak();
    expect(reviewed).toMatchObject({ current: 1, activeToday: true });
    expect(await dayRow(reviewer, reviewed.today)).toMatchObject({ flashcards: 1 });
    await reviewerCaller.decks.undoReview({ reviewId: review.reviewId });
    expect(await dayRow(reviewer, reviewed.today)).toMatchObject({ flashcards: 0 });
    await record(reviewer, 'flashcard', new Date(), -1);
    expect(await dayRow(reviewer, reviewed.today)).toMatchObject({ flashcards: 0 });
    expect(await reviewerCaller.gamification.getStreak()).toMatchObject({ current: 1, activeToday: true });
  });

  test('a tutor question answered counts one message; a refused one counts none', async () => {
    const owner = await learner();
    const { file } = await readyChatFile(services, owner);
    await readStream(await ask(services, owner, { fileId: file.id, message: 'What is photosynthesis?' }));
    expect((await ask(services, owner, { fileId: file.id, message: '   ' })).status).toBe(400);
    const quests = await callerFor(services, owner).gamification.getQuests();
    expect(quests.daily.find((quest) => quest.kind === 'messages')).toMatchObject({ progress: 1, completed: false });
    expect(await dayRow(owner, quests.day)).toMatchObject({ messages: 1, challenges: 0 });
  });
});

describe('the streak in the user time zone', () => {
  test("the next local day extends the streak; the user's midnight, not UTC's, divides the days", async () => {
    const owner = await learner({ timeZone: 'Asia/Kolkata' });
    // 18:29 UTC is 23:59 in Kolkata on 4 May; 18:31 UTC is already 5 May there.
    await record(owner, 'lesson', new Date('2026-05-04T18:29:00Z'));
    expect(await userRow(owner)).toMatchObject({ streak: 1, streakLastDay: '2026-05-04' });
    await record(owner, 'flashcard', new Date('2026-05-04T18:31:00Z'));
    expect(await userRow(owner)).toMatchObject({ streak: 2, longestStreak: 2, streakLastDay: '2026-05-05' });
    // The same local day again changes nothing.
    await record(owner, 'lesson', new Date('2026-05-05T12:00:00Z'));
    expect(await userRow(owner)).toMatchObject({ streak: 2, streakLastDay: '2026-05-05' });
    // A day later (still before the next midnight in Kolkata) the streak stands; a day missed and it is 0.
    expect(await streakOf(owner, new Date('2026-05-06T18:00:00Z'))).toMatchObject({ current: 2, activeToday: false, today: '2026-05-06' });
    const broken = await streakOf(owner, new Date('2026-05-06T18:30:00Z'));
    expect(broken).toMatchObject({ current: 0, longest: 2, today: '2026-05-07', recentFreezes: [] });
    expect(broken.days.filter((day) => day.active).map((day) => day.date)).toEqual(['2026-05-04', '2026-05-05']);
    expect((await getProgress({ db: services.db, userId: owner.user.id, now: new Date('2026-05-07T00:00:00Z') })).streak).toBe(0);
    // The next activity starts a new streak; longest is kept.
    await record(owner, 'lesson', new Date('2026-05-07T10:00:00Z'));
    expect(await userRow(owner)).toMatchObject({ streak: 1, longestStreak: 2 });
  });

  test('a missed day with a freeze bought is covered: the streak keeps its count and getStreak names the day', async () => {
    const owner = await learner({ streakFreezes: 1 });
    await record(owner, 'lesson', new Date('2026-05-03T10:00:00Z'));
    await record(owner, 'lesson', new Date('2026-05-04T10:00:00Z'));
    // 5 May missed. Reading on 6 May uses the freeze at once.
    const read = await streakOf(owner, new Date('2026-05-06T08:00:00Z'));
    expect(read).toMatchObject({ current: 2, freezes: 0, maxFreezes: 2, activeToday: false, recentFreezes: ['2026-05-05'] });
    expect(read.days.find((day) => day.date === '2026-05-05')).toEqual({ date: '2026-05-05', active: false, frozen: true });
    expect(await dayRow(owner, '2026-05-05')).toMatchObject({ freezeUsed: true, lessons: 0 });
    // Reading again uses nothing more; the day's activity adds one on top of the kept count.
    expect(await streakOf(owner, new Date('2026-05-06T09:00:00Z'))).toMatchObject({ current: 2, freezes: 0 });
    await record(owner, 'flashcard', new Date('2026-05-06T10:00:00Z'));
    expect(await streakOf(owner, new Date('2026-05-06T11:00:00Z'))).toMatchObject({
      current: 3,
      longest: 3,
      activeToday: true,
      recentFreezes: ['2026-05-05'],
    });
    // Older than 30 days, a freeze leaves the recent list but stays in its month's calendar.
    const later = await streakOf(owner, new Date('2026-06-10T10:00:00Z'), '2026-05');
    expect(later).toMatchObject({ month: '2026-05', recentFreezes: [], current: 0 });
    expect(later.days).toHaveLength(31);
    expect(later.days.filter((day) => day.frozen).map((day) => day.date)).toEqual(['2026-05-05']);
  });

  test('two missed days with one freeze: the freeze covers the first, the streak breaks', async () => {
    const owner = await learner({ streakFreezes: 1 });
    await record(owner, 'lesson', new Date('2026-05-04T10:00:00Z'));
    await record(owner, 'lesson', new Date('2026-05-07T10:00:00Z'));
    expect(await userRow(owner)).toMatchObject({ streak: 1, longestStreak: 1, streakFreezes: 0, streakLastDay: '2026-05-07' });
    expect((await streakOf(owner, new Date('2026-05-07T11:00:00Z'))).recentFreezes).toEqual(['2026-05-05']);
  });

  test('reads at the same time settle once: one freeze for one missed day', async () => {
    const owner = await learner({ streakFreezes: 2 });
    await record(owner, 'lesson', new Date('2026-05-04T10:00:00Z'));
    const now = new Date('2026-05-06T10:00:00Z');
    await Promise.all([streakOf(owner, now), streakOf(owner, now), getProgress({ db: services.db, userId: owner.user.id, now })]);
    expect(await userRow(owner)).toMatchObject({ streak: 1, streakFreezes: 1, streakLastDay: '2026-05-05' });
  });
});

describe('daily quests', () => {
  test("the user's midnight starts the daily quests again", async () => {
    const owner = await learner({ timeZone: 'America/New_York' });
    const lateEvening = new Date('2026-05-05T03:59:00Z'); // 23:59 on 4 May in New York
    await record(owner, 'challenge', lateEvening);
    const before = await getQuests({ db: services.db, userId: owner.user.id, now: lateEvening });
    expect(before).toMatchObject({ day: '2026-05-04', resetsAt: '2026-05-05T04:00:00.000Z' });
    expect(before.daily.find((quest) => quest.kind === 'challenges')).toMatchObject({ id: 'daily-challenges', progress: 1, completed: true });
    const after = await getQuests({ db: services.db, userId: owner.user.id, now: new Date('2026-05-05T04:00:01Z') });
    expect(after).toMatchObject({ day: '2026-05-05', resetsAt: '2026-05-06T04:00:00.000Z' });
    expect(after.daily.map((quest) => [quest.kind, quest.progress, quest.completed])).toEqual([
      ['challenges', 0, false],
      ['flashcards', 0, false],
      ['messages', 0, false],
    ]);
    // Completed again on the new day, and paid again.
    await record(owner, 'challenge', new Date('2026-05-05T04:00:02Z'));
    expect(await completionsOf(owner)).toEqual([
      { questId: 'daily-challenges', period: '2026-05-04' },
      { questId: 'daily-challenges', period: '2026-05-05' },
    ]);
    expect(await userRow(owner)).toMatchObject({ points: 2 * DAILY_QUEST_POINTS, xpTotal: 2 * DAILY_QUEST_POINTS });
  });

  test('a quest reaching its target pays DAILY_QUEST_POINTS once, even when two activities race', async () => {
    const owner = await learner();
    const target = PLANS.free.activityTargets.flashcards;
    const now = new Date('2026-05-04T10:00:00Z');
    await services.db.insert(dailyActivity).values({ userId: owner.user.id, day: '2026-05-04', flashcards: target - 1 });
    const results = await Promise.all([record(owner, 'flashcard', now), record(owner, 'flashcard', now), record(owner, 'flashcard', now)]);
    expect(results.flatMap((result) => result.completedQuests)).toEqual(['daily-flashcards']);
    expect(await dayRow(owner, '2026-05-04')).toMatchObject({ flashcards: target + 2, xp: DAILY_QUEST_POINTS });
    expect(await userRow(owner)).toMatchObject({ points: DAILY_QUEST_POINTS, xpTotal: DAILY_QUEST_POINTS });
    expect(await completionsOf(owner)).toEqual([{ questId: 'daily-flashcards', period: '2026-05-04' }]);
    // A rating undone below the target: the quest stays completed and is not paid again when reached anew.
    await record(owner, 'flashcard', now, -1);
    await record(owner, 'flashcard', now, -1);
    await record(owner, 'flashcard', now, -1);
    const quests = await getQuests({ db: services.db, userId: owner.user.id, now });
    expect(quests.daily.find((quest) => quest.kind === 'flashcards')).toMatchObject({ completed: true, progress: target });
    await record(owner, 'flashcard', now);
    expect(await userRow(owner)).toMatchObject({ points: DAILY_QUEST_POINTS });
  });

  test("the plan's targets decide: Ultra needs more flashcards; celebrations list what was completed, unseen", async () => {
    const owner = await learner({ plan: 'ultra' });
    const now = new Date('2026-05-04T10:00:00Z');
    for (let index = 0; index < PLANS.free.activityTargets.flashcards; index += 1) await record(owner, 'flashcard', now);
    expect(await completionsOf(owner)).toEqual([]);
    const quests = await getQuests({ db: services.db, userId: owner.user.id, now });
    expect(quests.daily.find((quest) => quest.kind === 'flashcards')).toMatchObject({
      target: PLANS.ultra.activityTargets.flashcards,
      progress: PLANS.free.activityTargets.flashcards,
      completed: false,
    });
    await record(owner, 'challenge', now);
    const progress = await getProgress({ db: services.db, userId: owner.user.id, now });
    expect(progress.celebrations).toEqual([
      { questId: 'daily-challenges', period: '2026-05-04', points: DAILY_QUEST_POINTS, kind: 'challenges', target: 1 },
    ]);
  });

  test("the server's clock decides the day: the client sends no time", async () => {
    const owner = await learner({ timeZone: 'Pacific/Kiritimati' });
    const caller = callerFor(services, owner);
    const before = new Date();
    const quests = await caller.gamification.getQuests();
    const after = new Date();
    expect([localDay('Pacific/Kiritimati', before), localDay('Pacific/Kiritimati', after)]).toContain(quests.day);
    // A time or day sent along is refused, not used.
    await expect(caller.gamification.getStreak({ month: '2026-05', today: '2020-01-01' } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const streak = await caller.gamification.getStreak();
    expect([localDay('Pacific/Kiritimati', before), localDay('Pacific/Kiritimati', new Date())]).toContain(streak.today);
  });
});
