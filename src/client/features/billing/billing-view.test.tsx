// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { closeUpgradeModal, useUpgradeModalState } from '../../lib/upgrade-modal';
import { BillingView } from './billing-view';
import { billingInfo, fakeBillingServer, renderBilling } from './test-kit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => closeUpgradeModal());
});

const actionTexts = () => within(screen.getByTestId('billing-actions')).getAllByRole('button').map((button) => button.textContent);
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

const proActive = billingInfo({
  plan: 'pro',
  isProSubscribed: true,
  status: 'active',
  planInterval: 'monthly',
  currentPeriodEnd: new Date('2026-03-14T12:00:00Z'),
});

describe('BillingView', () => {
  it('shows the plan, its label, interval and renewal date, and manages it in the Customer Portal', async () => {
    const server = fakeBillingServer({ billing: proActive }, { 'subscription.createPortalSession': () => ({ data: { url: 'https://billing.stripe.test/p/9' } }) });
    const { user, redirects } = renderBilling(<BillingView />);
    expect((await screen.findByTestId('billing-plan-name', {}, { timeout: 5_000 })).textContent).toBe('Pro Plan');
    expect(screen.getByTestId('subscription-label').textContent).toBe('Active');
    expect(screen.getByTestId('billing-interval').textContent).toBe('Monthly');
    expect(screen.getByTestId('billing-period-end').textContent).toBe('March 14, 2026');
    expect(screen.getByText('Renews on')).toBeTruthy();
    expect(actionTexts()).toEqual(['Manage Subscription']);
    await user.click(button('billing-action-manageSubscription'));
    await waitFor(() => expect(redirects).toEqual(['https://billing.stripe.test/p/9']));
    expect(server.of('subscription.createPortalSession')).toHaveLength(1);
  });

  it('says so when the portal session has no URL', async () => {
    fakeBillingServer({ billing: proActive }, { 'subscription.createPortalSession': () => ({ data: { url: '' } }) });
    const { user, redirects } = renderBilling(<BillingView />);
    await user.click(await screen.findByTestId('billing-action-manageSubscription', {}, { timeout: 5_000 }));
    expect(await screen.findByText('Failed to create subscription session')).toBeTruthy();
    expect(redirects).toEqual([]);
  });

  it('resubscribes a canceled Pro plan and shows the new label', async () => {
    const world = { billing: { ...proActive, isCanceled: true } };
    const server = fakeBillingServer(world, {
      'subscription.resubscribe': () => {
        world.billing = proActive;
        return { data: proActive };
      },
    });
    const { user } = renderBilling(<BillingView />);
    expect((await screen.findByTestId('subscription-label', {}, { timeout: 5_000 })).textContent).toBe('Canceled');
    expect(screen.getByText('Access until')).toBeTruthy();
    expect(actionTexts()).toEqual(['Resubscribe', 'View Plans']);
    await user.click(button('billing-action-resubscribe'));
    await waitFor(() => expect(screen.getByTestId('subscription-label').textContent).toBe('Active'));
    expect(server.of('subscription.resubscribe')).toHaveLength(1);
    expect(await screen.findByText('Welcome back! Your subscription continues.')).toBeTruthy();
  });

  it('cancels an Ultra trial only after confirming', async () => {
    const trial = billingInfo({ plan: 'ultra', isUltra: true, isTrialActive: true, status: 'trialing', planInterval: 'yearly', currentPeriodEnd: new Date('2026-02-01T12:00:00Z') });
    // The server's record: the cancellation changes it, as the real one does.
    const world = { billing: trial };
    const server = fakeBillingServer(world, {
      'subscription.cancelTrial': () => {
        world.billing = { ...trial, isTrialCanceled: true };
        return { data: world.billing };
      },
    });
    const { user } = renderBilling(<BillingView />);
    expect((await screen.findByTestId('subscription-label', {}, { timeout: 5_000 })).textContent).toBe('Trialing');
    expect(screen.getByText('Trial ends on')).toBeTruthy();
    expect(actionTexts()).toEqual(['Change plan', 'Cancel Ultra Trial']);
    await user.click(button('billing-action-cancelTrial'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Cancel your Ultra trial?')).toBeTruthy();
    expect(server.of('subscription.cancelTrial')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    await waitFor(() => expect(screen.getByTestId('subscription-label').textContent).toBe('Cancelled Trial'));
    expect(server.of('subscription.cancelTrial')).toHaveLength(1);
    expect(actionTexts()).toEqual(['Change plan']);
  });

  it('cancels a subscription when the billing record says canceled and the user record does not', async () => {
    const ultra = billingInfo({ plan: 'ultra', isUltra: true, status: 'active', planInterval: 'yearly' });
    const server = fakeBillingServer(
      { billing: { ...ultra, status: 'canceled' } },
      { 'subscription.cancelSubscription': () => ({ data: { ...ultra, isCanceled: true } }) },
    );
    const { user } = renderBilling(<BillingView />);
    await user.click(await screen.findByTestId('billing-action-cancelSubscription', {}, { timeout: 5_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(server.of('subscription.cancelSubscription')).toHaveLength(1));
    expect(await screen.findByText('Your subscription is canceled. You keep your plan until the end of the period.')).toBeTruthy();
  });

  it('offers free users with trials the referred trial length, opening the upgrade modal', async () => {
    fakeBillingServer({ trialsEnabled: true, referredBy: 'friend' });
    const modal = renderHook(() => useUpgradeModalState());
    const { user } = renderBilling(<BillingView />);
    expect((await screen.findByTestId('subscription-label', {}, { timeout: 5_000 })).textContent).toBe('Free');
    await waitFor(() => expect(actionTexts()).toEqual(['Start 14-Day Free Trial', 'View Plans']));
    await user.click(button('billing-action-startTrial'));
    expect(modal.result.current?.reason).toBe('upgrade');
  });

  it('offers Upgrade Now without trials, and disables Stripe actions with a note when billing is not configured', async () => {
    fakeBillingServer();
    renderBilling(<BillingView />);
    await screen.findByTestId('billing-actions', {}, { timeout: 5_000 });
    expect(actionTexts()).toEqual(['Upgrade Now']);
    expect(screen.queryByTestId('billing-not-configured')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    fakeBillingServer({ billing: proActive, billingConfigured: false });
    renderBilling(<BillingView />);
    expect((await screen.findByTestId('billing-action-manageSubscription', {}, { timeout: 5_000 })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('billing-not-configured').textContent).toContain('Billing is not configured on this server.');
  });
});
