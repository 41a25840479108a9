import type { BillingInfo } from '../../shared/billing';
import { getBillingInfo } from '../users/users';
import { billingUser, type BillingServices } from './checkout';
import { noSubscription, noTrialToCancel, subscriptionEnded, subscriptionUpdateFailed } from './errors';
import { requireStripeBilling } from './stripe-billing';
import { applySubscriptionNow, isEntitled, subscriptionSchema } from './subscription-state';

/**
 * The subscription actions of the billing settings (spec §2, §4). Each asks Stripe, applies the subscription's state
 * Stripe answers to the user at once (the webhook that follows finds it already applied) and returns the new billing
 * info. A Stripe failure changes nothing and answers 'subscriptionUpdateFailed'.
 *
 * Cancel trial: the trial runs to its end and the subscription then ends instead of turning into a paid one (Stripe's
 * cancel_at_period_end; the trial is the period) — the label reads 'Cancelled Trial' meanwhile and Resubscribe undoes it.
 */
export async function cancelTrial(options: { services: BillingServices; userId: string }): Promise<BillingInfo> {
  requireStripeBilling(options.services.config);
  const row = await billingUser(options.services.db, options.userId);
  if (!row.isTrialActive || !row.stripeSubscriptionId) throw noTrialToCancel();
  return setCancelAtPeriodEnd(options, row.stripeSubscriptionId, true);
}

/** Cancel Subscription: the plan stays until the paid period ends, then the user is back on Free. */
export async function cancelSubscription(options: { services: BillingServices; userId: string }): Promise<BillingInfo> {
  requireStripeBilling(options.services.config);
  const row = await billingUser(options.services.db, options.userId);
  if (!row.stripeSubscriptionId || !isEntitled(row.subscriptionStatus)) throw noSubscription();
  return setCancelAtPeriodEnd(options, row.stripeSubscriptionId, true);
}

/** Resubscribe: undoes a pending cancel (of a subscription or a trial) before the period ends. */
export async function resubscribe(options: { services: BillingServices; userId: string }): Promise<BillingInfo> {
  requireStripeBilling(options.services.config);
  const row = await billingUser(options.services.db, options.userId);
  if (!row.stripeSubscriptionId) throw noSubscription();
  if (!isEntitled(row.subscriptionStatus)) throw subscriptionEnded();
  return setCancelAtPeriodEnd(options, row.stripeSubscriptionId, false);
}

async function setCancelAtPeriodEnd(
  options: { services: BillingServices; userId: string },
  subscriptionId: string,
  cancel: boolean,
): Promise<BillingInfo> {
  const { services, userId } = options;
  const billing = requireStripeBilling(services.config);
  let answer: unknown;
  try {
    answer = await billing.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  } catch (error) {
    throw subscriptionUpdateFailed(error);
  }
  const subscription = subscriptionSchema.safeParse(answer);
  if (!subscription.success) throw subscriptionUpdateFailed('Stripe answered an unreadable subscription');
  await applySubscriptionNow({ db: services.db, settings: billing.settings, userId, subscription: subscription.data, log: services.log });
  services.log.info({ userId, subscriptionId, cancelAtPeriodEnd: cancel }, 'stripe subscription updated');
  return getBillingInfo({ db: services.db, userId });
}
