import type { BillingInfo } from '../../shared/billing';

/** user.getUserBillingInfo's answer for the component tests: a Free account with nothing running, unless overridden. */
export function billingInfo(overrides: Partial<BillingInfo> = {}): BillingInfo {
  return {
    plan: 'free',
    isProSubscribed: false,
    isUltra: false,
    isEnterprise: false,
    isTrialActive: false,
    isTrialCanceled: false,
    isCanceled: false,
    planInterval: null,
    status: null,
    currentPeriodEnd: null,
    currency: null,
    hasUsedTrial: false,
    ...overrides,
  };
}
