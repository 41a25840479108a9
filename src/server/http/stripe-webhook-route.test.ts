import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { stripeEvent, user } from '../db/schema';
import type { FakeSubscription } from '../test/fake-stripe';
import { startBilling, subscribe, userRow } from '../test/billing';
import { callerFor, createTestServices, createUser, requestApp } from '../test/harness';

const billing = await startBilling({ TRIALS_ENABLED: 'true' });
const plain = await createTestServices();
afterAll(() => Promise.all([billing.close(), plain.close()]));
const { fake, services } = billing;

beforeEach(() => fake.outage(null));

/** A subscription as Stripe would send it after a change: a copy of the fake's, changed. */
function changed(subscription: FakeSubscription, change: (copy: FakeSubscription) => void): FakeSubscription {
  const copy = structuredClone(subscription);
  change(copy);
  return copy;
}

function withPrice(subscription: FakeSubscription, priceId: string): FakeSubscription {
  const price = fake.prices.get(priceId);
  if (!price) throw new Error(`no fake price ${priceId}`);
  const { currency_options: _options, ...shown } = price;
  return changed(subscription, (copy) => {
    const [item] = copy.items.data;
    if (item) item.price = shown;
  });
}

async function recorded(eventId: string) {
  return services.db.select().from(stripeEvent).where(eq(stripeEvent.id, eventId));
}

