import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAID_PLAN_SLUGS, BILLING_INTERVALS } from '../../shared/pricing';
import type { PlanSlug } from '../../shared/plans';
import type { StripeBillingConfig } from '../config';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Logger } from '../logger';
import { planOfPrice } from './stripe-billing';

/**
 * A Stripe subscription as far as the user's billing fields need it, read from a webhook event or an API answer alike.
 * The current period's end sits on the subscription item in current API versions and on the subscription in older
 * ones; both are read.
 */
export const subscriptionSchema = z.object({
  id: z.string().min(1),
  object: z.literal('subscription'),
  customer: z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === 'string' ? value : value.id)),
  status: z.string().min(1),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullish(),
  start_date: z.number(),
  trial_start: z.number().nullish(),
  trial_end: z.number().nullish(),
  current_period_end: z.number().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(z.object({ price: z.object({ id: z.string() }), current_period_end: z.number().nullish() })),
  }),
});
export type SubscriptionState = z.infer<typeof subscriptionSchema>;

/** Stripe statuses in which the plan is paid for (past_due: Stripe is still retrying the payment). */
const ENTITLED_STATUSES = new Set(['active', 'trialing', 'past_due']);

export function isEntitled(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && ENTITLED_STATUSES.has(status);
}

export type UserRow = typeof user.$inferSelect;
export type BillingUpdate = Partial<
  Pick<
    UserRow,
    | 'plan'
    | 'planInterval'
    | 'subscriptionStatus'
    | 'stripeCurrentPeriodEnd'
    | 'stripeSubscriptionStart'
    | 'isCanceled'
    | 'isTrialActive'
    | 'isTrialCanceled'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'stripePriceId'
    | 'billingEventAt'
    | 'hasUsedTrial'
  >
>;

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The user's billing fields for a subscription's state (spec §3): the plan from its price (pro or ultra) while Stripe
 * says it is paid for, free once it ended (canceled, unpaid, expired); canceled when it ends at the period's end;
 * trial active while trialing, and a trial canceled when it will not continue. Enterprise is arranged by an admin and
 * never changed by Stripe. Undefined when the subscription must not touch this user: it is not theirs (another
 * customer), or it is an older subscription that has ended while a newer one is on record.
 */
export function billingFieldsOf(options: {
  settings: StripeBillingConfig;
  subscription: SubscriptionState;
  row: UserRow;
  log: Logger;
}): BillingUpdate | undefined {
  const { subscription: sub, row, log } = options;
  if (row.stripeCustomerId !== null && row.stripeCustomerId !== sub.customer) {
    log.warn({ userId: row.id, subscriptionId: sub.id }, 'stripe subscription of another customer ignored');
    return undefined;
  }
  const entitled = isEntitled(sub.status);
  if (row.stripeSubscriptionId !== null && row.stripeSubscriptionId !== sub.id && !entitled) {
    // An old subscription ending (say, replaced after a lapse) leaves the current one alone.
    return undefined;
  }
  const item = sub.items.data[0];
  const priced = planOfPrice(options.settings, item?.price.id) ?? planFromMetadata(sub.metadata);
  let plan: PlanSlug = entitled ? (priced?.plan ?? row.plan) : 'free';
  if (entitled && !priced) {
    log.warn({ userId: row.id, subscriptionId: sub.id, priceId: item?.price.id }, 'stripe subscription with an unknown price');
  }
  if (row.plan === 'enterprise') plan = 'enterprise';
  const endsAtPeriodEnd = sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at !== undefined);
  const trialing = sub.status === 'trialing';
  return {
    plan,
    planInterval: entitled ? (priced?.interval ?? row.planInterval) : null,
    subscriptionStatus: sub.status,
    stripeCurrentPeriodEnd: fromSeconds(item?.current_period_end ?? sub.current_period_end ?? sub.trial_end),
    stripeSubscriptionStart: fromSeconds(sub.start_date),
    isCanceled: endsAtPeriodEnd || sub.status === 'canceled',
    isTrialActive: trialing,
    isTrialCanceled: trialing && endsAtPeriodEnd,
    stripeCustomerId: sub.customer,
    stripeSubscriptionId: sub.id,
    stripePriceId: item?.price.id ?? null,
    hasUsedTrial: row.hasUsedTrial || trialing || Boolean(sub.trial_start),
  };
}

function planFromMetadata(metadata: Record<string, string> | null | undefined) {
  const plan = PAID_PLAN_SLUGS.find((slug) => slug === metadata?.plan);
  const interval = BILLING_INTERVALS.find((value) => value === metadata?.interval);
  return plan && interval ? { plan, interval } : undefined;
}

/** Later of two instants (the last Stripe event applied never moves back). */
export function latest(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b;
}

/** The whole second `date` falls in: Stripe stamps events in seconds. */
export function toSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * Applies a subscription's state as Stripe answered it (cancel, resubscribe) to the user, in a transaction that locks
 * the row. Returns whether anything was written.
 */
export async function applySubscriptionNow(options: {
  db: Db;
  settings: StripeBillingConfig;
  userId: string;
  subscription: SubscriptionState;
  log: Logger;
}): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, options.userId)).for('update');
    if (!row) return false;
    const fields = billingFieldsOf({ settings: options.settings, subscription: options.subscription, row, log: options.log });
    if (!fields) return false;
    // Events Stripe stamped before this answer describe an older state; those of the same second are re-read.
    const billingEventAt = latest(row.billingEventAt, toSecond(new Date()));
    await tx.update(user).set({ ...fields, billingEventAt, updatedAt: new Date() }).where(eq(user.id, row.id));
    return true;
  });
}
