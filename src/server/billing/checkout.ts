import { and, eq, isNull } from 'drizzle-orm';
import type { Currency } from '../../shared/currency';
import { trialDays } from '../../shared/plans';
import type { BillingInterval, PaidPlanSlug } from '../../shared/pricing';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import {
  alreadySubscribed,
  currencyNotOffered,
  noBillingAccount,
  portalSessionFailed,
  stripeSessionFailed,
  trialAlreadyUsed,
  trialsDisabled,
} from './errors';
import { planSoldIn } from './pricing';
import { requireStripeBilling, type StripeBilling } from './stripe-billing';
import { isEntitled, type UserRow } from './subscription-state';

export interface BillingServices {
  config: Config;
  db: Db;
  log: Logger;
}

const userNotFound = () => new AppError({ code: 'NOT_FOUND', userMessage: 'User not found.', messageKey: 'userNotFound' });

export async function billingUser(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw userNotFound();
  return row;
}

/**
 * Where Checkout sends the browser back: the billing settings (`checkout=success`, or the plans on cancel), or, from
 * onboarding, the dashboard with the step the user was on (`/dashboard?step=N&checkout=success|canceled`).
 */
export function checkoutReturnUrls(appUrl: string, onboardingStep: number | undefined) {
  const base = appUrl.replace(/\/+$/, '');
  if (onboardingStep !== undefined) {
    return {
      success: `${base}/dashboard?step=${onboardingStep}&checkout=success`,
      cancel: `${base}/dashboard?step=${onboardingStep}&checkout=canceled`,
    };
  }
  return { success: `${base}/settings?mode=billing&checkout=success`, cancel: `${base}/settings?mode=plans&checkout=canceled` };
}

/**
 * subscription.createStripeSession: a Stripe Checkout session (mode subscription) for a paid plan, interval and
 * currency, with a trial of trialDays(referredBy) days when asked for, trials are on and the user never had one. The
 * user's Stripe customer is created once and kept (stripeCustomerId). Nothing about the plan changes here: the webhook
 * applies what Stripe reports once the customer has paid.
 */
export async function createCheckoutSession(options: {
  services: BillingServices;
  userId: string;
  plan: PaidPlanSlug;
  interval: BillingInterval;
  currency: Currency;
  isTrial: boolean;
  onboardingStep: number | undefined;
}): Promise<{ url: string }> {
  const { services, plan, interval, currency } = options;
  const billing = requireStripeBilling(services.config);
  const row = await billingUser(services.db, options.userId);
  if (row.plan === 'enterprise' || (row.stripeSubscriptionId !== null && isEntitled(row.subscriptionStatus))) {
    throw alreadySubscribed();
  }
  if (options.isTrial && !services.config.trialsEnabled) throw trialsDisabled();
  if (options.isTrial && row.hasUsedTrial) throw trialAlreadyUsed();

  let soldIn: boolean;
  try {
    soldIn = await planSoldIn({ config: services.config, billing, plan, currency });
  } catch (error) {
    throw stripeSessionFailed(error);
  }
  if (!soldIn) throw currencyNotOffered(currency);

  const urls = checkoutReturnUrls(services.config.appUrl, options.onboardingStep);
  const metadata = { userId: row.id, plan, interval };
  let url: string | null;
  try {
    const customer = await ensureCustomer(services.db, billing, row);
    const session = await billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: row.id,
      currency,
      line_items: [{ price: billing.checkoutPrices[plan][interval], quantity: 1 }],
      metadata,
      subscription_data: {
        metadata,
        ...(options.isTrial ? { trial_period_days: trialDays(row.referredBy) } : {}),
      },
      success_url: urls.success,
      cancel_url: urls.cancel,
    });
    url = session.url;
  } catch (error) {
    throw stripeSessionFailed(error);
  }
  if (!url) throw stripeSessionFailed('Stripe answered a session without a url');
  services.log.info({ userId: row.id, plan, interval, currency, trial: options.isTrial }, 'stripe checkout session created');
  return { url };
}

/** The user's Stripe customer, created on first checkout (idempotently: two tabs at once get the same one). */
async function ensureCustomer(db: Db, billing: StripeBilling, row: UserRow): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await billing.stripe.customers.create(
    { email: row.email, name: row.name, metadata: { userId: row.id } },
    { idempotencyKey: `studypath-customer-${row.id}` },
  );
  await db
    .update(user)
    .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
    .where(and(eq(user.id, row.id), isNull(user.stripeCustomerId)));
  const stored = await billingUser(db, row.id);
  return stored.stripeCustomerId ?? customer.id;
}

/** subscription.createPortalSession: Stripe's Customer Portal (Manage Subscription), back to the billing settings. */
export async function createPortalSession(options: { services: BillingServices; userId: string }): Promise<{ url: string }> {
  const billing = requireStripeBilling(options.services.config);
  const row = await billingUser(options.services.db, options.userId);
  if (!row.stripeCustomerId) throw noBillingAccount();
  let url: string | null;
  try {
    const session = await billing.stripe.billingPortal.sessions.create({
      customer: row.stripeCustomerId,
      return_url: `${options.services.config.appUrl.replace(/\/+$/, '')}/settings?mode=billing`,
    });
    url = session.url;
  } catch (error) {
    throw portalSessionFailed(error);
  }
  if (!url) throw portalSessionFailed('Stripe answered a portal session without a url');
  return { url };
}
