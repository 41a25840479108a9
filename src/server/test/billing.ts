import { eq } from 'drizzle-orm';
import type { Currency } from '../../shared/currency';
import type { BillingInterval, PaidPlanSlug } from '../../shared/pricing';
import { user } from '../db/schema';
import type { Services } from '../services';
import { startFakeStripe, type FakeStripe, type FakeSubscription } from './fake-stripe';
import { callerFor, createTestServices, listen, type TestUser } from './harness';

/**
 * Billing tests: a fake Stripe on loopback and services pointed at it (STRIPE_API_URL), the app listening on a socket
 * so the fake can deliver its signed webhooks to it. Stripe requests time out after half a second here, so outage
 * tests stay quick.
 */
export async function startBilling(env: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const services = await createTestServices({ env: { ...fake.env, STRIPE_TIMEOUT_SECONDS: '0.5', ...env } });
  const server = await listen(services);
  fake.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  return {
    fake,
    services,
    server,
    async close() {
      await fake.close();
      await server.close();
      await services.close();
    },
  };
}

/** The id of the checkout session a Checkout URL of the fake points at. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split('/').at(-1);
  if (!id) throw new Error(`not a checkout url: ${url}`);
  return id;
}

/** Checks out through the subscription router and pays on the fake (both webhooks delivered and answered). */
export async function subscribe(
  services: Services,
  fake: FakeStripe,
  actor: TestUser,
  input: { plan?: PaidPlanSlug; interval?: BillingInterval; currency?: Currency; isTrial?: boolean } = {},
): Promise<{ subscription: FakeSubscription; redirect: string }> {
  const { url } = await callerFor(services, actor).subscription.createStripeSession({
    plan: input.plan ?? 'pro',
    interval: input.interval ?? 'monthly',
    currency: input.currency ?? 'usd',
    isTrial: input.isTrial ?? false,
  });
  return fake.completeCheckout(sessionIdOf(url));
}

export async function userRow(services: Services, userId: string) {
  const [row] = await services.db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}
