import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { builtInPlanPricing } from '../../billing/price-table';
import { stripeBillingOf } from '../../billing/stripe-billing';
import { user } from '../../db/schema';
import { startBilling, sessionIdOf, subscribe, userRow } from '../../test/billing';
import { callerFor, createTestServices, createUser, expectRefused } from '../../test/harness';

// Stripe with trials on; Stripe with trials off; no Stripe at all.
const billing = await startBilling({ TRIALS_ENABLED: 'true' });
const noTrials = await startBilling();
const plain = await createTestServices();
afterAll(() => Promise.all([billing.close(), noTrials.close(), plain.close()]));
const { fake, services } = billing;

beforeEach(() => {
  fake.outage(null);
  stripeBillingOf(services.config)?.pricingCache.clear();
});

const apiRequests = (path: RegExp) => fake.requests.filter((request) => path.test(request.path)).length;

/** The billing fields a failed call must leave exactly as they were. */
function billingState(row: Awaited<ReturnType<typeof userRow>>) {
  const { plan, planInterval, subscriptionStatus, isCanceled, isTrialActive, isTrialCanceled, stripeSubscriptionId, stripePriceId, hasUsedTrial } = row;
  return { plan, planInterval, subscriptionStatus, isCanceled, isTrialActive, isTrialCanceled, stripeSubscriptionId, stripePriceId, hasUsedTrial };
}

