// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CURRENCY_STORAGE_KEY } from '../../../shared/currency';
import { i18n } from '../../lib/i18n';
import { ENTITLEMENT_ROWS } from './entitlements';
import { PlansView } from './plans-view';
import { billingInfo, fakeBillingServer, renderBilling } from './test-kit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const priceOf = async (slug: string) => (await screen.findByTestId(`plan-price-${slug}`, {}, { timeout: 5_000 })).textContent;

describe('PlansView', () => {
  it('shows the four plans priced in the stored currency, annual first, and monthly on the toggle', async () => {
    localStorage.setItem(USER_CURRENCY_STORAGE_KEY, 'usd');
    const server = fakeBillingServer();
    const { user } = renderBilling(<PlansView />);
    expect(await priceOf('pro')).toBe('$7.99');
    expect(screen.getByTestId('plan-price-ultra').textContent).toBe('$15.99');
    expect(screen.getByTestId('plan-yearly-pro').textContent).toBe('Billed $95.88 yearly');
    expect(screen.getByTestId('plan-savings-ultra').textContent).toBe('Save 20%');
    expect(screen.getByTestId('interval-savings').textContent).toBe('Save up to 20%');
    expect(screen.getByTestId('interval-yearly').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('plan-price-free').textContent).toBe('$0.00');
    expect(screen.getByTestId('plan-current-free').textContent).toBe('Current plan');
    expect(screen.getByTestId('plan-contact-enterprise').getAttribute('href')).toBe('mailto:hello@studypath.test');

    await user.click(screen.getByTestId('interval-monthly'));
    expect(screen.getByTestId('plan-price-pro').textContent).toBe('$9.99');
    expect(screen.getByTestId('plan-price-ultra').textContent).toBe('$19.99');
    expect(screen.queryByTestId('plan-yearly-pro')).toBeNull();
    // Pricing is asked for once, for production.
    expect(server.of('subscription.getAllPlanPricing').map((call) => call.input)).toEqual([{ environment: 'production' }]);
  });

  it('puts every entitlement of the plan table in the compare table, and testimonials below', async () => {
    fakeBillingServer();
    renderBilling(<PlansView />);
    const table = await screen.findByTestId('compare-table', {}, { timeout: 5_000 });
    for (const row of ENTITLEMENT_ROWS) expect(within(table).getByTestId(`compare-row-${row.key}`)).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[0]!).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Feature', 'Free', 'Pro', 'Ultra', 'Enterprise']);
    expect(within(within(table).getByTestId('compare-row-chatMessagesPerDay')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '25',
      '100',
      '500',
      '1,000',
    ]);
    expect(within(within(table).getByTestId('compare-row-hearts')).getAllByRole('cell')[0]!.textContent).toBe('5 hearts');
    expect(screen.getAllByTestId('testimonial').length).toBeGreaterThanOrEqual(2);
  });

  it('shows euros with a trailing sign and detects a currency when none is stored', async () => {
    fakeBillingServer({ detected: 'eur' });
    renderBilling(<PlansView />);
    await waitFor(() => expect(screen.getByTestId('plan-price-pro').textContent).toBe('7.99 €'), { timeout: 5_000 });
    expect(localStorage.getItem(USER_CURRENCY_STORAGE_KEY)).toBe('eur');
    expect(screen.getByTestId('plans-currency').textContent).toContain('EUR');
  });

  it('falls back to euros when the chosen currency is not sold', async () => {
    localStorage.setItem(USER_CURRENCY_STORAGE_KEY, 'gbp');
    fakeBillingServer();
    renderBilling(<PlansView />);
    expect(await priceOf('ultra')).toBe('14.99 €');
  });

  it('upgrades through a Checkout session in the shown currency and interval, then leaves for its URL', async () => {
    localStorage.setItem(USER_CURRENCY_STORAGE_KEY, 'usd');
    const server = fakeBillingServer({}, { 'subscription.createStripeSession': () => ({ data: { url: 'https://checkout.stripe.test/c/1' } }) });
    const { user, redirects } = renderBilling(<PlansView />);
    await priceOf('pro');
    await user.click(screen.getByTestId('interval-monthly'));
    await user.click(button('plan-upgrade-ultra'));
    await waitFor(() => expect(redirects).toEqual(['https://checkout.stripe.test/c/1']));
    expect(server.of('subscription.createStripeSession')[0]!.input).toEqual({ plan: 'ultra', interval: 'monthly', currency: 'usd', isTrial: false });
  });

  it('says so when the session comes back without a URL, and shows a session error', async () => {
    let answer: 'none' | 'error' = 'none';
    fakeBillingServer(
      {},
      {
        'subscription.createStripeSession': () =>
          answer === 'none'
            ? { data: { url: '' } }
            : { error: { message: 'Stripe checkout session failed', code: 'BAD_GATEWAY', status: 502, messageKey: 'stripeSessionFailed' } },
      },
    );
    const { user, redirects } = renderBilling(<PlansView />);
    await priceOf('pro');
    await user.click(button('plan-upgrade-pro'));
    expect(await screen.findByText('Failed to create Stripe session')).toBeTruthy();
    answer = 'error';
    await user.click(button('plan-upgrade-pro'));
    // The server's message, in the person's language.
    expect(await screen.findByText(`Error: ${i18n.t('errors:stripeSessionFailed')}`)).toBeTruthy();
    expect(redirects).toEqual([]);
  });

  it('offers subscribers a switch through the Customer Portal, and marks their plan', async () => {
    const server = fakeBillingServer(
      { billing: billingInfo({ plan: 'pro', isProSubscribed: true, status: 'active', planInterval: 'monthly' }) },
      { 'subscription.createPortalSession': () => ({ data: { url: 'https://billing.stripe.test/p/1' } }) },
    );
    const { user, redirects } = renderBilling(<PlansView />);
    expect((await screen.findByTestId('plan-current-pro', {}, { timeout: 5_000 })).textContent).toBe('Current plan');
    expect(button('plan-upgrade-ultra').textContent).toBe('Switch to Ultra');
    await user.click(button('plan-upgrade-ultra'));
    await waitFor(() => expect(redirects).toEqual(['https://billing.stripe.test/p/1']));
    expect(server.of('subscription.createStripeSession')).toEqual([]);
  });

  it('disables upgrades with a clear note when billing is not configured', async () => {
    fakeBillingServer({ billingConfigured: false });
    renderBilling(<PlansView />);
    expect((await screen.findByTestId('billing-not-configured', {}, { timeout: 5_000 })).textContent).toContain(
      'Billing is not configured on this server.',
    );
    await priceOf('pro');
    expect(button('plan-upgrade-pro').disabled).toBe(true);
    expect(button('plan-upgrade-ultra').disabled).toBe(true);
    expect(screen.getByTestId('plan-not-configured-pro').textContent).toBe('Billing is not configured');
  });

  it.each([
    ['a failed load', { error: { message: 'down', code: 'INTERNAL_SERVER_ERROR', status: 500 } }, 'Could not load pricing information'],
    ['an answer that does not add up', { data: { source: 'config', plans: { pro: { usd: { monthly: 'free' } }, ultra: {} } } }, 'Could not process pricing information'],
    ['an answer without prices', { data: { source: 'config', plans: { pro: {}, ultra: {} } } }, 'No pricing information available'],
    [
      "Stripe's unusable prices",
      { error: { message: 'Could not process pricing information', code: 'BAD_GATEWAY', status: 502, messageKey: 'pricingProcessFailed' } },
      'Could not process pricing information',
    ],
    [
      "Stripe's missing prices",
      { error: { message: 'No pricing information available', code: 'NOT_FOUND', status: 404, messageKey: 'pricingUnavailable' } },
      'No pricing information available',
    ],
  ])('explains %s', async (_name, pricing, message) => {
    fakeBillingServer({ pricing: pricing as never });
    renderBilling(<PlansView />);
    expect((await screen.findByTestId('pricing-problem', {}, { timeout: 8_000 })).textContent).toBe(message);
    expect(button('plan-upgrade-pro').disabled).toBe(true);
  });
});
