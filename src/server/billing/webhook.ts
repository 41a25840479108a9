import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { containsNul } from '../../shared/schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { stripeEvent, user } from '../db/schema';
import type { Logger } from '../logger';
import { stripeBillingOf, type StripeBilling } from './stripe-billing';
import {
  billingFieldsOf,
  isEntitled,
  latest,
  subscriptionSchema,
  type BillingUpdate,
  type SubscriptionState,
  type UserRow,
} from './subscription-state';

/**
 * POST /api/stripe/webhook (spec §3 billing fields kept in step with Stripe):
 * - the signature is checked on the raw body with the webhook secret; a missing or wrong one answers 400 and changes
 *   nothing;
 * - each event id is recorded in `stripe_event` in the same transaction as the user's update, so a replayed or
 *   re-delivered event is applied once;
 * - events may come in any order: one older than the last applied (user.billingEventAt) is ignored, one of the same
 *   second is settled by reading the subscription's current state from Stripe, and checkout.session.completed always
 *   reads it (the session carries no state of its own);
 * - Stripe unreachable while reading: 500 and nothing recorded, so Stripe delivers the event again later.
 */
export interface WebhookAnswer {
  status: 200 | 400 | 404 | 500;
  body: { received: true; duplicate?: true; ignored?: string } | { error: string };
}

export interface WebhookServices {
  config: Config;
  db: Db;
  log: Logger;
}

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
type StripeEventEnvelope = z.infer<typeof eventSchema>;

const idOf = z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === 'string' ? value : value.id));

const checkoutSessionSchema = z.object({
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const invoiceSchema = z.object({
  customer: idOf.nullish(),
  // The invoice's subscription: on the invoice in older API versions, under parent.subscription_details in current ones.
  subscription: idOf.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf.nullish() }).nullish() }).nullish(),
});

type Plan =
  | { kind: 'ignore'; reason: string }
  | { kind: 'apply'; userId: string; subscription: SubscriptionState; current: boolean }
  | { kind: 'pastDue'; userId: string; subscriptionId: string };

export async function handleStripeWebhook(options: {
  services: WebhookServices;
  payload: Buffer;
  signature: string | undefined;
}): Promise<WebhookAnswer> {
  const { services, payload, signature } = options;
  const billing = stripeBillingOf(services.config);
  if (!billing) return { status: 404, body: { error: 'Billing is not configured on this server.' } };
  if (!signature) return { status: 400, body: { error: 'Missing Stripe-Signature header.' } };
  let raw: unknown;
  try {
    raw = billing.stripe.webhooks.constructEvent(payload, signature, billing.settings.webhookSecret);
  } catch (error) {
    services.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'stripe webhook signature refused');
    return { status: 400, body: { error: 'Invalid Stripe signature.' } };
  }
  const parsed = eventSchema.safeParse(raw);
  // Stripe sends no NUL; PostgreSQL could not look one up (found by src/server/test/security/fuzz).
  if (!parsed.success || containsNul(raw)) return { status: 400, body: { error: 'Not a Stripe event.' } };
  const event = parsed.data;
  if (await alreadyRecorded(services.db, event.id)) return { status: 200, body: { received: true, duplicate: true } };

  let plan: Plan;
  try {
    plan = await planFor(services, billing, event);
  } catch (error) {
    // Stripe answered that the subscription does not exist: no later delivery will find it either (found by
    // src/server/test/security/fuzz). Only a failure to get an answer is worth Stripe's retries.
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
      services.log.warn({ eventId: event.id, type: event.type, reason: error.message }, 'stripe webhook names what Stripe does not have');
      return { status: 200, body: { received: true, ignored: 'not found at Stripe' } };
    }
    services.log.error({ err: error, eventId: event.id, type: event.type }, 'stripe webhook could not read from Stripe');
    return { status: 500, body: { error: 'Stripe could not be reached; deliver the event again later.' } };
  }

  const eventAt = new Date(event.created * 1000);
  const outcome = await services.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (inserted.length === 0) return 'duplicate' as const;
    if (plan.kind === 'ignore') return plan.reason;
    const [row] = await tx.select().from(user).where(eq(user.id, plan.userId)).for('update');
    if (!row) return 'no such user';
    // Re-checked under the row lock: another event may have been applied since the plan was made.
    const stale = row.billingEventAt !== null && eventAt.getTime() <= row.billingEventAt.getTime();
    let fields: BillingUpdate | undefined;
    if (plan.kind === 'pastDue') {
      if (stale || row.stripeSubscriptionId !== plan.subscriptionId || !isEntitled(row.subscriptionStatus)) return 'not the current subscription';
      fields = { subscriptionStatus: 'past_due' };
    } else {
      if (stale && !plan.current) return 'older than the state applied';
      fields = billingFieldsOf({ settings: billing.settings, subscription: plan.subscription, row, log: services.log });
      if (!fields) return 'not this user\'s current subscription';
    }
    await tx
      .update(user)
      .set({ ...fields, billingEventAt: latest(row.billingEventAt, eventAt), updatedAt: new Date() })
      .where(eq(user.id, row.id));
    return 'applied' as const;
  });

  services.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
  if (outcome === 'duplicate') return { status: 200, body: { received: true, duplicate: true } };
  if (outcome === 'applied') return { status: 200, body: { received: true } };
  return { status: 200, body: { received: true, ignored: outcome } };
}

