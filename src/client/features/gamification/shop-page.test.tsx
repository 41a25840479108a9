// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '../../../shared/gamification';
import { i18n } from '../../lib/i18n';
import { ShopPage } from './shop-page';
import { fakeServer, progress, renderPage } from './test-kit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

async function openShop(state: Partial<Progress>) {
  const server = fakeServer({ 'gamification.getProgress': () => ({ data: progress(state) }) });
  const view = renderPage(ShopPage);
  await screen.findByTestId('shop-balance', {}, { timeout: 5_000 });
  return { server, ...view };
}

describe('ShopPage', () => {
  it('explains why an item cannot be bought: points too few', async () => {
    await openShop({ points: 20, hearts: 2, streakFreezes: 0 });
    expect(screen.getByTestId('shop-points').textContent).toBe('20 points');
    expect(button('shop-refill-buy').disabled).toBe(true);
    expect(screen.getByTestId('shop-refill-reason').textContent).toBe('You need 30 more points');
    expect(button('shop-freeze-buy').disabled).toBe(true);
    expect(screen.getByTestId('shop-freeze-reason').textContent).toBe('You need 80 more points');
    expect(button('shop-refill-buy').getAttribute('aria-describedby')).toBe('shop-refill-reason');
  });

  it('explains full hearts and the freeze limit, whatever the points', async () => {
    await openShop({ points: 1000, hearts: 5, streakFreezes: 2 });
    expect(button('shop-refill-buy').disabled).toBe(true);
    expect(screen.getByTestId('shop-refill-reason').textContent).toBe('Your hearts are full');
    expect(screen.getByTestId('shop-hearts').textContent).toBe('Hearts: 5 / 5');
    expect(button('shop-freeze-buy').disabled).toBe(true);
    expect(screen.getByTestId('shop-freeze-reason').textContent).toBe('You already hold 2 freezes, the most you can');
    expect(screen.getByTestId('shop-freezes').textContent).toBe('Owned: 2 / 2');
  });

  it('shows subscribers unlimited hearts and no refill', async () => {
    await openShop({ points: 500, unlimitedHearts: true, hearts: 5, streakFreezes: 1 });
    expect(screen.getByTestId('shop-unlimited-hearts').textContent).toContain('Unlimited hearts');
    expect(screen.queryByTestId('shop-refill')).toBeNull();
    expect(screen.queryByTestId('shop-refill-buy')).toBeNull();
    expect(button('shop-freeze-buy').disabled).toBe(false);
    expect(screen.queryByTestId('shop-freeze-reason')).toBeNull();
  });

  it('buys with a fresh request id per click, disabled while pending, and shows the new balance at once', async () => {
    let resolveRefill: (() => void) | undefined;
    // The server's account: each purchase changes it, as the real one does.
    let account = progress({ points: 220, hearts: 2, streakFreezes: 0 });
    const server = fakeServer({
      'gamification.getProgress': () => ({ data: account }),
      'shop.refillHearts': () => {
        account = { ...account, points: 170, hearts: 5 };
        return { data: { points: 170, hearts: 5, streakFreezes: 0, replayed: false } };
      },
      'shop.buyStreakFreeze': () => {
        account = { ...account, points: 70, streakFreezes: 1 };
        return { data: { points: 70, hearts: 5, streakFreezes: 1, replayed: false } };
      },
    });
    // The purchase answers only when the test says so, to see the button while pending.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('shop.refillHearts')) await new Promise<void>((resolve) => (resolveRefill = resolve));
      return realFetch(input, init);
    });
    const { user } = renderPage(ShopPage);
    await screen.findByTestId('shop-balance', {}, { timeout: 5_000 });
    expect(button('shop-refill-buy').disabled).toBe(false);
    await user.click(button('shop-refill-buy'));
    await waitFor(() => expect(button('shop-refill-buy').disabled).toBe(true));
    resolveRefill?.();
    await screen.findByText('Hearts refilled');
    await waitFor(() => expect(screen.getByTestId('shop-points').textContent).toBe('170 points'));
    expect(screen.getByTestId('shop-hearts').textContent).toBe('Hearts: 5 / 5');

    await user.click(button('shop-freeze-buy'));
    await screen.findByText('Streak freeze bought');
    await waitFor(() => expect(screen.getByTestId('shop-freezes').textContent).toBe('Owned: 1 / 2'));
    expect(screen.getByTestId('shop-points').textContent).toBe('70 points');
    // Hearts full now: the refill explains why it is off.
    expect(screen.getByTestId('shop-refill-reason').textContent).toBe('Your hearts are full');
    const ids = [...server.of('shop.refillHearts'), ...server.of('shop.buyStreakFreeze')].map((call) => call.input.requestId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('shows a refusal from the server in the user’s language', async () => {
    fakeServer({
      'gamification.getProgress': () => ({ data: progress({ points: 120, hearts: 2 }) }),
      'shop.refillHearts': () => ({
        error: { message: 'Too few points', code: 'BAD_REQUEST', status: 400, messageKey: 'shopRefillTooFewPoints', messageParams: { cost: 50, points: 20 } },
      }),
    });
    const { user } = renderPage(ShopPage);
    await user.click(await screen.findByTestId('shop-refill-buy', {}, { timeout: 5_000 }));
    expect(await screen.findByText('You need 50 points to refill your hearts — you have 20. Answer a few challenges to earn more.')).toBeTruthy();
  });
});
