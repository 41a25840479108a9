import type { BillingInfo } from './billing';
import { trialDays } from './plans';

/**
 * The subscription label and the action buttons of spec §4, read literally, as pure functions of the billing info
 * (user.getUserBillingInfo) and the user record (user.getUser). The settings page's billing view shows exactly these.
 */

export type SubscriptionLabel = 'Trialing' | 'Cancelled Trial' | 'Ultra' | 'Canceled' | 'Active' | 'Enterprise' | 'Free';

export type SubscriptionBilling = Pick<
  BillingInfo,
  'isProSubscribed' | 'isUltra' | 'isEnterprise' | 'isTrialActive' | 'isTrialCanceled' | 'isCanceled' | 'status'
> &
  Partial<Pick<BillingInfo, 'hasUsedTrial'>>;

/** The user record's part in the rules: its own cancel flag and the referral that lengthens a trial. */
export interface SubscriptionUser {
  isCanceled: boolean;
  referredBy: string | null;
}

/** Stripe's statuses are lower-case words ('canceled', 'incomplete_expired', …); "contains cancel" ignores case. */
function statusSaysCanceled(status: string | null): boolean {
  return (status ?? '').toLowerCase().includes('cancel');
}

/**
 * Spec §4: trial active gives 'Trialing' (or 'Cancelled Trial' if the trial is canceled); Ultra gives 'Ultra' or
 * 'Canceled' if canceled or the status contains cancel; Pro gives 'Active' or 'Canceled'; Enterprise gives
 * 'Enterprise'; otherwise 'Free'.
 */
export function subscriptionLabel(billing: SubscriptionBilling): SubscriptionLabel {
  if (billing.isTrialActive) return billing.isTrialCanceled ? 'Cancelled Trial' : 'Trialing';
  if (billing.isUltra) return billing.isCanceled || statusSaysCanceled(billing.status) ? 'Canceled' : 'Ultra';
  if (billing.isProSubscribed) return billing.isCanceled ? 'Canceled' : 'Active';
  if (billing.isEnterprise) return 'Enterprise';
  return 'Free';
}

export type SubscriptionAction =
  | { kind: 'changePlan' }
  | { kind: 'cancelTrial'; plan: 'pro' | 'ultra' }
  | { kind: 'resubscribe' }
  | { kind: 'viewPlans' }
  | { kind: 'manageSubscription' }
  | { kind: 'cancelSubscription' }
  | { kind: 'startTrial'; days: number }
  | { kind: 'upgradeNow' };

export type SubscriptionActionKind = SubscriptionAction['kind'];

/**
 * Spec §4, in order: a trial shows Change plan, plus Cancel Pro/Ultra Trial unless already canceled. Pro canceled
 * shows Resubscribe and View Plans. Paid (Pro), Enterprise or Ultra shows Manage Subscription, plus Cancel
 * Subscription when billing says canceled and the user record does not. Free with trials enabled shows Start N-Day
 * Free Trial (N from trialDays: referred users get the longer trial) and View Plans. Otherwise Upgrade Now.
 */
export function subscriptionActions(
  billing: SubscriptionBilling,
  user: SubscriptionUser,
  options: { trialsEnabled: boolean },
): SubscriptionAction[] {
  if (billing.isTrialActive) {
    const actions: SubscriptionAction[] = [{ kind: 'changePlan' }];
    if (!billing.isTrialCanceled) actions.push({ kind: 'cancelTrial', plan: billing.isUltra ? 'ultra' : 'pro' });
    return actions;
  }
  if (billing.isProSubscribed && billing.isCanceled) return [{ kind: 'resubscribe' }, { kind: 'viewPlans' }];
  if (billing.isProSubscribed || billing.isEnterprise || billing.isUltra) {
    const billingCanceled = billing.isCanceled || statusSaysCanceled(billing.status);
    return billingCanceled && !user.isCanceled
      ? [{ kind: 'manageSubscription' }, { kind: 'cancelSubscription' }]
      : [{ kind: 'manageSubscription' }];
  }
  // One trial per user (the server refuses a second): a user who had one is offered the upgrade instead.
  if (options.trialsEnabled && !billing.hasUsedTrial) {
    return [{ kind: 'startTrial', days: trialDays(user.referredBy) }, { kind: 'viewPlans' }];
  }
  return [{ kind: 'upgradeNow' }];
}

/** The English wording of each action (the client translates the same words); used by tests and logs. */
export function subscriptionActionText(action: SubscriptionAction): string {
  switch (action.kind) {
    case 'changePlan':
      return 'Change plan';
    case 'cancelTrial':
      return `Cancel ${action.plan === 'ultra' ? 'Ultra' : 'Pro'} Trial`;
    case 'resubscribe':
      return 'Resubscribe';
    case 'viewPlans':
      return 'View Plans';
    case 'manageSubscription':
      return 'Manage Subscription';
    case 'cancelSubscription':
      return 'Cancel Subscription';
    case 'startTrial':
      return `Start ${action.days}-Day Free Trial`;
    case 'upgradeNow':
      return 'Upgrade Now';
  }
}