async function alreadyRecorded(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvent.id }).from(stripeEvent).where(eq(stripeEvent.id, eventId)).limit(1);
  return row !== undefined;
}

/** What an event asks for, decided before the transaction (reading from Stripe happens here, never under a lock). */
async function planFor(services: WebhookServices, billing: StripeBilling, event: StripeEventEnvelope): Promise<Plan> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = checkoutSessionSchema.safeParse(object);
      if (!session.success) return { kind: 'ignore', reason: 'unreadable checkout session' };
      const { mode, subscription } = session.data;
      const userId = session.data.client_reference_id ?? session.data.metadata?.userId;
      if (mode !== 'subscription' || !subscription || !userId) return { kind: 'ignore', reason: 'not a subscription checkout' };
      const row = await findUserById(services.db, userId);
      if (!row) return { kind: 'ignore', reason: 'no such user' };
      return { kind: 'apply', userId: row.id, subscription: await currentSubscription(billing, subscription), current: true };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const parsed = subscriptionSchema.safeParse(object);
      if (!parsed.success) return { kind: 'ignore', reason: 'unreadable subscription' };
      const subscription = parsed.data;
      const row =
        (await findUserByCustomer(services.db, subscription.customer)) ??
        (subscription.metadata?.userId ? await findUserById(services.db, subscription.metadata.userId) : undefined);
      if (!row) return { kind: 'ignore', reason: 'no user for this customer' };
      const appliedAt = row.billingEventAt?.getTime();
      const eventAt = event.created * 1000;
      if (appliedAt !== undefined && eventAt < appliedAt) return { kind: 'ignore', reason: 'older than the state applied' };
      if (appliedAt !== undefined && eventAt === appliedAt) {
        // Same second as what was applied: which came first cannot be told, so Stripe's current state decides.
        return { kind: 'apply', userId: row.id, subscription: await currentSubscription(billing, subscription.id), current: true };
      }
      return { kind: 'apply', userId: row.id, subscription, current: false };
    }
    case 'invoice.payment_failed': {
      const invoice = invoiceSchema.safeParse(object);
      if (!invoice.success || !invoice.data.customer) return { kind: 'ignore', reason: 'unreadable invoice' };
      const subscriptionId = invoice.data.subscription ?? invoice.data.parent?.subscription_details?.subscription;
      if (!subscriptionId) return { kind: 'ignore', reason: 'not a subscription invoice' };
      const row = await findUserByCustomer(services.db, invoice.data.customer);
      if (!row) return { kind: 'ignore', reason: 'no user for this customer' };
      return { kind: 'pastDue', userId: row.id, subscriptionId };
    }
    default:
      return { kind: 'ignore', reason: `event type ${event.type} not handled` };
  }
}

async function currentSubscription(billing: StripeBilling, subscriptionId: string): Promise<SubscriptionState> {
  const answer = await billing.stripe.subscriptions.retrieve(subscriptionId);
  return subscriptionSchema.parse(answer);
}

async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

async function findUserByCustomer(db: Db, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.stripeCustomerId, customerId)).limit(1);
  return row;
}
