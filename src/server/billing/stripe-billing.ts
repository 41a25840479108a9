import type Stripe from 'stripe';
import type { AllPlanPricing, BillingInterval, PaidPlanSlug } from '../../shared/pricing';
import { BILLING_INTERVALS, PAID_PLAN_SLUGS } from '../../shared/pricing';
import type { Config, StripeBillingConfig, StripeEnvironment, StripePriceIds } from '../config';
import { billingNotConfigured } from './errors';
import { createStripeClient } from './stripe-client';

/**
 * Stripe billing of one configuration: its client, the plan and interval each configured price id stands for, and the
 * pricing cache (one hour per environment, spec §9). Built once per configuration and kept beside it, so each test's
 * services (and the one server process) have their own; nothing here is needed by another process.
 */
export interface StripeBilling {
  settings: StripeBillingConfig;
  stripe: Stripe;
  /** The price ids checkout charges with: those of the environment the secret key belongs to. */
  checkoutPrices: StripePriceIds;
  pricingCache: Map<StripeEnvironment, { expiresAt: number; pricing: Promise<AllPlanPricing> }>;
}

const billings = new WeakMap<StripeBillingConfig, StripeBilling>();

export function stripeBillingOf(config: Pick<Config, 'stripe'>): StripeBilling | null {
  const settings = config.stripe;
  if (!settings) return null;
  let billing = billings.get(settings);
  if (!billing) {
    const checkoutPrices = settings.priceIds[settings.environment];
    // loadConfig refuses a key without the price ids of its environment; this only narrows the type.
    if (!checkoutPrices) throw new Error(`no ${settings.environment} price ids configured`);
    billing = { settings, stripe: createStripeClient(settings), checkoutPrices, pricingCache: new Map() };
    billings.set(settings, billing);
  }
  return billing;
}

/** The Stripe billing of this server, or the 'billingNotConfigured' refusal (PRECONDITION_FAILED). */
export function requireStripeBilling(config: Pick<Config, 'stripe'>): StripeBilling {
  const billing = stripeBillingOf(config);
  if (!billing) throw billingNotConfigured();
  return billing;
}

/** The plan and interval a price id of either environment stands for; undefined for a price we never configured. */
export function planOfPrice(
  settings: StripeBillingConfig,
  priceId: string | undefined,
): { plan: PaidPlanSlug; interval: BillingInterval } | undefined {
  if (!priceId) return undefined;
  for (const table of [settings.priceIds.production, settings.priceIds.test]) {
    if (!table) continue;
    for (const plan of PAID_PLAN_SLUGS) {
      for (const interval of BILLING_INTERVALS) {
        if (table[plan][interval] === priceId) return { plan, interval };
      }
    }
  }
  return undefined;
}
