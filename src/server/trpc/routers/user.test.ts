import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { user } from '../../db/schema';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

describe('user.getUser', () => {
  test('returns the fields of spec §3 for the signed-in user', async () => {
    const owner = await createUser(services, { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.test' });
    const profile = await callerFor(services, owner).user.getUser({ id: owner.user.id });
    expect(profile).toEqual({
      id: owner.user.id,
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.test',
      image: null,
      createdAt: expect.any(Date),
      locale: null,
      stripeCurrentPeriodEnd: null,
      stripeSubscriptionStart: null,
      referredBy: null,
      isCanceled: false,
      isTrialActive: false,
      isTrialCanceled: false,
      currency: null,
    });
  });

  test('refuses the signed-out and answers NOT_FOUND for another user id', async () => {
    const owner = await createUser(services);
    await expectRefused({
      services,
      call: (caller) => caller.user.getUser({ id: owner.user.id }),
      actors: ['anonymous', 'stranger'],
    });
  });

  test('answers NOT_FOUND for an id nobody has, as for a stranger, so ids cannot be probed', async () => {
    const owner = await createUser(services);
    await expect(callerFor(services, owner).user.getUser({ id: 'no-such-user' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('user.getUserBillingInfo', () => {
  test('a new account is on Free with nothing running', async () => {
    const owner = await createUser(services);
    expect(await callerFor(services, owner).user.getUserBillingInfo()).toEqual({
      plan: 'free',
      isProSubscribed: false,
      isUltra: false,
      isEnterprise: false,
      isTrialActive: false,
      isTrialCanceled: false,
      isCanceled: false,
      planInterval: null,
      status: null,
      currentPeriodEnd: null,
      currency: null,
      hasUsedTrial: false,
    });
  });

  test('reflects a Pro subscription recorded on the user', async () => {
    const owner = await createUser(services);
    await services.db
      .update(user)
      .set({ plan: 'pro', planInterval: 'yearly', subscriptionStatus: 'active' })
      .where(eq(user.id, owner.user.id));
    expect(await callerFor(services, owner).user.getUserBillingInfo()).toMatchObject({
      plan: 'pro',
      isProSubscribed: true,
      planInterval: 'yearly',
      status: 'active',
    });
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.getUserBillingInfo(), actors: ['anonymous'] });
  });
});

describe('user.setLocale', () => {
  test('stores the locale, which getUser then returns', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    expect(await caller.user.setLocale({ locale: 'de' })).toEqual({ locale: 'de' });
    expect((await caller.user.getUser({ id: owner.user.id })).locale).toBe('de');
    await caller.user.setLocale({ locale: 'en' });
    expect((await caller.user.getUser({ id: owner.user.id })).locale).toBe('en');
  });

  test('accepts only en and de', async () => {
    const owner = await createUser(services);
    // @ts-expect-error -- a client may send any string; the server's schema is what refuses it
    await expect(callerFor(services, owner).user.setLocale({ locale: 'fr' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await callerFor(services, owner).user.getUser({ id: owner.user.id })).locale).toBeNull();
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.setLocale({ locale: 'de' }), actors: ['anonymous'] });
  });
});

describe('user.setTimeZone', () => {
  test('stores an IANA zone in its canonical spelling; getProgress reports it', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    expect(await caller.user.setTimeZone({ timeZone: 'Asia/Kolkata' })).toEqual({ timeZone: 'Asia/Kolkata' });
    expect(await caller.user.setTimeZone({ timeZone: 'america/new_york' })).toEqual({ timeZone: 'America/New_York' });
    expect((await caller.gamification.getProgress()).timeZone).toBe('America/New_York');
  });

  test('an unknown zone is refused with a message key and changes nothing', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    await caller.user.setTimeZone({ timeZone: 'Europe/Berlin' });
    for (const timeZone of ['Mars/Olympus_Mons', '', '+01:00', 'Europe/Berlin; drop table user', 'x'.repeat(200)]) {
      await expect(caller.user.setTimeZone({ timeZone }), timeZone).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        cause: { messageKey: 'invalidTimeZone' },
      });
    }
    const [row] = await services.db.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, owner.user.id));
    expect(row?.timeZone).toBe('Europe/Berlin');
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.setTimeZone({ timeZone: 'UTC' }), actors: ['anonymous'] });
  });
});
