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
}

/** Whether the sidebar footer offers Upgrade (free users, to plans) or Manage (subscribers, to billing). */
export function planFooterAction(billing: Pick<BillingInfo, 'plan' | 'isTrialActive'>): 'upgrade' | 'manage' {
  return billing.plan === 'free' && !billing.isTrialActive ? 'upgrade' : 'manage';
}