async function post(body: string, headers: Record<string, string>) {
  const response = await requestApp(services, '/api/stripe/webhook', { method: 'POST', body, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /api/stripe/webhook signatures', () => {
  test('a missing, wrong or foreign-secret signature answers 400, records nothing and changes nothing', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const deleted = changed(subscription, (copy) => (copy.status = 'canceled'));
    const created = fake.now() + 10;

    const missing = await fake.sendEvent('customer.subscription.deleted', deleted, { id: 'evt_missing_sig', created, signature: null });
    expect(missing.status).toBe(400);
    const wrong = await fake.sendEvent('customer.subscription.deleted', deleted, {
      id: 'evt_wrong_sig',
      created,
      signature: `t=${fake.now()},v1=${'0'.repeat(64)}`,
    });
    expect(wrong.status).toBe(400);

    const payload = JSON.stringify({ id: 'evt_foreign', object: 'event', type: 'customer.subscription.deleted', created, data: { object: deleted } });
    const foreign = await post(payload, {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    });
    expect(foreign.status).toBe(400);

    for (const id of ['evt_missing_sig', 'evt_wrong_sig', 'evt_foreign']) expect(await recorded(id)).toEqual([]);
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'pro', status: 'active' });
  });

  test('a signed event is accepted whatever its Origin (Stripe is no browser) and recorded by id', async () => {
    const payload = JSON.stringify({ id: 'evt_origin', object: 'event', type: 'customer.created', created: fake.now(), data: { object: { id: 'cus_x' } } });
    const answer = await post(payload, {
      'content-type': 'application/json',
      origin: 'https://elsewhere.example',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.env.STRIPE_WEBHOOK_SECRET ?? '' }),
    });
    expect(answer).toEqual({ status: 200, body: { received: true, ignored: 'event type customer.created not handled' } });
    expect(await recorded('evt_origin')).toHaveLength(1);
  });

  test('a server without Stripe has no webhook (404)', async () => {
    const response = await requestApp(plain, '/api/stripe/webhook', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/stripe/webhook events', () => {
  test('checkout delivers both events; the billing fields follow the subscription', async () => {
    const member = await createUser(services);
    const before = fake.deliveries.length;
    const { subscription } = await subscribe(services, fake, member, { plan: 'ultra', interval: 'yearly', currency: 'eur' });
    expect(fake.deliveries.slice(before)).toEqual([
      { type: 'checkout.session.completed', status: 200 },
      { type: 'customer.subscription.created', status: 200 },
    ]);
    expect(await userRow(services, member.user.id)).toMatchObject({
      plan: 'ultra',
      planInterval: 'yearly',
      subscriptionStatus: 'active',
      isCanceled: false,
      isTrialActive: false,
      isTrialCanceled: false,
      stripeSubscriptionId: subscription.id,
      stripePriceId: fake.priceIds.ultra.yearly,
      stripeCurrentPeriodEnd: new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000),
      stripeSubscriptionStart: new Date(subscription.start_date * 1000),
    });
  });

  test('a replayed event is applied once, even when the replays race', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const canceled = changed(subscription, (copy) => (copy.cancel_at_period_end = true));
    const first = await fake.sendEvent('customer.subscription.updated', canceled, { id: 'evt_replayed', created: fake.now() + 10 });
    expect(first.status).toBe(200);
    expect((await userRow(services, member.user.id)).isCanceled).toBe(true);

    // Undo its effect behind Stripe's back: a replay must not apply it again.
    await services.db.update(user).set({ isCanceled: false, billingEventAt: null }).where(eq(user.id, member.user.id));
    const replay = await fake.sendEvent('customer.subscription.updated', canceled, { id: 'evt_replayed', created: fake.now() + 10 });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    expect((await userRow(services, member.user.id)).isCanceled).toBe(false);

    const racing = await Promise.all(
      [1, 2, 3].map(() => fake.sendEvent('customer.subscription.updated', canceled, { id: 'evt_racing', created: fake.now() + 20 })),
    );
    expect(racing.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(racing.filter((answer) => JSON.parse(answer.body).duplicate === true)).toHaveLength(2);
    expect(await recorded('evt_racing')).toHaveLength(1);
  });

  test('an event older than the one applied is ignored (out of order)', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const now = fake.now();
    const upgraded = await fake.sendEvent('customer.subscription.updated', withPrice(subscription, fake.priceIds.ultra.monthly), {
      created: now + 20,
    });
    expect(upgraded.status).toBe(200);
    const late = await fake.sendEvent(
      'customer.subscription.updated',
      changed(subscription, (copy) => (copy.cancel_at_period_end = true)),
      { created: now + 10 },
    );
    expect(JSON.parse(late.body)).toEqual({ received: true, ignored: 'older than the state applied' });
    expect(await userRow(services, member.user.id)).toMatchObject({ plan: 'ultra', isCanceled: false, billingEventAt: new Date((now + 20) * 1000) });
  });

  test('an event of the same second as the one applied is settled by reading the subscription from Stripe', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const applied = (await userRow(services, member.user.id)).billingEventAt;
    const reads = fake.requests.filter((request) => request.path === `/v1/subscriptions/${subscription.id}`).length;
    // Claims the subscription ended; Stripe says it is active.
    const stale = changed(subscription, (copy) => (copy.status = 'canceled'));
    const answer = await fake.sendEvent('customer.subscription.updated', stale, { created: (applied?.getTime() ?? 0) / 1000 });
    expect(answer.status).toBe(200);
    expect(fake.requests.filter((request) => request.path === `/v1/subscriptions/${subscription.id}`).length).toBe(reads + 1);
    expect(await userRow(services, member.user.id)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
  });

  test('the events of our own actions, arriving late and out of order, do not undo the newer one', async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member);
    const caller = callerFor(services, member).subscription;
    fake.holdDeliveries();
    await caller.cancelSubscription();
    await caller.resubscribe();
    // The resubscribe's event first, then the cancel's: the older state must not win.
    await fake.releaseDeliveries('reversed');
    expect(fake.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'pro', isCanceled: false });
  });

  test('a deleted subscription puts the user back on Free', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member, { plan: 'ultra', interval: 'monthly' });
    const ended = changed(subscription, (copy) => {
      copy.status = 'canceled';
      copy.canceled_at = fake.now();
      copy.ended_at = fake.now();
    });
    expect((await fake.sendEvent('customer.subscription.deleted', ended, { created: fake.now() + 5 })).status).toBe(200);
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({
      plan: 'free',
      isUltra: false,
      planInterval: null,
      status: 'canceled',
      isCanceled: true,
      isTrialActive: false,
    });
  });

  test('the end of an older subscription leaves the current one alone', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const older = changed(subscription, (copy) => {
      copy.id = 'sub_older_one';
      copy.status = 'canceled';
    });
    const answer = await fake.sendEvent('customer.subscription.deleted', older, { created: fake.now() + 5 });
    expect(JSON.parse(answer.body)).toMatchObject({ ignored: "not this user's current subscription" });
    expect(await userRow(services, member.user.id)).toMatchObject({ plan: 'pro', stripeSubscriptionId: subscription.id });
  });

  test('a downgrade in the portal mid-period (Ultra → Pro) takes effect as Stripe reports it', async () => {
    const member = await createUser(services);
    await subscribe(services, fake, member, { plan: 'ultra', interval: 'yearly' });
    const { url } = await callerFor(services, member).subscription.createPortalSession();
    const page = await (await fetch(url)).text();
    expect(page).toContain('id="switch-pro-monthly"');
    const switched = await fetch(`${url}/switch`, {
      method: 'POST',
      body: new URLSearchParams({ price: fake.priceIds.pro.monthly }),
      redirect: 'manual',
    });
    expect(switched.status).toBe(303);
    expect(fake.deliveries.at(-1)).toEqual({ type: 'customer.subscription.updated', status: 200 });
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({
      plan: 'pro',
      isProSubscribed: true,
      isUltra: false,
      planInterval: 'monthly',
      status: 'active',
    });
  });

  test('a failed renewal payment marks the subscription past due, keeping the plan while Stripe retries', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    expect((await fake.sendEvent('invoice.payment_failed', invoice, { created: fake.now() + 5 })).status).toBe(200);
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'pro', status: 'past_due' });
  });

  test('Enterprise, set by an admin, is never changed by Stripe', async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    await services.db.update(user).set({ plan: 'enterprise' }).where(eq(user.id, member.user.id));
    const ended = changed(subscription, (copy) => (copy.status = 'canceled'));
    expect((await fake.sendEvent('customer.subscription.deleted', ended, { created: fake.now() + 5 })).status).toBe(200);
    expect(await userRow(services, member.user.id)).toMatchObject({ plan: 'enterprise', subscriptionStatus: 'canceled' });
  });

  test("an event for a customer we do not know is acknowledged and changes no one", async () => {
    const member = await createUser(services);
    const { subscription } = await subscribe(services, fake, member);
    const stranger = changed(subscription, (copy) => {
      copy.customer = 'cus_unknown';
      copy.metadata = {};
      copy.status = 'canceled';
    });
    const answer = await fake.sendEvent('customer.subscription.deleted', stranger, { created: fake.now() + 5 });
    expect(JSON.parse(answer.body)).toMatchObject({ ignored: 'no user for this customer' });
    expect((await userRow(services, member.user.id)).plan).toBe('pro');
  });

  test('Stripe unreachable while an event needs it: 500, nothing recorded, and the redelivery is applied', async () => {
    const member = await createUser(services);
    const { url } = await callerFor(services, member).subscription.createStripeSession({ plan: 'pro', interval: 'monthly', isTrial: false });
    const sessionId = new URL(url).pathname.split('/').at(-1) ?? '';
    // Paid with nothing delivered yet; then the event arrives while Stripe cannot be reached to read the subscription.
    fake.setWebhookUrl('');
    await fake.completeCheckout(sessionId);
    fake.setWebhookUrl(`${billing.server.url}/api/stripe/webhook`);
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error('no session');
    fake.outage('error');
    const failed = await fake.sendEvent('checkout.session.completed', session, { id: 'evt_during_outage' });
    fake.outage(null);
    expect(failed.status).toBe(500);
    expect(await recorded('evt_during_outage')).toEqual([]);
    expect((await userRow(services, member.user.id)).plan).toBe('free');

    const redelivered = await fake.sendEvent('checkout.session.completed', session, { id: 'evt_during_outage' });
    expect(JSON.parse(redelivered.body)).toEqual({ received: true });
    expect(await callerFor(services, member).user.getUserBillingInfo()).toMatchObject({ plan: 'pro', status: 'active' });
  });
});
