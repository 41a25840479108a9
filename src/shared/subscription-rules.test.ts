import { describe, expect, it } from 'vitest';
import {
  subscriptionActions,
  subscriptionActionText,
  subscriptionLabel,
  type SubscriptionBilling,
  type SubscriptionUser,
} from './subscription-rules';

const free: SubscriptionBilling = {
  isProSubscribed: false,
  isUltra: false,
  isEnterprise: false,
  isTrialActive: false,
  isTrialCanceled: false,
  isCanceled: false,
  status: null,
};
const pro = { ...free, isProSubscribed: true, status: 'active' };
const ultra = { ...free, isUltra: true, status: 'active' };
const enterprise = { ...free, isEnterprise: true, status: 'active' };

const plainUser: SubscriptionUser = { isCanceled: false, referredBy: null };
const canceledUser: SubscriptionUser = { isCanceled: true, referredBy: null };
const referredUser: SubscriptionUser = { isCanceled: false, referredBy: 'friend_1' };

interface Case {
  name: string;
  billing: SubscriptionBilling;
  user?: SubscriptionUser;
  trialsEnabled?: boolean;
  label: string;
  actions: string[];
}

/** Every case of spec §4: the label and the buttons, in order, by their English wording. */
const CASES: Case[] = [
  { name: 'Pro trial', billing: { ...pro, isTrialActive: true, status: 'trialing' }, label: 'Trialing', actions: ['Change plan', 'Cancel Pro Trial'] },
  { name: 'Ultra trial', billing: { ...ultra, isTrialActive: true, status: 'trialing' }, label: 'Trialing', actions: ['Change plan', 'Cancel Ultra Trial'] },
  {
    name: 'Pro trial canceled',
    billing: { ...pro, isTrialActive: true, isTrialCanceled: true, status: 'trialing' },
    label: 'Cancelled Trial',
    actions: ['Change plan'],
  },
  {
    name: 'Ultra trial canceled',
    billing: { ...ultra, isTrialActive: true, isTrialCanceled: true, status: 'trialing' },
    label: 'Cancelled Trial',
    actions: ['Change plan'],
  },
  { name: 'Ultra active', billing: ultra, label: 'Ultra', actions: ['Manage Subscription'] },
  {
    name: 'Ultra canceled on both records',
    billing: { ...ultra, isCanceled: true },
    user: canceledUser,
    label: 'Canceled',
    actions: ['Manage Subscription'],
  },
  {
    name: 'Ultra canceled by billing only',
    billing: { ...ultra, isCanceled: true },
    label: 'Canceled',
    actions: ['Manage Subscription', 'Cancel Subscription'],
  },
  {
    name: 'Ultra whose status contains cancel',
    billing: { ...ultra, status: 'Canceled' },
    label: 'Canceled',
    actions: ['Manage Subscription', 'Cancel Subscription'],
  },
  { name: 'Pro active', billing: pro, label: 'Active', actions: ['Manage Subscription'] },
  { name: 'Pro canceled', billing: { ...pro, isCanceled: true }, user: canceledUser, label: 'Canceled', actions: ['Resubscribe', 'View Plans'] },
  {
    name: 'Pro whose status contains cancel is still Active (the rule for Pro reads only the cancel flag)',
    billing: { ...pro, status: 'canceled' },
    label: 'Active',
    actions: ['Manage Subscription', 'Cancel Subscription'],
  },
  { name: 'Enterprise', billing: enterprise, label: 'Enterprise', actions: ['Manage Subscription'] },
  {
    name: 'Enterprise canceled by billing only',
    billing: { ...enterprise, isCanceled: true },
    label: 'Enterprise',
    actions: ['Manage Subscription', 'Cancel Subscription'],
  },
  { name: 'Free, trials off', billing: free, label: 'Free', actions: ['Upgrade Now'] },
  { name: 'Free, trials off, referred', billing: free, user: referredUser, label: 'Free', actions: ['Upgrade Now'] },
  { name: 'Free, trials on', billing: free, trialsEnabled: true, label: 'Free', actions: ['Start 3-Day Free Trial', 'View Plans'] },
  {
    name: 'Free, trials on, referred',
    billing: free,
    user: referredUser,
    trialsEnabled: true,
    label: 'Free',
    actions: ['Start 14-Day Free Trial', 'View Plans'],
  },
  {
    name: 'Free after a subscription ended (status canceled)',
    billing: { ...free, status: 'canceled' },
    trialsEnabled: true,
    label: 'Free',
    actions: ['Start 3-Day Free Trial', 'View Plans'],
  },
  {
    name: 'Free, trials enabled, the one trial already used',
    billing: { ...free, hasUsedTrial: true },
    user: referredUser,
    trialsEnabled: true,
    label: 'Free',
    actions: ['Upgrade Now'],
  },
];

describe('subscription label and actions (spec §4)', () => {
  it.each(CASES)('$name → $label', ({ billing, user = plainUser, trialsEnabled = false, label, actions }) => {
    expect(subscriptionLabel(billing)).toBe(label);
    const shown = subscriptionActions(billing, user, { trialsEnabled }).map(subscriptionActionText);
    expect(shown).toEqual(actions);
  });

  it('a trial wins over the plan flags and a cancel flag', () => {
    const billing = { ...ultra, isCanceled: true, isTrialActive: true };
    expect(subscriptionLabel(billing)).toBe('Trialing');
    expect(subscriptionActions(billing, canceledUser, { trialsEnabled: true }).map((action) => action.kind)).toEqual([
      'changePlan',
      'cancelTrial',
    ]);
  });

  it('carries the trial length and the trial plan in the actions', () => {
    expect(subscriptionActions(free, referredUser, { trialsEnabled: true })[0]).toEqual({ kind: 'startTrial', days: 14 });
    expect(subscriptionActions({ ...ultra, isTrialActive: true }, plainUser, { trialsEnabled: false })[1]).toEqual({
      kind: 'cancelTrial',
      plan: 'ultra',
    });
  });
});
