import { and, eq, sql } from 'drizzle-orm';
import { localDay, milestonesReached, weekStartUtc } from '../../shared/gamification-rules';
import type { Db } from '../db/client';
import { dailyActivity, questCompletion, user, weeklyXp } from '../db/schema';

/**
 * Every point a user earns goes through `awardPoints`: it raises the balance (`points`) and all points ever
 * earned (`xpTotal`), the XP of the current week (weeks start Monday 00:00 UTC) and of the user's local day, and then
 * completes the XP milestones now reached, each once, awarding their points the same way.
 *
 * It runs inside the caller's transaction. The increments are done by the database (`points = points + n`), and the
 * update locks the user's row until the transaction ends, so awards at the same time are applied one after the other
 * and none is lost; a milestone is a quest_completion row whose primary key makes a second one impossible.
 */
export interface Award {
  points: number;
  xpTotal: number;
  /** Milestone ids completed by this award. */
  milestones: string[];
}

async function raise(tx: Db, userId: string, amount: number, now: Date) {
  const [row] = await tx
    .update(user)
    .set({ points: sql`${user.points} + ${amount}`, xpTotal: sql`${user.xpTotal} + ${amount}` })
    .where(eq(user.id, userId))
    .returning({ points: user.points, xpTotal: user.xpTotal, timeZone: user.timeZone });
  if (!row) throw new Error(`user ${userId} vanished`);
  await tx
    .insert(weeklyXp)
    .values({ userId, weekStart: weekStartUtc(now), xp: amount })
    .onConflictDoUpdate({ target: [weeklyXp.userId, weeklyXp.weekStart], set: { xp: sql`${weeklyXp.xp} + ${amount}` } });
  await tx
    .insert(dailyActivity)
    .values({ userId, day: localDay(row.timeZone, now), xp: amount })
    .onConflictDoUpdate({ target: [dailyActivity.userId, dailyActivity.day], set: { xp: sql`${dailyActivity.xp} + ${amount}` } });
  return row;
}

export async function awardPoints(tx: Db, userId: string, amount: number, now: Date): Promise<Award> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`not an amount of points: ${amount}`);
  if (amount === 0) {
    const [row] = await tx.select({ points: user.points, xpTotal: user.xpTotal }).from(user).where(eq(user.id, userId));
    if (!row) throw new Error(`user ${userId} vanished`);
    return { ...row, milestones: [] };
  }
  let balance = await raise(tx, userId, amount, now);
  const done = new Set(
    (
      await tx
        .select({ questId: questCompletion.questId })
        .from(questCompletion)
        .where(and(eq(questCompletion.userId, userId), eq(questCompletion.period, 'once')))
    ).map((row) => row.questId),
  );
  const milestones: string[] = [];
  // A milestone's reward raises xpTotal and may reach the next one: one at a time, lowest first.
  for (;;) {
    const [next] = milestonesReached(balance.xpTotal, done);
    if (!next) break;
    done.add(next.id);
    const inserted = await tx
      .insert(questCompletion)
      .values({ userId, questId: next.id, period: 'once', points: next.points, completedAt: now })
      .onConflictDoNothing()
      .returning({ questId: questCompletion.questId });
    if (inserted.length === 0) continue;
    milestones.push(next.id);
    balance = await raise(tx, userId, next.points, now);
  }
  return { points: balance.points, xpTotal: balance.xpTotal, milestones };
}

