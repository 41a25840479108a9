import type { Currency } from './currency';
import type { PlanSlug } from './plans';

/** The plans that are bought through checkout; Enterprise is arranged with sales and Free costs nothing. */
export const PAID_PLAN_SLUGS = ['pro', 'ultra'] as const satisfies readonly PlanSlug[];
export type PaidPlanSlug = (typeof PAID_PLAN_SLUGS)[number];
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Pricing of one plan in one currency (spec §3): amounts in major units (9.99, not 999). */
export interface PlanPricing {
  monthly: number;
  yearly: number;
  yearlyMonthlyEquivalent: number;
  monthlySavingsPercent: number;
}

/** What subscription.getAllPlanPricing answers: each paid plan's pricing per currency it is sold in. */
export interface AllPlanPricing {
  /** 'stripe' when read from Stripe's prices, 'config' from the built-in price table when Stripe is not configured. */
  source: 'stripe' | 'config';
  plans: Record<PaidPlanSlug, Partial<Record<Currency, PlanPricing>>>;
}

/** Spec §9: money is rounded to 2 places (half away from zero, without binary-float surprises such as 1.005). */
export function roundMoney(amount: number): number {
  const rounded = Math.round((Math.abs(amount) + Number.EPSILON) * 100) / 100;
  return Math.sign(amount) * rounded;
}

/** Spec §9: what a month costs on the yearly plan, floor(yearly / 12) + 0.99. */
export function yearlyMonthlyEquivalent(yearly: number): number {
  return roundMoney(Math.floor(yearly / 12) + 0.99);
}

/** Spec §9: how much the yearly price saves against twelve monthly payments, in whole percent (never below 0). */
export function monthlySavingsPercent(monthly: number, yearly: number): number {
  const twelveMonths = monthly * 12;
  if (!(twelveMonths > 0)) return 0;
  return Math.max(0, Math.round((1 - yearly / twelveMonths) * 100));
}

/** The PlanPricing of a monthly and a yearly price, both rounded to cents. */
export function planPricing(monthly: number, yearly: number): PlanPricing {
  const m = roundMoney(monthly);
  const y = roundMoney(yearly);
  return { monthly: m, yearly: y, yearlyMonthlyEquivalent: yearlyMonthlyEquivalent(y), monthlySavingsPercent: monthlySavingsPercent(m, y) };
}

/** Stripe amounts are in minor units (cents); every currency here has two decimals. */
export function fromMinorUnits(amount: number): number {
  return roundMoney(amount / 100);
}

const CURRENCY_SYMBOL: Record<Currency, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$' };

/**
 * A price for display in the UI's language: two decimals in the locale's style, the currency's symbol in front —
 * except euros, whose sign trails the amount (spec §9): "$9.99", "9.99 €" (English), "9,99 €" (German).
 */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roundMoney(amount),
  );
  return currency === 'eur' ? `${number} €` : `${CURRENCY_SYMBOL[currency]}${number}`;
}
