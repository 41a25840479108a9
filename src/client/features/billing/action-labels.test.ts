import { describe, expect, it } from 'vitest';
import { subscriptionActionText, type SubscriptionAction } from '../../../shared/subscription-rules';
import { i18n } from '../../lib/i18n';

/** The buttons the billing view shows read, in English, exactly as spec §4 names them. */
const ACTIONS: SubscriptionAction[] = [
  { kind: 'changePlan' },
  { kind: 'cancelTrial', plan: 'pro' },
  { kind: 'cancelTrial', plan: 'ultra' },
  { kind: 'resubscribe' },
  { kind: 'viewPlans' },
  { kind: 'manageSubscription' },
  { kind: 'cancelSubscription' },
  { kind: 'startTrial', days: 3 },
  { kind: 'startTrial', days: 14 },
  { kind: 'upgradeNow' },
];

describe('billing action labels', () => {
  it.each(ACTIONS)('$kind reads as spec §4 says', (action) => {
    const t = i18n.getFixedT('en', 'billing');
    const text =
      action.kind === 'startTrial'
        ? t('actions.startTrial', { days: action.days })
        : t(`actions.${action.kind}`, { plan: action.kind === 'cancelTrial' ? (action.plan === 'ultra' ? 'Ultra' : 'Pro') : '' });
    expect(text).toBe(subscriptionActionText(action));
  });
});
