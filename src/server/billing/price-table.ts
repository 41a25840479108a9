import { CURRENCIES, type Currency } from '../../shared/currency';
import { PAID_PLAN_SLUGS, planPricing, type AllPlanPricing, type PaidPlanSlug, type PlanPricing } from '../../shared/pricing';

/**
 * The built-in price table: what subscription.getAllPlanPricing answers (source 'config') on a server without Stripe,
 * so the plans page shows prices before billing is set up. Amounts in major units, per plan and currency:
 *
 * | plan  | usd           | eur           | gbp           | cad             | aud             |
 * |-------|---------------|---------------|---------------|-----------------|-----------------|
 * | Pro   | 9.99 / 95.99  | 9.99 / 95.99  | 8.99 / 85.99  | 12.99 / 124.99  | 14.99 / 143.99  |
 * | Ultra | 19.99 / 191.99| 19.99 / 191.99| 17.99 / 171.99| 26.99 / 259.99  | 29.99 / 287.99  |
 *
 * (monthly / yearly). With Stripe configured, prices come from Stripe instead; the fake Stripe server of the tests
 * sells at these same amounts.
 */
export const BUILT_IN_PRICES: Record<PaidPlanSlug, Record<Currency, { monthly: number; yearly: number }>> = {
  pro: {
    usd: { monthly: 9.99, yearly: 95.99 },
    eur: { monthly: 9.99, yearly: 95.99 },
    gbp: { monthly: 8.99, yearly: 85.99 },
    cad: { monthly: 12.99, yearly: 124.99 },
    aud: { monthly: 14.99, yearly: 143.99 },
  },
  ultra: {
    usd: { monthly: 19.99, yearly: 191.99 },
    eur: { monthly: 19.99, yearly: 191.99 },
    gbp: { monthly: 17.99, yearly: 171.99 },
    cad: { monthly: 26.99, yearly: 259.99 },
    aud: { monthly: 29.99, yearly: 287.99 },
  },
};

/** The built-in table as subscription.getAllPlanPricing answers it, with the spec §9 maths applied. */
export function builtInPlanPricing(): AllPlanPricing {
  const plans = Object.fromEntries(
    PAID_PLAN_SLUGS.map((plan) => [
      plan,
      Object.fromEntries(
        CURRENCIES.map((currency) => {
          const { monthly, yearly } = BUILT_IN_PRICES[plan][currency];
          return [currency, planPricing(monthly, yearly)];
        }),
      ) as Record<Currency, PlanPricing>,
    ]),
  ) as AllPlanPricing['plans'];
  return { source: 'config', plans };
}
