// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CURRENCY_STORAGE_KEY } from '../../../shared/currency';
import { i18n } from '../../lib/i18n';
import { closeUpgradeModal, openUpgradeModal } from '../../lib/upgrade-modal';
import { fakeBillingServer, renderBilling, type World } from './test-kit';
import { UpgradeModal } from './upgrade-modal';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.setItem(USER_CURRENCY_STORAGE_KEY, 'usd');
});

afterEach(() => {
  act(() => closeUpgradeModal());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const checked = (testId: string) => screen.getByTestId(testId).getAttribute('aria-checked');

async function openModal(world: World = {}, handlers = {}) {
  const server = fakeBillingServer(world, handlers);
  const view = renderBilling(<UpgradeModal />);
  act(() => openUpgradeModal('chatLimit'));
  await screen.findByTestId('upgrade-modal');
  await screen.findByTestId('modal-price-yearly', {}, { timeout: 5_000 });
  return { server, ...view };
}

describe('UpgradeModal', () => {
  it('opens on Ultra and Annual with a compare table and two testimonials, and starts afresh after closing', async () => {
    const { user } = await openModal();
    expect(screen.getByTestId('upgrade-modal-title').textContent).toBe('Upgrade to Ultra');
    expect(screen.getByText("You have used today's tutor messages. Upgrade to keep the conversation going.")).toBeTruthy();
    expect(checked('modal-plan-ultra')).toBe('true');
    expect(checked('modal-cycle-annual')).toBe('true');
    expect(screen.getByTestId('modal-price-yearly').textContent).toBe('$15.99');
    expect(screen.getByTestId('modal-savings').textContent).toBe('Save 20%');
    expect(screen.getAllByTestId('testimonial')).toHaveLength(2);
    const table = screen.getByTestId('compare-table');
    expect(within(table).getAllByRole('columnheader', { name: 'Ultra' })[0]!.dataset.highlighted).toBe('true');

    await user.click(screen.getByTestId('modal-plan-pro'));
    await user.click(screen.getByTestId('modal-cycle-monthly'));
    expect(checked('modal-plan-pro')).toBe('true');
    expect(checked('modal-cycle-monthly')).toBe('true');
    expect(screen.getByTestId('modal-price-monthly').textContent).toBe('$9.99');
    expect(screen.getByTestId('upgrade-modal-title').textContent).toBe('Upgrade to Pro');

    await user.click(screen.getByTestId('upgrade-modal-skip'));
    await waitFor(() => expect(screen.queryByTestId('upgrade-modal')).toBeNull());
    act(() => openUpgradeModal());
    await screen.findByTestId('upgrade-modal');
    expect(checked('modal-plan-ultra')).toBe('true');
    expect(checked('modal-cycle-annual')).toBe('true');
  });

  it('claims a trial of the referred length through a trial Checkout session when trials are on', async () => {
    const { user, server, redirects } = await openModal(
      { trialsEnabled: true, referredBy: 'friend' },
      { 'subscription.createStripeSession': () => ({ data: { url: 'https://checkout.stripe.test/trial' } }) },
    );
    await waitFor(() => expect(screen.getByTestId('upgrade-modal-title').textContent).toBe('Try Ultra free for 14 days'));
    await user.click(screen.getByTestId('upgrade-modal-claim'));
    await waitFor(() => expect(redirects).toEqual(['https://checkout.stripe.test/trial']));
    expect(server.of('subscription.createStripeSession')[0]!.input).toEqual({ plan: 'ultra', interval: 'yearly', currency: 'usd', isTrial: true });
  });

  it('checks out without a trial when trials are off, in the chosen plan and interval', async () => {
    const { user, server, redirects } = await openModal({}, { 'subscription.createStripeSession': () => ({ data: { url: 'https://checkout.stripe.test/pro' } }) });
    await user.click(screen.getByTestId('modal-plan-pro'));
    await user.click(screen.getByTestId('modal-cycle-monthly'));
    await user.click(screen.getByTestId('upgrade-modal-claim'));
    await waitFor(() => expect(redirects).toEqual(['https://checkout.stripe.test/pro']));
    expect(server.of('subscription.createStripeSession')[0]!.input).toEqual({ plan: 'pro', interval: 'monthly', currency: 'usd', isTrial: false });
  });

  it.each([
    ['a trial without a URL', { trialsEnabled: true }, { data: { url: '' } }, 'Failed to start your trial. Please try again.'],
    ['a checkout without a URL', {}, { data: { url: '' } }, 'Failed to create subscription session'],
    [
      'a session error',
      {},
      { error: { message: 'You have already had a free trial.', code: 'BAD_REQUEST', status: 400, messageKey: 'trialAlreadyUsed' } },
      // The server's message in the person's language.
      () => `Error: ${i18n.t('errors:trialAlreadyUsed')}`,
    ],
  ])('reports %s', async (_name, world, answer, message) => {
    const { user, redirects } = await openModal(world, { 'subscription.createStripeSession': () => answer });
    await user.click(screen.getByTestId('upgrade-modal-claim'));
    expect(await screen.findByText(typeof message === 'string' ? message : message())).toBeTruthy();
    expect(redirects).toEqual([]);
  });

  it('says billing is not configured instead of offering a checkout', async () => {
    await openModal({ billingConfigured: false });
    expect(screen.getByTestId('billing-not-configured').textContent).toContain('Billing is not configured on this server.');
    expect((screen.getByTestId('upgrade-modal-claim') as HTMLButtonElement).disabled).toBe(true);
  });
});
