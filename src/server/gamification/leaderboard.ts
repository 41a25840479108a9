import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardEntry, type LeaderboardPeriod } from '../../shared/gamification';
import { safeProfileImage } from '../../shared/profile';
import { nextWeekStartUtc, weekStartUtc } from '../../shared/gamification-rules';
import type { Db } from '../db/client';
import { user, weeklyXp } from '../db/schema';

/**
 * The leaderboard: this week's XP (weekly_xp of the week starting Monday 00:00 UTC, by the server's clock)
 * or all XP ever earned (user.xpTotal). Only users with XP in the period are placed; the top LEADERBOARD_SIZE by XP,
 * then username; competition ranks (1, 2, 2, 4) computed by the database. The caller's own place is always answered.
 * Only usernames and avatars leave the server: no names, emails or ids.
 */
export interface LeaderboardOptions {
  db: Db;
  userId: string;
  period: LeaderboardPeriod;
  /** The server's clock; tests pass their own. */
  now?: Date;
}

/** Shown for an account without a username (sign-up requires one; older or imported rows may lack it). */
export const ANONYMOUS_USERNAME = '—';

interface Standing {
  userId: string;
  username: string | null;
  image: string | null;
  xp: number;
  rank: number;
}

function entryOf(row: Standing, userId: string): LeaderboardEntry {
  return { rank: row.rank, username: row.username ?? ANONYMOUS_USERNAME, image: safeProfileImage(row.image), xp: row.xp, isMe: row.userId === userId };
}

async function weekBoard(db: Db, userId: string, weekStart: string) {
  const inWeek = and(eq(weeklyXp.weekStart, weekStart), gt(weeklyXp.xp, 0));
  const top: Standing[] = await db
    .select({
      userId: user.id,
      username: user.username,
      image: user.image,
      xp: weeklyXp.xp,
      rank: sql<number>`rank() over (order by ${weeklyXp.xp} desc)`.mapWith(Number),
    })
    .from(weeklyXp)
    .innerJoin(user, eq(user.id, weeklyXp.userId))
    .where(inWeek)
    .orderBy(desc(weeklyXp.xp), sql`${user.username} asc nulls last`, user.id)
    .limit(LEADERBOARD_SIZE);
  const [mine] = await db
    .select({ xp: weeklyXp.xp })
    .from(weeklyXp)
    .where(and(eq(weeklyXp.userId, userId), eq(weeklyXp.weekStart, weekStart)))
    .limit(1);
  const xp = mine?.xp ?? 0;
  const [ahead] = xp > 0 ? await db.select({ n: count() }).from(weeklyXp).where(and(inWeek, gt(weeklyXp.xp, xp))) : [];
  return { top, xp, rank: ahead ? ahead.n + 1 : null };
}

async function allTimeBoard(db: Db, userId: string, xp: number) {
  const top: Standing[] = await db
    .select({
      userId: user.id,
      username: user.username,
      image: user.image,
      xp: user.xpTotal,
      rank: sql<number>`rank() over (order by ${user.xpTotal} desc)`.mapWith(Number),
    })
    .from(user)
    .where(gt(user.xpTotal, 0))
    .orderBy(desc(user.xpTotal), sql`${user.username} asc nulls last`, user.id)
    .limit(LEADERBOARD_SIZE);
  const [ahead] = xp > 0 ? await db.select({ n: count() }).from(user).where(gt(user.xpTotal, xp)) : [];
  return { top, xp, rank: ahead ? ahead.n + 1 : null };
}

export async function getLeaderboard(options: LeaderboardOptions): Promise<Leaderboard> {
  const { db, userId, period } = options;
  const [me] = await db
    .select({ username: user.username, image: user.image, xpTotal: user.xpTotal })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!me) throw new Error(`user ${userId} vanished`);
  const profile = { username: me.username ?? ANONYMOUS_USERNAME, image: safeProfileImage(me.image) };
  if (period === 'all') {
    const board = await allTimeBoard(db, userId, me.xpTotal);
    return {
      period,
      weekStart: null,
      resetsAt: null,
      entries: board.top.map((row) => entryOf(row, userId)),
      me: { ...profile, rank: board.rank, xp: board.xp },
    };
  }
  const now = options.now ?? new Date();
  const weekStart = weekStartUtc(now);
  const board = await weekBoard(db, userId, weekStart);
  return {
    period,
    weekStart,
    resetsAt: nextWeekStartUtc(now).toISOString(),
    entries: board.top.map((row) => entryOf(row, userId)),
    me: { ...profile, rank: board.rank, xp: board.xp },
  };
}
