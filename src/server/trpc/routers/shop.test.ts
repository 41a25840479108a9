import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { MAX_HEARTS } from '../../../shared/lesson-rules';
import { purchase, user } from '../../db/schema';
import { mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

type Balances = { points: number; hearts: number; streakFreezes: number };

async function learnerWith(values: Partial<Balances>): Promise<TestUser> {
  const created = await createUser(services);
  await services.db.update(user).set(values).where(eq(user.id, created.user.id));
  return created;
}

async function balancesOf(actor: TestUser): Promise<Balances> {
  const [row] = await services.db
    .select({ points: user.points, hearts: user.hearts, streakFreezes: user.streakFreezes })
    .from(user)
    .where(eq(user.id, actor.user.id));
  if (!row) throw new Error('no such user');
  return row;
}

describe('shop.refillHearts and shop.buyStreakFreeze', () => {
  test('buy for the signed-in user and answer the new balances', async () => {
    const buyer = await learnerWith({ points: 200, hearts: 1 });
    const caller = callerFor(services, buyer);
    expect(await caller.shop.refillHearts({ requestId: randomUUID() })).toEqual({ points: 150, hearts: MAX_HEARTS, streakFreezes: 0, replayed: false });
    expect(await caller.shop.buyStreakFreeze({ requestId: randomUUID() })).toEqual({ points: 50, hearts: MAX_HEARTS, streakFreezes: 1, replayed: false });
  });

  test('signed out: refused, nothing bought', async () => {
    const requestId = randomUUID();
    await expectRefused({ services, call: (caller) => caller.shop.refillHearts({ requestId }), actors: ['anonymous'] });
    await expectRefused({ services, call: (caller) => caller.shop.buyStreakFreeze({ requestId }), actors: ['anonymous'] });
    expect(await services.db.select().from(purchase).where(eq(purchase.requestId, requestId))).toEqual([]);
  });

  test('a user cannot affect another user’s balance', async () => {
    const owner = await learnerWith({ points: 300, hearts: 0 });
    const other = await learnerWith({ points: 300, hearts: 0 });
    const requestId = randomUUID();
    await callerFor(services, owner).shop.refillHearts({ requestId });
    // The same request id from someone else is their own purchase, not a replay of the owner's.
    expect(await callerFor(services, other).shop.buyStreakFreeze({ requestId })).toMatchObject({ replayed: false, points: 200, streakFreezes: 1 });
    expect(await balancesOf(owner)).toEqual({ points: 250, hearts: MAX_HEARTS, streakFreezes: 0 });
    // Naming the owner in the input is refused, not obeyed.
    const forged = await mutationError(services, other, 'shop.buyStreakFreeze', { requestId: randomUUID(), userId: owner.user.id });
    expect(forged).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST' } });
    expect(await balancesOf(owner)).toEqual({ points: 250, hearts: MAX_HEARTS, streakFreezes: 0 });
    expect(await balancesOf(other)).toEqual({ points: 200, hearts: 0, streakFreezes: 1 });
  });

  test.each([
    ['a quantity', { requestId: randomUUID(), quantity: -3 }],
    ['a cost', { requestId: randomUUID(), cost: 0 }],
    ['an item', { requestId: randomUUID(), item: 'streak_freeze' }],
    ['a request id that is not a uuid', { requestId: 'click-1' }],
    ['no request id', {}],
    ['a number as request id', { requestId: 42 }],
  ])('forged input with %s: refused as BAD_REQUEST, balances intact', async (_case, input) => {
    const buyer = await learnerWith({ points: 500, hearts: 1 });
    for (const procedure of ['shop.refillHearts', 'shop.buyStreakFreeze']) {
      expect(await mutationError(services, buyer, procedure, input)).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST' } });
    }
    expect(await balancesOf(buyer)).toEqual({ points: 500, hearts: 1, streakFreezes: 0 });
  });

  test('too few points reach the client with their key, the cost and the points', async () => {
    const buyer = await learnerWith({ points: 20, hearts: 1 });
    const error = await mutationError(services, buyer, 'shop.refillHearts', { requestId: randomUUID() });
    expect(error).toMatchObject({
      status: 400,
      message: 'You need 50 points to refill your hearts — you have 20. Answer a few challenges to earn more.',
      data: { code: 'BAD_REQUEST', messageKey: 'shopRefillTooFewPoints', messageParams: { cost: 50, points: 20 } },
    });
    expect(await balancesOf(buyer)).toEqual({ points: 20, hearts: 1, streakFreezes: 0 });
  });

  test('a click sent twice at once, then again later, is charged once and answered as replayed', async () => {
    const buyer = await learnerWith({ points: 120 });
    const caller = callerFor(services, buyer);
    const requestId = randomUUID();
    const [first, second] = await Promise.all([caller.shop.buyStreakFreeze({ requestId }), caller.shop.buyStreakFreeze({ requestId })]);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(await caller.shop.buyStreakFreeze({ requestId })).toEqual({ points: 20, hearts: 5, streakFreezes: 1, replayed: true });
    expect(await balancesOf(buyer)).toEqual({ points: 20, hearts: 5, streakFreezes: 1 });
  });
});
