import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { weekStartUtc } from '../../../shared/gamification-rules';
import { user, weeklyXp } from '../../db/schema';
import { callerFor as appCallerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

const callerFor = (actor: TestUser | null) => appCallerFor(services, actor).gamification;

async function earn(actor: TestUser, weekXp: number, xpTotal: number) {
  await services.db.update(user).set({ xpTotal, image: `https://img.example/${actor.user.username}.png` }).where(eq(user.id, actor.user.id));
  await services.db.insert(weeklyXp).values({ userId: actor.user.id, weekStart: weekStartUtc(new Date()), xp: weekXp });
}

describe('gamification.getLeaderboard', () => {
  test('answers this week and all time for the signed-in user, names and emails left out', async () => {
    const leader = await createUser(services, { name: 'Leader Private Name' });
    const runnerUp = await createUser(services, { name: 'Runner Private Name' });
    const idle = await createUser(services, { name: 'Idle Private Name' });
    await earn(leader, 80, 100);
    await earn(runnerUp, 30, 400);
    const week = await callerFor(runnerUp).getLeaderboard({ period: 'week' });
    expect(week.weekStart).toBe(weekStartUtc(new Date()));
    expect(week.resetsAt).toBe(new Date(Date.parse(`${week.weekStart}T00:00:00Z`) + 7 * 86_400_000).toISOString());
    expect(week.entries).toEqual([
      { rank: 1, username: leader.user.username, image: `https://img.example/${leader.user.username}.png`, xp: 80, isMe: false },
      { rank: 2, username: runnerUp.user.username, image: `https://img.example/${runnerUp.user.username}.png`, xp: 30, isMe: true },
    ]);
    const all = await callerFor(runnerUp).getLeaderboard({ period: 'all' });
    expect(all.entries.map((entry) => [entry.rank, entry.username, entry.xp])).toEqual([
      [1, runnerUp.user.username, 400],
      [2, leader.user.username, 100],
    ]);
    expect(all.me).toMatchObject({ rank: 1, xp: 400 });
    const idleBoard = await callerFor(idle).getLeaderboard({ period: 'week' });
    expect(idleBoard.me).toEqual({ rank: null, username: idle.user.username, image: null, xp: 0 });

    // What the client receives: no name, email or id of anyone.
    for (const board of [week, all, idleBoard]) {
      const json = JSON.stringify(board);
      for (const actor of [leader, runnerUp, idle]) {
        expect(json).not.toContain(actor.user.id);
        expect(json).not.toContain(actor.user.name);
        expect(json).not.toContain(actor.user.email);
      }
    }
  });

  test('signed out: refused', async () => {
    await expect(callerFor(null).getLeaderboard({ period: 'all' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test.each([
    ['an unknown period', { period: 'month' }],
    ['no period', {}],
    ['an extra key', { period: 'week', userId: 'someone' }],
  ])('%s: refused as BAD_REQUEST', async (_case, input) => {
    const actor = await createUser(services);
    // A forged input, on purpose not of the procedure's input type.
    const forged = input as unknown as { period: 'week' };
    await expect(callerFor(actor).getLeaderboard(forged)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('is plugged into the app router as gamification.getLeaderboard', async () => {
    const actor = await createUser(services);
    expect((await appCallerFor(services, actor).gamification.getLeaderboard({ period: 'all' })).me).toMatchObject({ username: actor.user.username });
    await expectRefused({ services, call: (caller) => caller.gamification.getLeaderboard({ period: 'week' }), actors: ['anonymous'] });
  });
});
