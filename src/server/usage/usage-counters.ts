import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usageCounter } from '../db/schema';

/**
 * Metered allowances of a plan (uploads per month; later chat messages per day, mind maps, AI decks): one counter row
 * per user, kind and period. `reserveUsage` checks the limit and counts up in one atomic statement, so two requests
 * at once can never both take the last unit; `releaseUsage` gives units back when what they paid for could not be
 * made after all. Deleting what was made gives nothing back.
 */
/** 'mindMaps' and 'decksAI' count generated mind maps and AI decks (src/server/study/pipeline/pipeline.ts); 'chatMessages' the
 * questions asked of the tutor per day. */
export type UsageKind = 'uploads' | 'mindMaps' | 'decksAI' | 'chatMessages';

export type UsagePeriodLength = 'month' | 'day';

/** The period `now` falls in, UTC: '2026-11' for a month, '2026-11-05' for a day. */
export function usagePeriod(length: UsagePeriodLength, now: Date = new Date()): string {
  const iso = now.toISOString();
  return length === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
}

export interface UsageKey {
  userId: string;
  kind: UsageKind;
  period: string;
}

/** Units reserved by reserveUsage: pass it to releaseUsage to give them back. */
export interface UsageReservation extends UsageKey {
  amount: number;
}

export type ReserveResult = { ok: true; reservation: UsageReservation; used: number } | { ok: false; used: number };

const keyOf = ({ userId, kind, period }: UsageKey) =>
  and(eq(usageCounter.userId, userId), eq(usageCounter.kind, kind), eq(usageCounter.period, period));

/** Units used so far in the period (0 when nothing was counted yet). */
export async function getUsage(db: Db, key: UsageKey): Promise<number> {
  const [row] = await db.select({ count: usageCounter.count }).from(usageCounter).where(keyOf(key)).limit(1);
  return row?.count ?? 0;
}

/**
 * Counts `amount` units if that keeps the period within `limit`, else counts nothing. One statement: the insert
 * creates the row, or the conflicting row is locked and updated only when the new total fits, so concurrent callers
 * are serialised by PostgreSQL and the total never passes the limit. `used` is the total after a success, or the
 * total found on a refusal.
 */
export async function reserveUsage(db: Db, key: UsageKey & { amount: number; limit: number }): Promise<ReserveResult> {
  const { amount, limit, ...counterKey } = key;
  if (!Number.isInteger(amount) || amount < 1) throw new Error(`reserveUsage: invalid amount ${amount}`);
  if (amount > limit) return { ok: false, used: await getUsage(db, counterKey) };
  const [row] = await db
    .insert(usageCounter)
    .values({ ...counterKey, count: amount })
    .onConflictDoUpdate({
      target: [usageCounter.userId, usageCounter.kind, usageCounter.period],
      set: { count: sql`${usageCounter.count} + excluded.count`, updatedAt: new Date() },
      setWhere: sql`${usageCounter.count} + excluded.count <= ${limit}`,
    })
    .returning({ count: usageCounter.count });
  if (!row) return { ok: false, used: await getUsage(db, counterKey) };
  return { ok: true, reservation: { ...counterKey, amount }, used: row.count };
}

/** Gives back units of a reservation whose work failed; never counts below zero. */
export async function releaseUsage(db: Db, reservation: UsageReservation): Promise<void> {
  await db
    .update(usageCounter)
    .set({ count: sql`greatest(${usageCounter.count} - ${reservation.amount}, 0)`, updatedAt: new Date() })
    .where(keyOf(reservation));
}
