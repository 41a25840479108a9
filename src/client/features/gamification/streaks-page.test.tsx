// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreakInfo } from '../../../shared/gamification';
import { i18n } from '../../lib/i18n';
import { StreaksPage } from './streaks-page';
import { fakeServer, renderPage } from './test-kit';

function streakInfo(overrides: Partial<StreakInfo> = {}): StreakInfo {
  return {
    current: 4,
    longest: 9,
    activeToday: true,
    freezes: 1,
    maxFreezes: 2,
    today: '2026-11-21',
    timeZone: 'Europe/Berlin',
    month: '2026-11',
    days: [
      { date: '2026-11-18', active: true, frozen: false },
      { date: '2026-11-19', active: false, frozen: true },
      { date: '2026-11-20', active: true, frozen: false },
      { date: '2026-11-21', active: true, frozen: false },
    ],
    recentFreezes: ['2026-11-19'],
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StreaksPage', () => {
  it('shows the streak, the longest, freezes, the freeze notice and a Monday-first calendar with active and frozen days', async () => {
    fakeServer({ 'gamification.getStreak': () => ({ data: streakInfo() }) });
    renderPage(StreaksPage);
    const hero = await screen.findByTestId('streak-hero', {}, { timeout: 5_000 });
    expect(within(hero).getByTestId('streak-current').textContent).toBe('4');
    expect(hero.textContent).toContain('day streak');
    expect(screen.getByTestId('streak-longest-value').textContent).toBe('9 days');
    expect(screen.getByTestId('streak-freezes-value').textContent).toBe('1 of 2');
    expect(screen.getByTestId('streak-shop-link').getAttribute('href')).toBe('/shop');
    expect(screen.getByTestId('streak-freeze-notice').textContent).toContain('Your streak freeze covered Thursday, November 19');
    expect(document.title).toBe('Streaks · StudyPath');

    const calendar = screen.getByTestId('streak-calendar');
    expect(screen.getByTestId('streak-calendar-month').textContent).toBe('November 2026');
    const headers = within(calendar).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 1 November 2026 is a Sunday: the first row has six empty cells, then the 1st.
    const firstRow = within(calendar).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells.slice(0, 6).every((cell) => cell.textContent === '')).toBe(true);
    expect(cells[6]!.textContent).toBe('1');
    const day = (date: string) => calendar.querySelector(`[data-date="${date}"]`)!;
    expect(day('2026-11-18').getAttribute('data-state')).toBe('active');
    expect(day('2026-11-19').getAttribute('data-state')).toBe('frozen');
    expect(day('2026-11-19').getAttribute('aria-label')).toBe('Thursday, November 19, 2026, covered by a streak freeze');
    expect(day('2026-11-17').getAttribute('data-state')).toBe('none');
    expect(day('2026-11-21').getAttribute('aria-current')).toBe('date');
    // The user's current month: no "next".
    expect((screen.getByTestId('streak-calendar-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the previous month and shows it', async () => {
    const server = fakeServer({
      'gamification.getStreak': (input) =>
        input.month === '2026-10'
          ? { data: streakInfo({ month: '2026-10', days: [{ date: '2026-10-31', active: true, frozen: false }] }) }
          : { data: streakInfo() },
    });
    const { user } = renderPage(StreaksPage);
    await user.click(await screen.findByTestId('streak-calendar-previous', {}, { timeout: 5_000 }));
    await waitFor(() => expect(screen.getByTestId('streak-calendar-month').textContent).toBe('October 2026'));
    expect(server.of('gamification.getStreak').map((call) => call.input.month)).toContain('2026-10');
    // October 2026 starts on a Thursday: three blanks first.
    const calendar = screen.getByTestId('streak-calendar');
    const firstRow = within(calendar).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[3]!.textContent).toBe('1');
    expect(calendar.querySelector('[data-date="2026-10-31"]')!.getAttribute('data-state')).toBe('active');
    expect((screen.getByTestId('streak-calendar-next') as HTMLButtonElement).disabled).toBe(false);
  });

  it('is friendly at zero: start a streak today, no notice', async () => {
    fakeServer({
      'gamification.getStreak': () => ({ data: streakInfo({ current: 0, longest: 0, activeToday: false, freezes: 0, days: [], recentFreezes: [] }) }),
    });
    renderPage(StreaksPage);
    expect((await screen.findByTestId('streak-current', {}, { timeout: 5_000 })).textContent).toBe('Start a streak today');
    expect(screen.queryByTestId('streak-freeze-notice')).toBeNull();
    expect(screen.getByTestId('streak-longest-value').textContent).toBe('0 days');
  });
});
