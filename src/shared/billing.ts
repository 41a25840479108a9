import type { Currency } from './currency';
import type { PlanSlug } from './plans';

/** Billing info of spec §3 as the client receives it from user.getUserBillingInfo. */
export interface BillingInfo {
  plan: PlanSlug;
  isProSubscribed: boolean;
  isUltra: boolean;
  isEnterprise: boolean;
  isTrialActive: boolean;
  isTrialCanceled: boolean;
  isCanceled: boolean;
  planInterval: 'monthly' | 'yearly' | null;
  status: string | null;
  /** When the paid period (or the trial) ends: the renewal date, or the last day of access once canceled. */
  currentPeriodEnd: Date | null;
  /** The user's currency (usd, eur, gbp, cad, aud), null until one is chosen or detected. */
  currency: Currency | null;
  /** A user gets one free trial: once one was started, trials are no longer offered. */
  hasUsedTrial: boolean;
}

/** Whether the sidebar footer offers Upgrade (free users, to plans) or Manage (subscribers, to billing). */
export function planFooterAction(billing: Pick<BillingInfo, 'plan' | 'isTrialActive'>): 'upgrade' | 'manage' {
  return billing.plan === 'free' && !billing.isTrialActive ? 'upgrade' : 'manage';
}
