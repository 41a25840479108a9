import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { XP_MILESTONES } from '../../shared/gamification';
import { dailyActivity, questCompletion, user, weeklyXp } from '../db/schema';
import { createTestServices, createUser, type TestUser } from '../test/harness';
import { awardPoints } from './points';

const services = await createTestServices();
afterAll(() => services.close());

const award = (actor: TestUser, amount: number, now: Date) =>
  services.db.transaction((tx) => awardPoints(tx, actor.user.id, amount, now));

async function balances(actor: TestUser) {
  const [row] = await services.db
    .select({ points: user.points, xpTotal: user.xpTotal })
    .from(user)
    .where(eq(user.id, actor.user.id));
  return row;
}

async function milestonesOf(actor: TestUser) {
  const rows = await services.db
    .select({ questId: questCompletion.questId, period: questCompletion.period, points: questCompletion.points })
    .from(questCompletion)
    .where(eq(questCompletion.userId, actor.user.id))
    .orderBy(questCompletion.questId);
  return rows;
}

const milestone = (id: string) => {
  const found = XP_MILESTONES.find((item) => item.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('awardPoints', () => {
  test("raises points, xpTotal, this week's XP (Monday UTC) and the local day's XP", async () => {
    const learner = await createUser(services);
    await services.db.update(user).set({ timeZone: 'Europe/Berlin' }).where(eq(user.id, learner.user.id));
    // Sunday 23:30 UTC: still the week of Monday 16 November, but Monday 23 November in Berlin.
    await award(learner, 30, new Date('2026-11-22T23:30:00Z'));
    await award(learner, 20, new Date('2026-11-23T00:30:00Z'));
    expect(await balances(learner)).toEqual({ points: 50, xpTotal: 50 });
    const weeks = await services.db.select().from(weeklyXp).where(eq(weeklyXp.userId, learner.user.id)).orderBy(weeklyXp.weekStart);
    expect(weeks.map((row) => [row.weekStart, row.xp])).toEqual([
      ['2026-11-16', 30],
      ['2026-11-23', 20],
    ]);
    const days = await services.db.select().from(dailyActivity).where(eq(dailyActivity.userId, learner.user.id));
    expect(days.map((row) => [row.day, row.xp])).toEqual([['2026-11-23', 50]]);
  });

  test('spending lowers points only; xpTotal keeps all points ever earned', async () => {
    const learner = await createUser(services);
    await award(learner, 40, new Date('2026-05-04T10:00:00Z'));
    await services.db.update(user).set({ points: 0 }).where(eq(user.id, learner.user.id));
    await award(learner, 5, new Date('2026-05-04T11:00:00Z'));
    expect(await balances(learner)).toEqual({ points: 5, xpTotal: 45 });
  });

  test('milestones are completed once each, their rewards counted as XP and able to reach the next', async () => {
    const learner = await createUser(services);
    const now = new Date('2026-05-04T10:00:00Z');
    const first = await award(learner, 99, now);
    expect(first.milestones).toEqual([]);
    // 99 + 146 = 245; the 100 milestone's reward makes 255, which reaches 250.
    const second = await award(learner, 146, now);
    expect(second.milestones).toEqual(['xp-100', 'xp-250']);
    const total = 245 + milestone('xp-100').points + milestone('xp-250').points;
    expect(await balances(learner)).toEqual({ points: total, xpTotal: total });
    expect(await milestonesOf(learner)).toEqual([
      { questId: 'xp-100', period: 'once', points: milestone('xp-100').points },
      { questId: 'xp-250', period: 'once', points: milestone('xp-250').points },
    ]);
    // Points spent and earned again do not complete a milestone twice.
    await services.db.update(user).set({ points: 0 }).where(eq(user.id, learner.user.id));
    expect((await award(learner, 10, now)).milestones).toEqual([]);
    expect(await milestonesOf(learner)).toHaveLength(2);
    const [week] = await services.db.select().from(weeklyXp).where(eq(weeklyXp.userId, learner.user.id));
    expect(week?.xp).toBe(total + 10);
  });

  test('awards at the same time lose no update and complete a milestone once', async () => {
    const learner = await createUser(services);
    const now = new Date('2026-05-04T10:00:00Z');
    await Promise.all(Array.from({ length: 12 }, () => award(learner, 10, now)));
    const reward = milestone('xp-100').points;
    expect(await balances(learner)).toEqual({ points: 120 + reward, xpTotal: 120 + reward });
    expect(await milestonesOf(learner)).toEqual([{ questId: 'xp-100', period: 'once', points: reward }]);
    const [day] = await services.db
      .select({ xp: dailyActivity.xp })
      .from(dailyActivity)
      .where(and(eq(dailyActivity.userId, learner.user.id), eq(dailyActivity.day, '2026-05-04')));
    expect(day?.xp).toBe(120 + reward);
  });
});
