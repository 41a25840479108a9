import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { MAX_STREAK_FREEZES, XP_MILESTONES } from '../../../shared/gamification';
import { dailyActivity, questCompletion, user } from '../../db/schema';
import { callerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

async function completeQuest(actor: TestUser, questId: string, period: string) {
  await services.db.insert(questCompletion).values({ userId: actor.user.id, questId, period, points: 10 });
}

async function seenOf(actor: TestUser) {
  const rows = await services.db
    .select({ questId: questCompletion.questId, seenAt: questCompletion.seenAt })
    .from(questCompletion)
    .where(eq(questCompletion.userId, actor.user.id));
  return Object.fromEntries(rows.map((row) => [row.questId, row.seenAt !== null]));
}

describe('gamification.getProgress', () => {
  test('a new account starts with no streak, points or stars, five limited hearts, UTC and nothing to celebrate', async () => {
    const learner = await createUser(services);
    expect(await callerFor(services, learner).gamification.getProgress()).toEqual({
      streak: 0,
      points: 0,
      stars: 0,
      hearts: 5,
      unlimitedHearts: false,
      streakFreezes: 0,
      xpTotal: 0,
      plan: 'free',
      timeZone: 'UTC',
      celebrations: [],
    });
  });

  test('a Pro subscriber has unlimited hearts and sees their own counters', async () => {
    const learner = await createUser(services);
    await services.db
      .update(user)
      .set({ plan: 'pro', points: 120, stars: 3, hearts: 2, xpTotal: 400, streakFreezes: 1, timeZone: 'Europe/Berlin' })
      .where(eq(user.id, learner.user.id));
    expect(await callerFor(services, learner).gamification.getProgress()).toMatchObject({
      streak: 0,
      points: 120,
      stars: 3,
      hearts: 2,
      unlimitedHearts: true,
      streakFreezes: 1,
      xpTotal: 400,
      plan: 'pro',
      timeZone: 'Europe/Berlin',
    });
  });

  test('a streak whose last day is long past reads 0 (settled on read)', async () => {
    const learner = await createUser(services);
    await services.db.update(user).set({ streak: 4, longestStreak: 4, streakLastDay: '2020-01-01' }).where(eq(user.id, learner.user.id));
    expect((await callerFor(services, learner).gamification.getProgress()).streak).toBe(0);
    const [row] = await services.db.select().from(user).where(eq(user.id, learner.user.id));
    expect(row).toMatchObject({ streak: 0, longestStreak: 4 });
  });
});

describe('gamification.getStreak', () => {
  test("answers the current month of the user's calendar, or the month asked", async () => {
    const learner = await createUser(services);
    const caller = callerFor(services, learner);
    const current = await caller.gamification.getStreak();
    expect(current).toMatchObject({ current: 0, longest: 0, activeToday: false, freezes: 0, maxFreezes: MAX_STREAK_FREEZES, timeZone: 'UTC', recentFreezes: [] });
    expect(current.month).toBe(current.today.slice(0, 7));
    await services.db.insert(dailyActivity).values({ userId: learner.user.id, day: '2026-02-10', lessons: 1 });
    const february = await caller.gamification.getStreak({ month: '2026-02' });
    expect(february.days).toHaveLength(28);
    expect(february.days.filter((day) => day.active).map((day) => day.date)).toEqual(['2026-02-10']);
  });

  test('bad month strings are refused', async () => {
    const caller = callerFor(services, await createUser(services));
    for (const month of ['2026-13', '2026-00', '2026-1', '26-01', 'May', '2026-05-01', '']) {
      await expect(caller.gamification.getStreak({ month }), month).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('gamification.getQuests', () => {
  test("the plan's three daily quests and the milestones", async () => {
    const learner = await createUser(services);
    await services.db.update(user).set({ xpTotal: 120 }).where(eq(user.id, learner.user.id));
    const quests = await callerFor(services, learner).gamification.getQuests();
    expect(quests.daily.map((quest) => [quest.id, quest.target, quest.progress, quest.completed])).toEqual([
      ['daily-challenges', 1, 0, false],
      ['daily-flashcards', 10, 0, false],
      ['daily-messages', 10, 0, false],
    ]);
    expect(quests.milestones).toHaveLength(XP_MILESTONES.length);
    expect(quests.milestones[0]).toEqual({ id: 'xp-100', threshold: 100, points: 10, progress: 100, completed: false });
    expect(quests.milestones[1]).toMatchObject({ id: 'xp-250', progress: 120 });
    expect(new Date(quests.resetsAt).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('gamification.acknowledgeQuests', () => {
  test("marks the caller's celebrations seen; another user's stay untouched", async () => {
    const owner = await createUser(services);
    const other = await createUser(services);
    await completeQuest(owner, 'daily-challenges', '2026-05-04');
    await completeQuest(owner, 'xp-100', 'once');
    await completeQuest(other, 'daily-challenges', '2026-05-04');
    const caller = callerFor(services, owner);
    expect((await caller.gamification.getProgress()).celebrations.map((item) => item.questId)).toEqual(['daily-challenges', 'xp-100']);

    // The other user acknowledging the same keys touches only their own row.
    expect(await callerFor(services, other).gamification.acknowledgeQuests({ completions: [{ questId: 'daily-challenges', period: '2026-05-04' }, { questId: 'xp-100', period: 'once' }] })).toEqual({ acknowledged: 1 });
    expect(await seenOf(owner)).toEqual({ 'daily-challenges': false, 'xp-100': false });

    expect(await caller.gamification.acknowledgeQuests({ completions: [{ questId: 'daily-challenges', period: '2026-05-04' }] })).toEqual({ acknowledged: 1 });
    expect(await seenOf(owner)).toEqual({ 'daily-challenges': true, 'xp-100': false });
    expect((await caller.gamification.getProgress()).celebrations).toEqual([
      { questId: 'xp-100', period: 'once', points: 10, kind: 'milestone', target: 100 },
    ]);
    // A replay acknowledges nothing more; unknown keys are ignored.
    expect(await caller.gamification.acknowledgeQuests({ completions: [{ questId: 'daily-challenges', period: '2026-05-04' }, { questId: 'nope', period: 'once' }] })).toEqual({ acknowledged: 0 });
  });

  test('malformed completions are refused', async () => {
    const caller = callerFor(services, await createUser(services));
    const bad = [
      { completions: [{ questId: '', period: 'once' }] },
      { completions: [{ questId: 'xp-100', period: 'tomorrow' }] },
      { completions: [{ questId: 'xp-100', period: 'once', userId: 'someone' }] },
      { completions: Array.from({ length: 51 }, () => ({ questId: 'xp-100', period: 'once' })) },
    ];
    for (const input of bad) {
      await expect(caller.gamification.acknowledgeQuests(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('gamification access', () => {
  test('every procedure refuses the signed-out', async () => {
    const calls = [
      (caller: ReturnType<typeof callerFor>) => caller.gamification.getProgress(),
      (caller: ReturnType<typeof callerFor>) => caller.gamification.getStreak({ month: '2026-05' }),
      (caller: ReturnType<typeof callerFor>) => caller.gamification.getQuests(),
      (caller: ReturnType<typeof callerFor>) => caller.gamification.getLeaderboard({ period: 'week' }),
      (caller: ReturnType<typeof callerFor>) => caller.gamification.acknowledgeQuests({ completions: [] }),
    ];
    for (const call of calls) await expectRefused({ services, call, actors: ['anonymous'] });
  });

  test('getLeaderboard is part of the gamification router', async () => {
    const learner = await createUser(services);
    const board = await callerFor(services, learner).gamification.getLeaderboard({ period: 'all' });
    expect(board).toMatchObject({ period: 'all', me: { rank: null, xp: 0 } });
  });
});
