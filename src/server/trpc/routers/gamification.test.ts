import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { user } from '../../db/schema';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

describe('gamification.getProgress', () => {
  test('a new account starts with no streak, points or stars and five limited hearts', async () => {
    const learner = await createUser(services);
    expect(await callerFor(services, learner).gamification.getProgress()).toEqual({
      streak: 0,
      points: 0,
      stars: 0,
      hearts: 5,
      unlimitedHearts: false,
    });
  });

  test('a Pro subscriber has unlimited hearts and sees their own counters', async () => {
    const learner = await createUser(services);
    await services.db
      .update(user)
      .set({ plan: 'pro', points: 120, stars: 3, streak: 4, hearts: 2 })
      .where(eq(user.id, learner.user.id));
    expect(await callerFor(services, learner).gamification.getProgress()).toEqual({
      streak: 4,
      points: 120,
      stars: 3,
      hearts: 2,
      unlimitedHearts: true,
    });
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.gamification.getProgress(), actors: ['anonymous'] });
  });
});
