import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { HEART_REFILL_COST, MAX_STREAK_FREEZES, STREAK_FREEZE_COST, type PurchaseResult } from '../../shared/gamification';
import { MAX_HEARTS } from '../../shared/lesson-rules';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { purchase, user } from '../db/schema';
import type { ShopItem } from '../db/schema/gamification';
import { AppError } from '../errors';

/**
 * The shop: refilling hearts and buying a streak freeze for points. A purchase is one transaction with the
 * user's row locked, so two clicks at once are served one after the other. Each click carries a request id: a request
 * served before (a purchase row with the same user and request id) is answered with the current balances and charges
 * nothing, also when the replay races the first request (the unique index on (user, request id) decides). Points are
 * lowered with a conditional update (points ≥ cost), a second guard against a negative balance.
 */
export interface PurchaseOptions {
  db: Db;
  userId: string;
  requestId: string;
}

const unlimitedHearts = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Your plan has unlimited hearts, so there is nothing to refill.',
    messageKey: 'shopUnlimitedHearts',
  });

const heartsFull = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Your hearts are already full. Come back when you need a refill.',
    messageKey: 'shopHeartsFull',
  });

const refillTooFewPoints = (points: number) =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: `You need ${HEART_REFILL_COST} points to refill your hearts — you have ${points}. Answer a few challenges to earn more.`,
    messageKey: 'shopRefillTooFewPoints',
    messageParams: { cost: HEART_REFILL_COST, points },
  });

const freezeTooFewPoints = (points: number) =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: `A streak freeze costs ${STREAK_FREEZE_COST} points — you have ${points}. Answer a few challenges to earn more.`,
    messageKey: 'shopFreezeTooFewPoints',
    messageParams: { cost: STREAK_FREEZE_COST, points },
  });

const freezeLimit = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: `You already have ${MAX_STREAK_FREEZES} streak freezes, the most you can hold. One is used automatically when you miss a day.`,
    messageKey: 'shopFreezeLimit',
    messageParams: { max: MAX_STREAK_FREEZES },
  });

const balanceColumns = { points: user.points, hearts: user.hearts, streakFreezes: user.streakFreezes };

async function lockedUser(db: Db, userId: string) {
  const [row] = await db
    .select({ ...balanceColumns, plan: user.plan })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

async function served(db: Db, userId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchase.id })
    .from(purchase)
    .where(and(eq(purchase.userId, userId), eq(purchase.requestId, requestId)))
    .limit(1);
  return row !== undefined;
}

function replayOf(balances: { points: number; hearts: number; streakFreezes: number }): PurchaseResult {
  return { points: balances.points, hearts: balances.hearts, streakFreezes: balances.streakFreezes, replayed: true };
}

/** A purchase: refused (`refusal`) or charged `cost` with `changes`, recorded under the request id; replays answered. */
async function buy(
  options: PurchaseOptions,
  item: ShopItem,
  cost: number,
  decide: (owner: Awaited<ReturnType<typeof lockedUser>>) => {
    refusal?: AppError;
    changes: { hearts?: number; streakFreezes?: SQL };
    tooFewPoints: (points: number) => AppError;
  },
): Promise<PurchaseResult> {
  const { db, userId, requestId } = options;
  return db.transaction(async (tx) => {
    const owner = await lockedUser(tx, userId);
    if (await served(tx, userId, requestId)) return replayOf(owner);
    const { refusal, changes, tooFewPoints } = decide(owner);
    if (refusal) throw refusal;
    if (owner.points < cost) throw tooFewPoints(owner.points);
    // The unique index decides between two requests with the same id; the one that loses is a replay.
    const [recorded] = await tx
      .insert(purchase)
      .values({ userId, requestId, item, cost })
      .onConflictDoNothing({ target: [purchase.userId, purchase.requestId] })
      .returning({ id: purchase.id });
    if (!recorded) return replayOf(owner);
    const [after] = await tx
      .update(user)
      .set({ points: sql`${user.points} - ${cost}`, ...changes })
      .where(and(eq(user.id, userId), gte(user.points, cost)))
      .returning(balanceColumns);
    // Unreachable while the row is locked; throwing rolls the purchase row back with it.
    if (!after) throw tooFewPoints(owner.points);
    return { ...after, replayed: false };
  });
}

/** Hearts back to the maximum for HEART_REFILL_COST points; not for plans with unlimited hearts, nor when full. */
export function refillHearts(options: PurchaseOptions): Promise<PurchaseResult> {
  return buy(options, 'heart_refill', HEART_REFILL_COST, (owner) => ({
    refusal: PLANS[owner.plan].unlimitedHearts ? unlimitedHearts() : owner.hearts >= MAX_HEARTS ? heartsFull() : undefined,
    changes: { hearts: MAX_HEARTS },
    tooFewPoints: refillTooFewPoints,
  }));
}

/** One more streak freeze for STREAK_FREEZE_COST points, up to MAX_STREAK_FREEZES held. */
export function buyStreakFreeze(options: PurchaseOptions): Promise<PurchaseResult> {
  return buy(options, 'streak_freeze', STREAK_FREEZE_COST, (owner) => ({
    refusal: owner.streakFreezes >= MAX_STREAK_FREEZES ? freezeLimit() : undefined,
    changes: { streakFreezes: sql`${user.streakFreezes} + 1` },
    tooFewPoints: freezeTooFewPoints,
  }));
}
