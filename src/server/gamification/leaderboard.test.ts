import { randomUUID } from 'node:crypto';
import { count, gt } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { LEADERBOARD_SIZE, type Leaderboard } from '../../shared/gamification';
import { user, weeklyXp } from '../db/schema';
import { createTestServices } from '../test/harness';
import { ANONYMOUS_USERNAME, getLeaderboard } from './leaderboard';

const services = await createTestServices();
afterAll(() => services.close());
const db = services.db;

interface Learner {
  id: string;
  name: string;
  email: string;
  username: string | null;
}

/** Users straight into the table (signing up 2,000 through better-auth would take minutes). */
async function insertLearners(specs: { username: string | null; xpTotal?: number; image?: string }[]): Promise<Learner[]> {
  const rows = specs.map((spec) => {
    const id = randomUUID();
    return {
      id,
      name: `Full Name ${id.slice(0, 8)}`,
      email: `mail-${id}@example.test`,
      username: spec.username,
      image: spec.image ?? null,
      xpTotal: spec.xpTotal ?? 0,
    };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(user).values(rows.slice(start, start + 500));
  return rows.map(({ id, name, email, username }) => ({ id, name, email, username }));
}

async function giveWeekXp(weekStart: string, entries: [Learner, number][]) {
  const rows = entries.map(([learner, xp]) => ({ userId: learner.id, weekStart, xp }));
  for (let start = 0; start < rows.length; start += 500) await db.insert(weeklyXp).values(rows.slice(start, start + 500));
}

/** A Monday, checked, and an instant in its week. */
function monday(date: string): string {
  if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) throw new Error(`${date} is not a Monday`);
  return date;
}

const places = (board: Leaderboard) => board.entries.map((entry) => [entry.rank, entry.username, entry.xp]);

describe('getLeaderboard: this week', () => {
  test('ranks by XP with competition ranks (1, 2, 2, 4), ties by username; only XP of this week counts', async () => {
    const week = monday('2025-03-03');
    const [dora, bert, anna, carl, zero, lastWeek] = await insertLearners([
      { username: 'w1dora' },
      { username: 'w1bert', image: 'https://img.example/bert.png' },
      { username: 'w1anna' },
      { username: 'w1carl' },
      { username: 'w1zero' },
      { username: 'w1last' },
    ]) as [Learner, Learner, Learner, Learner, Learner, Learner];
    await giveWeekXp(week, [
      [dora, 90],
      [bert, 60],
      [anna, 60],
      [carl, 20],
      [zero, 0],
    ]);
    await giveWeekXp('2025-02-24', [[lastWeek, 500]]);
    const board = await getLeaderboard({ db, userId: carl.id, period: 'week', now: new Date('2025-03-05T12:00:00Z') });
    expect(board).toMatchObject({ period: 'week', weekStart: week, resetsAt: '2025-03-10T00:00:00.000Z' });
    expect(places(board)).toEqual([
      [1, 'w1dora', 90],
      [2, 'w1anna', 60],
      [2, 'w1bert', 60],
      [4, 'w1carl', 20],
    ]);
    expect(board.entries[2]).toEqual({ rank: 2, username: 'w1bert', image: 'https://img.example/bert.png', xp: 60, isMe: false });
    expect(board.entries.filter((entry) => entry.isMe).map((entry) => entry.username)).toEqual(['w1carl']);
    expect(board.me).toEqual({ rank: 4, username: 'w1carl', image: null, xp: 20 });
  });

  test('the caller without XP this week is still answered, with rank null', async () => {
    const week = monday('2025-05-05');
    const [someone, idle] = (await insertLearners([{ username: 'w2someone' }, { username: 'w2idle', xpTotal: 900 }])) as [Learner, Learner];
    await giveWeekXp(week, [[someone, 10], [idle, 0]]);
    const board = await getLeaderboard({ db, userId: idle.id, period: 'week', now: new Date('2025-05-11T08:00:00Z') });
    expect(places(board)).toEqual([[1, 'w2someone', 10]]);
    expect(board.me).toEqual({ rank: null, username: 'w2idle', image: null, xp: 0 });
  });

  test('weekly reset: last week counts until Sunday 23:59:59 UTC, not from Monday 00:00 UTC', async () => {
    const lastWeek = monday('2025-06-09');
    const [learner] = (await insertLearners([{ username: 'w3reset' }])) as [Learner];
    await giveWeekXp(lastWeek, [[learner, 42]]);
    const sunday = await getLeaderboard({ db, userId: learner.id, period: 'week', now: new Date('2025-06-15T23:59:59.999Z') });
    expect(sunday).toMatchObject({ weekStart: lastWeek, resetsAt: '2025-06-16T00:00:00.000Z', me: { rank: 1, xp: 42 } });
    expect(places(sunday)).toEqual([[1, 'w3reset', 42]]);
    const mondayMidnight = await getLeaderboard({ db, userId: learner.id, period: 'week', now: new Date('2025-06-16T00:00:00.000Z') });
    expect(mondayMidnight).toMatchObject({ weekStart: '2025-06-16', resetsAt: '2025-06-23T00:00:00.000Z', entries: [], me: { rank: null, xp: 0 } });
  });

  test('a user without a username is shown with a neutral fallback', async () => {
    const week = monday('2025-07-07');
    const [nameless, named] = (await insertLearners([{ username: null }, { username: 'w4named' }])) as [Learner, Learner];
    await giveWeekXp(week, [[nameless, 30], [named, 30]]);
    const board = await getLeaderboard({ db, userId: nameless.id, period: 'week', now: new Date('2025-07-08T00:00:00Z') });
    expect(places(board)).toEqual([
      [1, 'w4named', 30],
      [1, ANONYMOUS_USERNAME, 30],
    ]);
    expect(board.me).toEqual({ rank: 1, username: ANONYMOUS_USERNAME, image: null, xp: 30 });
  });

  test('the answer holds usernames and avatars only: no names, emails or ids', async () => {
    const week = monday('2025-08-04');
    const learners = await insertLearners([{ username: 'w5one' }, { username: 'w5two', image: 'https://img.example/two.png' }, { username: 'w5three' }]);
    await giveWeekXp(week, learners.map((learner, index) => [learner, 10 * (index + 1)] as [Learner, number]));
    const me = learners[0] as Learner;
    for (const period of ['week', 'all'] as const) {
      const board = await getLeaderboard({ db, userId: me.id, period, now: new Date('2025-08-06T00:00:00Z') });
      const json = JSON.stringify(board);
      for (const learner of learners) {
        expect(json).not.toContain(learner.id);
        expect(json).not.toContain(learner.name);
        expect(json).not.toContain(learner.email);
      }
      for (const entry of [...board.entries, board.me]) {
        expect(Object.keys(entry).sort()).toEqual(expect.arrayContaining(['image', 'rank', 'username', 'xp']));
        expect(Object.keys(entry).every((key) => ['image', 'rank', 'username', 'xp', 'isMe'].includes(key))).toBe(true);
      }
    }
  });
});

describe('getLeaderboard: all time', () => {
  test('ranks by xpTotal, only users with XP, weekStart and resetsAt null', async () => {
    // Far above everyone else of this file, so these four are the top.
    const [, , , fourth] = (await insertLearners([
      { username: 'a1first', xpTotal: 9_000_000 },
      { username: 'a1second', xpTotal: 8_000_000 },
      { username: 'a1third', xpTotal: 8_000_000 },
      { username: 'a1fourth', xpTotal: 7_000_000 },
    ])) as [Learner, Learner, Learner, Learner];
    const board = await getLeaderboard({ db, userId: fourth.id, period: 'all' });
    expect(board).toMatchObject({ period: 'all', weekStart: null, resetsAt: null });
    expect(places(board).slice(0, 4)).toEqual([
      [1, 'a1first', 9_000_000],
      [2, 'a1second', 8_000_000],
      [2, 'a1third', 8_000_000],
      [4, 'a1fourth', 7_000_000],
    ]);
    expect(board.me).toEqual({ rank: 4, username: 'a1fourth', image: null, xp: 7_000_000 });
    expect(board.entries.every((entry) => entry.xp > 0)).toBe(true);
  });

  test('a user with no XP at all gets rank null and is not listed', async () => {
    const [fresh] = (await insertLearners([{ username: 'a2fresh' }])) as [Learner];
    const board = await getLeaderboard({ db, userId: fresh.id, period: 'all' });
    expect(board.me).toEqual({ rank: null, username: 'a2fresh', image: null, xp: 0 });
    expect(board.entries.map((entry) => entry.username)).not.toContain('a2fresh');
  });
});

describe('getLeaderboard with 2,000 users', () => {
  test('the top 50 and the caller’s own place stay right', { timeout: 120_000 }, async () => {
    const week = monday('2025-09-01');
    // Few distinct XP values, so that ties are many; names of lowercase letters and digits sort alike in any collation.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const specs = Array.from({ length: 2000 }, (_, index) => ({
      username: `v${String(index).padStart(4, '0')}`,
      xpTotal: 50_000_000 + Math.floor(random() * 400) * 1000,
      weekXp: Math.floor(random() * 300),
    }));
    const learners = await insertLearners(specs);
    await giveWeekXp(week, learners.map((learner, index) => [learner, specs[index]?.weekXp ?? 0] as [Learner, number]));
    const mine = specs.findIndex((spec, index) => index > 1000 && spec.weekXp > 0 && spec.weekXp < 150);
    expect(mine).toBeGreaterThan(1000);
    const me = learners[mine] as Learner;

    const weekly = specs.filter((spec) => spec.weekXp > 0).map((spec) => ({ username: spec.username, xp: spec.weekXp }));
    const expected = (rows: { username: string; xp: number }[]) =>
      [...rows]
        .sort((a, b) => b.xp - a.xp || (a.username < b.username ? -1 : 1))
        .slice(0, LEADERBOARD_SIZE)
        .map((row) => [rows.filter((other) => other.xp > row.xp).length + 1, row.username, row.xp]);

    const board = await getLeaderboard({ db, userId: me.id, period: 'week', now: new Date('2025-09-03T10:00:00Z') });
    expect(board.entries).toHaveLength(LEADERBOARD_SIZE);
    expect(places(board)).toEqual(expected(weekly));
    const myXp = specs[mine]?.weekXp ?? 0;
    expect(board.me).toEqual({ rank: weekly.filter((row) => row.xp > myXp).length + 1, username: me.username, image: null, xp: myXp });
    expect(board.me.rank).toBeGreaterThan(LEADERBOARD_SIZE);
    expect(board.entries.some((entry) => entry.isMe)).toBe(false);

    // All time: these users' xpTotal is above everyone else's in this file; the rank counts every user.
    const all = await getLeaderboard({ db, userId: me.id, period: 'all' });
    const allTime = specs.map((spec) => ({ username: spec.username, xp: spec.xpTotal }));
    expect(places(all)).toEqual(expected(allTime));
    const myTotal = specs[mine]?.xpTotal ?? 0;
    const [ahead] = await db.select({ n: count() }).from(user).where(gt(user.xpTotal, myTotal));
    expect(all.me).toEqual({ rank: (ahead?.n ?? 0) + 1, username: me.username, image: null, xp: myTotal });
    expect(all.me.rank).toBe(allTime.filter((row) => row.xp > myTotal).length + 1);
  });
});
