import { z } from 'zod';
import { CURRENCIES, type Currency } from '../../shared/currency';
import {
  BILLING_INTERVALS,
  fromMinorUnits,
  PAID_PLAN_SLUGS,
  planPricing,
  type AllPlanPricing,
  type BillingInterval,
  type PlanPricing,
} from '../../shared/pricing';
import type { Config, StripeEnvironment, StripePriceIds } from '../config';
import { pricingLoadFailed, pricingProcessFailed, pricingUnavailable } from './errors';
import { builtInPlanPricing } from './price-table';
import { stripeBillingOf, type StripeBilling } from './stripe-billing';

/** Spec §9: pricing is cached for an hour. */
export const PRICING_CACHE_MS = 60 * 60 * 1000;

/** The fields of a Stripe price that pricing reads; anything else about it is not our concern. */
const stripePriceSchema = z.object({
  id: z.string(),
  currency: z.string(),
  unit_amount: z.number().int().nonnegative().nullable(),
  recurring: z.object({ interval: z.string(), interval_count: z.number().int() }).nullable(),
  currency_options: z
    .record(z.string(), z.object({ unit_amount: z.number().int().nonnegative().nullable() }))
    .nullish(),
});
type StripePrice = z.infer<typeof stripePriceSchema>;

const STRIPE_INTERVAL: Record<BillingInterval, string> = { monthly: 'month', yearly: 'year' };

/**
 * subscription.getAllPlanPricing: every paid plan's monthly and yearly price in each currency it is sold in, with the
 * spec §9 maths. From Stripe when billing is configured (one price per plan and interval, its other currencies as
 * `currency_options`), cached an hour per environment; else from the built-in price table (source 'config').
 */
export async function getAllPlanPricing(options: { config: Config; environment: StripeEnvironment }): Promise<AllPlanPricing> {
  const billing = stripeBillingOf(options.config);
  if (!billing) return builtInPlanPricing();
  const { environment } = options;
  const cached = billing.pricingCache.get(environment);
  if (cached && cached.expiresAt > Date.now()) return cached.pricing;
  const priceIds = billing.settings.priceIds[environment] ?? billing.checkoutPrices;
  const pricing = loadPricing(billing, priceIds);
  const entry = { expiresAt: Date.now() + PRICING_CACHE_MS, pricing };
  billing.pricingCache.set(environment, entry);
  // A failure is not remembered: the next call asks Stripe again.
  pricing.catch(() => {
    if (billing.pricingCache.get(environment) === entry) billing.pricingCache.delete(environment);
  });
  return pricing;
}

async function loadPricing(billing: StripeBilling, priceIds: StripePriceIds): Promise<AllPlanPricing> {
  const requests = PAID_PLAN_SLUGS.flatMap((plan) =>
    BILLING_INTERVALS.map(async (interval) => {
      const price = await billing.stripe.prices.retrieve(priceIds[plan][interval], { expand: ['currency_options'] });
      return { plan, interval, price: price as unknown };
    }),
  );
  let answers: Array<{ plan: (typeof PAID_PLAN_SLUGS)[number]; interval: BillingInterval; price: unknown }>;
  try {
    answers = await Promise.all(requests);
  } catch (error) {
    throw pricingLoadFailed(error);
  }
  const prices = new Map<string, StripePrice>();
  for (const { plan, interval, price } of answers) {
    const parsed = stripePriceSchema.safeParse(price);
    if (!parsed.success) throw pricingProcessFailed(`${plan} ${interval}: unexpected price object`);
    const recurring = parsed.data.recurring;
    if (recurring?.interval !== STRIPE_INTERVAL[interval] || recurring.interval_count !== 1) {
      throw pricingProcessFailed(`${plan} ${interval}: price ${parsed.data.id} does not recur every ${STRIPE_INTERVAL[interval]}`);
    }
    prices.set(`${plan}:${interval}`, parsed.data);
  }
  const plans = {} as AllPlanPricing['plans'];
  for (const plan of PAID_PLAN_SLUGS) {
    const byCurrency: Partial<Record<Currency, PlanPricing>> = {};
    for (const currency of CURRENCIES) {
      const monthly = amountIn(prices.get(`${plan}:monthly`), currency);
      const yearly = amountIn(prices.get(`${plan}:yearly`), currency);
      if (monthly !== undefined && yearly !== undefined) {
        byCurrency[currency] = planPricing(fromMinorUnits(monthly), fromMinorUnits(yearly));
      }
    }
    if (Object.keys(byCurrency).length === 0) throw pricingUnavailable();
    plans[plan] = byCurrency;
  }
  return { source: 'stripe', plans };
}

/** A price's amount in minor units in one currency: its own currency, or one of its currency options. */
function amountIn(price: StripePrice | undefined, currency: Currency): number | undefined {
  if (!price) return undefined;
  const amount = price.currency.toLowerCase() === currency ? price.unit_amount : price.currency_options?.[currency]?.unit_amount;
  return amount ?? undefined;
}

/** Whether a plan is sold in a currency, from the (cached) pricing of the key's own environment. */
export async function planSoldIn(options: {
  config: Config;
  billing: StripeBilling;
  plan: (typeof PAID_PLAN_SLUGS)[number];
  currency: Currency;
}): Promise<boolean> {
  const pricing = await getAllPlanPricing({ config: options.config, environment: options.billing.settings.environment });
  return options.plan in pricing.plans && pricing.plans[options.plan][options.currency] !== undefined;
}