describe('subscription.getAllPlanPricing', () => {
  test('without Stripe answers the built-in price table, with the spec §9 maths, to anyone', async () => {
    const pricing = await callerFor(plain, null).subscription.getAllPlanPricing({ environment: 'production' });
    expect(pricing).toEqual(builtInPlanPricing());
    expect(pricing.source).toBe('config');
    expect(pricing.plans.pro.usd).toEqual({ monthly: 9.99, yearly: 95.99, yearlyMonthlyEquivalent: 7.99, monthlySavingsPercent: 20 });
    expect(Object.keys(pricing.plans.ultra).sort()).toEqual(['aud', 'cad', 'eur', 'gbp', 'usd']);
  });

  test('with Stripe reads each price and its currency options, signed out too, and asks Stripe once an hour', async () => {
    const before = apiRequests(/^\/v1\/prices/);
    const pricing = await callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' });
    expect(pricing.source).toBe('stripe');
    expect(pricing.plans.ultra.eur).toEqual({ monthly: 19.99, yearly: 191.99, yearlyMonthlyEquivalent: 15.99, monthlySavingsPercent: 20 });
    expect(pricing.plans.pro.gbp).toEqual({ monthly: 8.99, yearly: 85.99, yearlyMonthlyEquivalent: 7.99, monthlySavingsPercent: 20 });
    expect(apiRequests(/^\/v1\/prices/) - before).toBe(4);
    const member = await createUser(services);
    expect(await callerFor(services, member).subscription.getAllPlanPricing({ environment: 'production' })).toEqual(pricing);
    expect(apiRequests(/^\/v1\/prices/) - before).toBe(4);
    // Each environment has its own cache entry.
    await callerFor(services, null).subscription.getAllPlanPricing({ environment: 'test' });
    expect(apiRequests(/^\/v1\/prices/) - before).toBe(8);
    // An hour later Stripe is asked again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 59 * 60_000);
      await callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' });
      expect(apiRequests(/^\/v1\/prices/) - before).toBe(8);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' });
      expect(apiRequests(/^\/v1\/prices/) - before).toBe(12);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a Stripe outage answers "Could not load pricing information" and is not cached', async () => {
    fake.outage('error');
    await expect(callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Could not load pricing information',
    });
    fake.outage(null);
    expect((await callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' })).source).toBe('stripe');
  });

  test('a price that does not recur as configured, or has no amount, is refused with the spec messages', async () => {
    const price = fake.prices.get(fake.priceIds.pro.monthly);
    if (!price?.recurring) throw new Error('fake price missing');
    const saved = structuredClone(price);
    try {
      price.recurring.interval = 'year';
      await expect(callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' })).rejects.toMatchObject({
        message: 'Could not process pricing information',
      });
      stripeBillingOf(services.config)?.pricingCache.clear();
      Object.assign(price, { ...saved, unit_amount: null, currency_options: {} });
      await expect(callerFor(services, null).subscription.getAllPlanPricing({ environment: 'production' })).rejects.toMatchObject({
        message: 'No pricing information available',
      });
    } finally {
      Object.assign(price, saved);
    }
  });

  test('refuses an unknown environment', async () => {
    await expect(
      // @ts-expect-error: a forged environment
      callerFor(services, null).subscription.getAllPlanPricing({ environment: 'staging' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('subscription.createStripeSession', () => {
  test('checkout end to end: Checkout URL, the hosted page paid, the webhook applied, billing info Active', async () => {
    const member = await createUser(services);
    const { url } = await callerFor(services, member).subscription.createStripeSession({
      plan: 'pro',
      interval: 'monthly',
      currency: 'gbp',
      isTrial: false,
    });
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    const session = fake.sessions.get(sessionIdOf(url));
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: member.user.id,
      currency: 'gbp',
      metadata: { userId: member.user.id, plan: 'pro', interval: 'monthly' },
      success_url: 'http://localhost:3000/settings?mode=billing&checkout=success',
      cancel_url: 'http://localhost:3000/settings?mode=plans&checkout=canceled',
    });
    const created = fake.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(created?.params).toMatchObject({ line_items: [{ price: fake.priceIds.pro.monthly, quantity: '1' }] });
    expect(created?.params.subscription_data).not.toHaveProperty('trial_period_days');

    const checkoutPage = await fetch(url);
    expect(await checkoutPage.text()).toContain('id="pay"');
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:3000/settings?mode=billing&checkout=success');

    const info = await callerFor(services, member).user.getUserBillingInfo();
    expect(info).toMatchObject({
      plan: 'pro',
      isProSubscribed: true,
      planInterval: 'monthly',
      status: 'active',
      isCanceled: false,
      isTrialActive: false,
    });
    expect(info.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
    const row = await userRow(services, member.user.id);
    const subscription = [...fake.subscriptions.values()].find((entry) => entry.customer === row.stripeCustomerId);
    expect(row).toMatchObject({ stripeSubscriptionId: subscription?.id, stripePriceId: fake.priceIds.pro.monthly, hasUsedTrial: false });
    expect(row.stripeSubscriptionStart).toBeInstanceOf(Date);
  });

  test('creates the Stripe customer once and keeps it on the user', async () => {
    const member = await createUser(services);
    const before = apiRequests(/^\/v1\/customers$/);
    const caller = callerFor(services, member).subscription;
    await caller.createStripeSession({ plan: 'ultra', interval: 'yearly', currency: 'usd', isTrial: false });
    await caller.createStripeSession({ plan: 'pro', interval: 'monthly', currency: 'usd', isTrial: false });
    expect(apiRequests(/^\/v1\/customers$/) - before).toBe(1);
    const row = await userRow(services, member.user.id);
    expect(fake.customers.get(row.stripeCustomerId ?? '')).toMatchObject({ email: member.user.email, metadata: { userId: member.user.id } });
  });

  test('without a currency charges in euros (spec §9)', async () => {
    const member = await createUser(services);
    const { url } = await callerFor(services, member).subscription.createStripeSession({ plan: 'pro', interval: 'yearly', isTrial: false });
    expect(fake.sessions.get(sessionIdOf(url))?.currency).toBe('eur');
  });

  test('from onboarding returns to the step the user was on', async () => {
    const member = await createUser(services);
    const { url } = await callerFor(services, member).subscription.createStripeSession({
      plan: 'pro',
      interval: 'monthly',
      currency: 'usd',
      isTrial: false,
      isOnboarding: true,
      currentStep: 2,
    });
    expect(fake.sessions.get(sessionIdOf(url))).toMatchObject({
      success_url: 'http://localhost:3000/dashboard?step=2&checkout=success',
      cancel_url: 'http://localhost:3000/dashboard?step=2&checkout=canceled',
    });
  });

  test('a trial lasts 3 days, 14 for a referred user, and is marked used once it starts', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member, { plan: 'ultra', interval: 'yearly', isTrial: true });
    expect(fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.params.subscription_data).toMatchObject({
      trial_period_days: '3',
    });
    expect(subscription.status).toBe('trialing');
    const info = await callerFor(services, member).user.getUserBillingInfo();
    expect(info).toMatchObject({ plan: 'ultra', isUltra: true, isTrialActive: true, isTrialCanceled: false, status: 'trialing' });
    expect(info.currentPeriodEnd?.getTime()).toBe((subscription.trial_end ?? 0) * 1000);
    expect((await userRow(services, member.user.id)).hasUsedTrial).toBe(true);
    expect(info.hasUsedTrial).toBe(true);

    const referred = await createUser(services);
    await services.db.update(user).set({ referredBy: member.user.username }).where(eq(user.id, referred.user.id));
    await callerFor(services, referred).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', isTrial: true });
    expect(fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.params.subscription_data).toMatchObject({
      trial_period_days: '14',
    });
  });

  test('refuses the signed-out', async () => {
    await expectRefused({
      services,
      call: (caller) => caller.subscription.createStripeSession({ plan: 'pro', interval: 'monthly', isTrial: false }),
      actors: ['anonymous'],
    });
  });

  test('without Stripe says billing is not configured', async () => {
    const member = await createUser(plain);
    await expect(
      callerFor(plain, member).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', isTrial: false }),
    ).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: 'Billing is not configured on this server.' });
  });

  test('refuses a trial while trials are off, or to a user who had one', async () => {
    const member = await createUser(noTrials.services);
    await expect(
      callerFor(noTrials.services, member).subscription.createStripeSession({ plan: 'ultra', interval: 'yearly', isTrial: true }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Free trials are not available.' });

    const used = await createUser(services);
    await services.db.update(user).set({ hasUsedTrial: true }).where(eq(user.id, used.user.id));
    await expect(
      callerFor(services, used).subscription.createStripeSession({ plan: 'ultra', interval: 'yearly', isTrial: true }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'You have already used your free trial.' });
    // The same user may still buy without a trial.
    const { url } = await callerFor(services, used).subscription.createStripeSession({ plan: 'ultra', interval: 'yearly', isTrial: false });
    expect(url).toContain('/checkout/');
  });

  test('refuses forged plans, intervals, currencies and fields before asking Stripe', async () => {
    const member = await createUser(services);
    const caller = callerFor(services, member).subscription;
    const before = fake.requests.length;
    const forged: unknown[] = [
      { plan: 'enterprise', interval: 'monthly', isTrial: false },
      { plan: 'free', interval: 'monthly', isTrial: false },
      { plan: 'pro', interval: 'weekly', isTrial: false },
      { plan: 'pro', interval: 'monthly', currency: 'jpy', isTrial: false },
      { plan: 'pro', interval: 'monthly', isTrial: 'yes' },
      { plan: 'pro', interval: 'monthly', isTrial: false, priceId: 'price_free_lunch' },
      { plan: 'pro', interval: 'monthly', isTrial: false, trialDays: 365 },
    ];
    for (const input of forged) {
      // @ts-expect-error: forged input on purpose
      await expect(caller.createStripeSession(input), JSON.stringify(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(fake.requests.length).toBe(before);
  });

  test('refuses a currency the plan is not sold in', async () => {
    const member = await createUser(services);
    const prices = [fake.prices.get(fake.priceIds.pro.monthly), fake.prices.get(fake.priceIds.pro.yearly)];
    const saved = prices.map((price) => structuredClone(price?.currency_options));
    try {
      for (const price of prices) delete price?.currency_options.aud;
      await expect(
        callerFor(services, member).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', currency: 'aud', isTrial: false }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This plan is not sold in AUD.' });
    } finally {
      prices.forEach((price, index) => price && Object.assign(price, { currency_options: saved[index] }));
    }
  });

  test('refuses a second subscription, and Enterprise users (an admin sets their plan)', async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member);
    await expect(
      callerFor(services, member).subscription.createStripeSession({ plan: 'ultra', interval: 'monthly', isTrial: false }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'You already have a subscription. Change it from your billing settings.' });

    const enterprise = await createUser(services);
    await services.db.update(user).set({ plan: 'enterprise' }).where(eq(user.id, enterprise.user.id));
    await expect(
      callerFor(services, enterprise).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', isTrial: false }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('a Stripe outage (500s, or no answer) fails clearly and leaves the user as they were', async () => {
    for (const mode of ['error', 'hang'] as const) {
      const member = await createUser(services);
      const before = billingState(await userRow(services, member.user.id));
      // Pricing is cached from before the outage; the session itself fails.
      await callerFor(services, member).subscription.getAllPlanPricing({ environment: 'test' });
      fake.outage(mode);
      await expect(
        callerFor(services, member).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', currency: 'usd', isTrial: false }),
      ).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: 'Failed to create Stripe session' });
      fake.outage(null);
      expect(billingState(await userRow(services, member.user.id))).toEqual(before);
    }
  });
});

describe('subscription.createPortalSession', () => {
  test("opens Stripe's Customer Portal for a subscriber, returning to the billing settings", async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member);
    const { url } = await callerFor(services, member).subscription.createPortalSession();
    expect(url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const page = await (await fetch(url)).text();
    expect(page).toContain('id="portal-cancel"');
    expect(page).toContain('href="http://localhost:3000/settings?mode=billing"');
  });

  test('refuses the signed-out, a user without a billing account, a server without Stripe; fails clearly in an outage', async () => {
    await expectRefused({ services, call: (caller) => caller.subscription.createPortalSession(), actors: ['anonymous'] });
    const newcomer = await createUser(services);
    await expect(callerFor(services, newcomer).subscription.createPortalSession()).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You have no billing account yet. Choose a plan first.',
    });
    await expect(callerFor(plain, await createUser(plain)).subscription.createPortalSession()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    const member = await createUser(services);
    await subscribe(services, fake, member);
    fake.outage('error');
    await expect(callerFor(services, member).subscription.createPortalSession()).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
  });
});

describe('subscription.cancelSubscription and resubscribe', () => {
  test('cancel keeps the plan until the period ends; resubscribe undoes it; the echoed webhooks agree', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member, { plan: 'ultra', interval: 'monthly' });
    const canceled = await callerFor(services, member).subscription.cancelSubscription();
    expect(canceled).toMatchObject({ plan: 'ultra', isUltra: true, isCanceled: true, status: 'active' });
    expect(fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    await fake.settle();
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'ultra', isCanceled: true });

    const resumed = await callerFor(services, member).subscription.resubscribe();
    expect(resumed).toMatchObject({ plan: 'ultra', isCanceled: false, status: 'active' });
    expect(fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);
    await fake.settle();
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'ultra', isCanceled: false });
  });

  test('refuses the signed-out, users without a subscription, an ended one, a server without Stripe', async () => {
    for (const call of [
      (caller: ReturnType<typeof callerFor>) => caller.subscription.cancelSubscription(),
      (caller: ReturnType<typeof callerFor>) => caller.subscription.resubscribe(),
      (caller: ReturnType<typeof callerFor>) => caller.subscription.cancelTrial(),
    ]) {
      await expectRefused({ services, call, actors: ['anonymous', { name: 'free user', code: 'BAD_REQUEST', headers: (await createUser(services)).headers }] });
      await expectRefused({ services: plain, call, actors: [{ name: 'no Stripe', code: 'PRECONDITION_FAILED', headers: (await createUser(plain)).headers }] });
    }
    const ended = await createUser(services);
    await subscribe(services, fake, ended);
    await services.db.update(user).set({ subscriptionStatus: 'canceled', plan: 'free' }).where(eq(user.id, ended.user.id));
    await expect(callerFor(services, ended).subscription.resubscribe()).rejects.toMatchObject({
      message: 'This subscription has ended. Choose a plan to subscribe again.',
    });
  });

  test('a Stripe outage leaves the subscription as it was', async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member);
    const before = billingState(await userRow(services, member.user.id));
    fake.outage('error');
    await expect(callerFor(services, member).subscription.cancelSubscription()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Failed to update your subscription. Please try again.',
    });
    fake.outage(null);
    expect(billingState(await userRow(services, member.user.id))).toEqual(before);
  });
});

describe('subscription.cancelTrial', () => {
  test('the trial runs to its end and then stops instead of turning paid; resubscribe undoes it', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member, { plan: 'pro', interval: 'monthly', isTrial: true });
    const info = await callerFor(services, member).subscription.cancelTrial();
    expect(info).toMatchObject({ plan: 'pro', isTrialActive: true, isTrialCanceled: true, status: 'trialing' });
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    await fake.settle();
    expect(await callerFor(services, member).subscription.resubscribe()).toMatchObject({ isTrialActive: true, isTrialCanceled: false });
  });

  test('refuses a paid subscription that is not a trial', async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member);
    await expect(callerFor(services, member).subscription.cancelTrial()).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You have no trial to cancel.',
    });
  });
});
