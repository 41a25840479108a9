import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { HEART_REFILL_COST, MAX_STREAK_FREEZES, STREAK_FREEZE_COST } from '../../shared/gamification';
import { MAX_HEARTS } from '../../shared/lesson-rules';
import { purchase, user } from '../db/schema';
import { AppError } from '../errors';
import { createTestServices, createUser } from '../test/harness';
import { buyStreakFreeze, refillHearts } from './shop';

const services = await createTestServices();
afterAll(() => services.close());
const db = services.db;

type Balances = { points: number; hearts: number; streakFreezes: number };

async function learner(values: Partial<Balances & { plan: 'free' | 'pro' | 'ultra' | 'enterprise' }>) {
  const created = await createUser(services);
  await db.update(user).set(values).where(eq(user.id, created.user.id));
  return created.user.id;
}

async function balancesOf(userId: string): Promise<Balances> {
  const [row] = await db
    .select({ points: user.points, hearts: user.hearts, streakFreezes: user.streakFreezes })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new Error('no such user');
  return row;
}

async function purchasesOf(userId: string) {
  return db.select({ item: purchase.item, cost: purchase.cost, requestId: purchase.requestId }).from(purchase).where(eq(purchase.userId, userId));
}

/** The AppError a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('refillHearts', () => {
  test('spends HEART_REFILL_COST points, fills the hearts and records the purchase', async () => {
    const userId = await learner({ points: 70, hearts: 1, streakFreezes: 1 });
    const requestId = randomUUID();
    expect(await refillHearts({ db, userId, requestId })).toEqual({ points: 70 - HEART_REFILL_COST, hearts: MAX_HEARTS, streakFreezes: 1, replayed: false });
    expect(await balancesOf(userId)).toEqual({ points: 20, hearts: MAX_HEARTS, streakFreezes: 1 });
    expect(await purchasesOf(userId)).toEqual([{ item: 'heart_refill', cost: HEART_REFILL_COST, requestId }]);
  });

  test('with exactly the cost leaves zero points', async () => {
    const userId = await learner({ points: HEART_REFILL_COST, hearts: 0 });
    expect(await refillHearts({ db, userId, requestId: randomUUID() })).toMatchObject({ points: 0, hearts: MAX_HEARTS });
  });

  test('too few points: refused with the cost and the points, nothing changes', async () => {
    const userId = await learner({ points: 20, hearts: 2, streakFreezes: 1 });
    const error = await refusal(refillHearts({ db, userId, requestId: randomUUID() }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'shopRefillTooFewPoints', messageParams: { cost: 50, points: 20 } });
    expect(error.userMessage).toBe('You need 50 points to refill your hearts — you have 20. Answer a few challenges to earn more.');
    expect(await balancesOf(userId)).toEqual({ points: 20, hearts: 2, streakFreezes: 1 });
    expect(await purchasesOf(userId)).toEqual([]);
  });

  test('hearts already full: refused, nothing charged', async () => {
    const userId = await learner({ points: 500, hearts: MAX_HEARTS });
    expect(await refusal(refillHearts({ db, userId, requestId: randomUUID() }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'shopHeartsFull' });
    expect(await balancesOf(userId)).toEqual({ points: 500, hearts: MAX_HEARTS, streakFreezes: 0 });
    expect(await purchasesOf(userId)).toEqual([]);
  });

  test.each(['pro', 'ultra', 'enterprise'] as const)('a %s plan has unlimited hearts: refused, nothing charged', async (plan) => {
    const userId = await learner({ points: 500, hearts: 0, plan });
    expect(await refusal(refillHearts({ db, userId, requestId: randomUUID() }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'shopUnlimitedHearts' });
    expect(await balancesOf(userId)).toEqual({ points: 500, hearts: 0, streakFreezes: 0 });
  });

  test('the same request id twice charges once; the second answers the current balances as replayed', async () => {
    const userId = await learner({ points: 200, hearts: 1 });
    const requestId = randomUUID();
    await refillHearts({ db, userId, requestId });
    // Hearts were spent meanwhile: the replay is not refused as "full", nor charged again.
    await db.update(user).set({ hearts: 3 }).where(eq(user.id, userId));
    expect(await refillHearts({ db, userId, requestId })).toEqual({ points: 150, hearts: 3, streakFreezes: 0, replayed: true });
    expect(await balancesOf(userId)).toEqual({ points: 150, hearts: 3, streakFreezes: 0 });
    expect(await purchasesOf(userId)).toHaveLength(1);
  });

  test('the same request id twice at once charges once', async () => {
    const userId = await learner({ points: 200, hearts: 1 });
    const requestId = randomUUID();
    const results = await Promise.all([refillHearts({ db, userId, requestId }), refillHearts({ db, userId, requestId })]);
    expect(results.map((result) => result.replayed).sort()).toEqual([false, true]);
    expect(await balancesOf(userId)).toEqual({ points: 150, hearts: MAX_HEARTS, streakFreezes: 0 });
    expect(await purchasesOf(userId)).toHaveLength(1);
  });

  test('a request id is per user: another user may use the same one', async () => {
    const first = await learner({ points: 60, hearts: 0 });
    const second = await learner({ points: 60, hearts: 0 });
    const requestId = randomUUID();
    expect(await refillHearts({ db, userId: first, requestId })).toMatchObject({ replayed: false, points: 10 });
    expect(await refillHearts({ db, userId: second, requestId })).toMatchObject({ replayed: false, points: 10 });
  });
});

describe('buyStreakFreeze', () => {
  test('spends STREAK_FREEZE_COST points for one more freeze', async () => {
    const userId = await learner({ points: 250, hearts: 2 });
    expect(await buyStreakFreeze({ db, userId, requestId: randomUUID() })).toEqual({ points: 250 - STREAK_FREEZE_COST, hearts: 2, streakFreezes: 1, replayed: false });
    expect(await buyStreakFreeze({ db, userId, requestId: randomUUID() })).toEqual({ points: 50, hearts: 2, streakFreezes: 2, replayed: false });
    expect(await purchasesOf(userId)).toHaveLength(2);
  });

  test('at MAX_STREAK_FREEZES: refused, nothing charged', async () => {
    const userId = await learner({ points: 500, streakFreezes: MAX_STREAK_FREEZES });
    expect(await refusal(buyStreakFreeze({ db, userId, requestId: randomUUID() }))).toMatchObject({
      code: 'BAD_REQUEST',
      messageKey: 'shopFreezeLimit',
      messageParams: { max: MAX_STREAK_FREEZES },
    });
    expect(await balancesOf(userId)).toEqual({ points: 500, hearts: 5, streakFreezes: MAX_STREAK_FREEZES });
    expect(await purchasesOf(userId)).toEqual([]);
  });

  test('too few points: refused with the cost and the points, nothing changes', async () => {
    const userId = await learner({ points: 99, streakFreezes: 0 });
    expect(await refusal(buyStreakFreeze({ db, userId, requestId: randomUUID() }))).toMatchObject({
      code: 'BAD_REQUEST',
      messageKey: 'shopFreezeTooFewPoints',
      messageParams: { cost: STREAK_FREEZE_COST, points: 99 },
    });
    expect(await balancesOf(userId)).toEqual({ points: 99, hearts: 5, streakFreezes: 0 });
  });

  test('two purchases at once with points for one: exactly one succeeds, points never negative', async () => {
    const userId = await learner({ points: 150 });
    const results = await Promise.allSettled([
      buyStreakFreeze({ db, userId, requestId: randomUUID() }),
      buyStreakFreeze({ db, userId, requestId: randomUUID() }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ messageKey: 'shopFreezeTooFewPoints', messageParams: { points: 50 } });
    expect(await balancesOf(userId)).toEqual({ points: 50, hearts: 5, streakFreezes: 1 });
    expect(await purchasesOf(userId)).toHaveLength(1);
  });

  test('a refill and a freeze at once with points for one: exactly one succeeds', async () => {
    const userId = await learner({ points: 120, hearts: 0 });
    const results = await Promise.allSettled([
      refillHearts({ db, userId, requestId: randomUUID() }),
      buyStreakFreeze({ db, userId, requestId: randomUUID() }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const after = await balancesOf(userId);
    expect(after.points).toBeGreaterThanOrEqual(0);
    expect([{ points: 70, hearts: MAX_HEARTS, streakFreezes: 0 }, { points: 20, hearts: 0, streakFreezes: 1 }]).toContainEqual(after);
  });

  test('the same request id at once charges once', async () => {
    const userId = await learner({ points: 300 });
    const requestId = randomUUID();
    const results = await Promise.all([0, 1, 2].map(() => buyStreakFreeze({ db, userId, requestId })));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await balancesOf(userId)).toEqual({ points: 200, hearts: 5, streakFreezes: 1 });
    const rows = await db.select().from(purchase).where(and(eq(purchase.userId, userId), eq(purchase.requestId, requestId)));
    expect(rows).toHaveLength(1);
  });
});
