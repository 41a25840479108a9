import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { MAX_STREAK_FREEZES, type StreakInfo } from '../../shared/gamification';
import {
  addDays,
  datesOfMonth,
  localDay,
  settleStreak,
  streakChanged,
  type DateString,
  type SettledStreak,
  type StreakState,
} from '../../shared/gamification-rules';
import type { Db } from '../db/client';
import { dailyActivity, user } from '../db/schema';

/**
 * The streak on the server: kept on the user row (streak, longestStreak, streakLastDay, streakFreezes) and
 * settled by the rules of src/shared/gamification-rules.ts on the user's local date. Counting a day happens in
 * activity.ts; reading (getStreak, getProgress) settles too, so a broken streak reads 0 and a freeze is used as soon as
 * its missed day is over. A settlement is written under the user's row lock and only when it changes something.
 */

/** What gamification reads of the user row. */
export interface GamificationUser {
  streak: number;
  longestStreak: number;
  streakLastDay: string | null;
  streakFreezes: number;
  timeZone: string;
  plan: (typeof user.$inferSelect)['plan'];
  points: number;
  hearts: number;
  stars: number;
  xpTotal: number;
}

const columns = {
  streak: user.streak,
  longestStreak: user.longestStreak,
  streakLastDay: user.streakLastDay,
  streakFreezes: user.streakFreezes,
  timeZone: user.timeZone,
  plan: user.plan,
  points: user.points,
  hearts: user.hearts,
  stars: user.stars,
  xpTotal: user.xpTotal,
};

export async function readUser(db: Db, userId: string): Promise<GamificationUser> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

/** The user's row locked until the transaction ends: every change to balances and the streak starts here. */
export async function lockUser(tx: Db, userId: string): Promise<GamificationUser> {
  const [row] = await tx.select(columns).from(user).where(eq(user.id, userId)).for('update');
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

export function streakStateOf(row: GamificationUser): StreakState {
  return { streak: row.streak, longest: row.longestStreak, lastDay: row.streakLastDay, freezes: row.streakFreezes };
}

/**
 * Settles the streak of a locked row on `today` and writes what changed: the user's streak columns and the days a
 * freeze covered (daily_activity.freezeUsed).
 */
export async function applyStreak(
  tx: Db,
  userId: string,
  row: GamificationUser,
  today: DateString,
  activeToday: boolean,
): Promise<SettledStreak> {
  const before = streakStateOf(row);
  const after = settleStreak(before, today, activeToday);
  if (!streakChanged(before, after)) return after;
  await tx
    .update(user)
    .set({ streak: after.streak, longestStreak: after.longest, streakLastDay: after.lastDay, streakFreezes: after.freezes })
    .where(eq(user.id, userId));
  for (const day of after.frozenDays) {
    await tx
      .insert(dailyActivity)
      .values({ userId, day, freezeUsed: true })
      .onConflictDoUpdate({ target: [dailyActivity.userId, dailyActivity.day], set: { freezeUsed: true } });
  }
  return after;
}

/**
 * The settlement of a read: without a lock while nothing changes (the common case), and otherwise in a transaction
 * on the locked row, settled again from what the lock saw. Answers the user row as it is after.
 */
export async function settleOnRead(db: Db, userId: string, now: Date): Promise<{ row: GamificationUser; today: DateString }> {
  const seen = await readUser(db, userId);
  const today = localDay(seen.timeZone, now);
  if (!streakChanged(streakStateOf(seen), settleStreak(streakStateOf(seen), today))) return { row: seen, today };
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    const lockedToday = localDay(row.timeZone, now);
    const settled = await applyStreak(tx, userId, row, lockedToday, false);
    return {
      row: { ...row, streak: settled.streak, longestStreak: settled.longest, streakLastDay: settled.lastDay, streakFreezes: settled.freezes },
      today: lockedToday,
    };
  });
}

/** How many days back `recentFreezes` looks (today included). */
const RECENT_FREEZE_DAYS = 30;

export async function getStreak(options: { db: Db; userId: string; month?: string | undefined; now?: Date }): Promise<StreakInfo> {
  const { db, userId, now = new Date() } = options;
  const { row, today } = await settleOnRead(db, userId, now);
  const month = options.month ?? today.slice(0, 7);
  const dates = datesOfMonth(month);
  const first = dates[0] ?? `${month}-01`;
  const last = dates[dates.length - 1] ?? first;
  const activity = await db
    .select({ day: dailyActivity.day, lessons: dailyActivity.lessons, flashcards: dailyActivity.flashcards, freezeUsed: dailyActivity.freezeUsed })
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, userId), gte(dailyActivity.day, first), lte(dailyActivity.day, last)));
  const byDay = new Map(activity.map((item) => [item.day, item]));
  const activeToday = row.streakLastDay === today;
  const days = dates.map((date) => {
    const item = byDay.get(date);
    return {
      date,
      active: (date === today && activeToday) || (item !== undefined && (item.lessons > 0 || item.flashcards > 0)),
      frozen: item?.freezeUsed ?? false,
    };
  });
  const frozen = await db
    .select({ day: dailyActivity.day })
    .from(dailyActivity)
    .where(
      and(
        eq(dailyActivity.userId, userId),
        eq(dailyActivity.freezeUsed, true),
        gte(dailyActivity.day, addDays(today, -(RECENT_FREEZE_DAYS - 1))),
        lte(dailyActivity.day, today),
      ),
    )
    .orderBy(desc(dailyActivity.day));
  return {
    current: row.streak,
    longest: row.longestStreak,
    activeToday,
    freezes: row.streakFreezes,
    maxFreezes: MAX_STREAK_FREEZES,
    today,
    timeZone: row.timeZone,
    month,
    days,
    recentFreezes: frozen.map((item) => item.day),
  };
}
