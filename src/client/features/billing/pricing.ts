import { z } from 'zod';
import { CURRENCIES, type Currency, SUBSCRIPTION_FALLBACK_CURRENCY } from '../../../shared/currency';
import { type AllPlanPricing, PAID_PLAN_SLUGS, type PaidPlanSlug, type PlanPricing } from '../../../shared/pricing';

/**
 * What the plan cards and the upgrade modal show of subscription.getAllPlanPricing: the prices of both paid plans in
 * one currency, or why there are none (spec §8: 'Could not process pricing information' for an answer that does not
 * add up, 'No pricing information available' for one without prices).
 */
export type ResolvedPricing =
  | { kind: 'ready'; currency: Currency; plans: Record<PaidPlanSlug, PlanPricing>; bestSavingsPercent: number }
  | { kind: 'empty' }
  | { kind: 'invalid' };

const money = z.number().finite().nonnegative();
const planPricingSchema = z.object({
  monthly: money.positive(),
  yearly: money.positive(),
  yearlyMonthlyEquivalent: money,
  monthlySavingsPercent: z.number().finite().min(0).max(100),
});
const allPlanPricingSchema = z.object({
  plans: z.object({
    pro: z.partialRecord(z.enum(CURRENCIES), planPricingSchema),
    ultra: z.partialRecord(z.enum(CURRENCIES), planPricingSchema),
  }),
});

/**
 * The prices in `wanted`, else in euros (the subscription calls' fallback, spec §9), else in the first currency both
 * plans are sold in. Checkout is then asked for the currency shown, so the person pays what they saw.
 */
export function resolvePricing(answer: AllPlanPricing | undefined, wanted: Currency): ResolvedPricing {
  const parsed = allPlanPricingSchema.safeParse(answer);
  if (!parsed.success) return { kind: 'invalid' };
  const { plans } = parsed.data;
  const soldIn = (currency: Currency) => PAID_PLAN_SLUGS.every((slug) => plans[slug][currency] !== undefined);
  const currency = [wanted, SUBSCRIPTION_FALLBACK_CURRENCY, ...CURRENCIES].find(soldIn);
  if (!currency) return { kind: 'empty' };
  const pick = (slug: PaidPlanSlug) => plans[slug][currency] as PlanPricing;
  const chosen = { pro: pick('pro'), ultra: pick('ultra') };
  return {
    kind: 'ready',
    currency,
    plans: chosen,
    bestSavingsPercent: Math.max(...PAID_PLAN_SLUGS.map((slug) => chosen[slug].monthlySavingsPercent)),
  };
}
