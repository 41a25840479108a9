// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard, LeaderboardEntry } from '../../../shared/gamification';
import { i18n } from '../../lib/i18n';
import { LeaderboardPage } from './leaderboard-page';
import { fakeServer, renderPage } from './test-kit';

const entry = (rank: number, xp: number, isMe = false): LeaderboardEntry => ({ rank, username: `student${rank}`, image: null, xp, isMe });

function board(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    period: 'week',
    weekStart: '2026-11-16',
    resetsAt: new Date(Date.now() + (2 * 24 + 5) * 3_600_000).toISOString(),
    entries: Array.from({ length: 50 }, (_, index) => entry(index + 1, 5000 - index * 10)),
    me: { rank: 73, username: 'me_myself', image: null, xp: 120 },
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

describe('LeaderboardPage', () => {
  it('lists the top 50 with medals for 1–3 and pins the user’s own row below when outside it', async () => {
    fakeServer({ 'gamification.getLeaderboard': () => ({ data: board() }) });
    renderPage(LeaderboardPage);
    await screen.findByTestId('leaderboard', {}, { timeout: 5_000 });
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(50);
    expect(within(rows[0]!).getByTestId('leaderboard-username').textContent).toBe('student1');
    expect(within(rows[0]!).getByTestId('leaderboard-xp').textContent).toBe('5,000 XP');
    expect(within(rows[0]!).getByTestId('leaderboard-rank').className).toContain('from-yellow-300');
    expect(within(rows[3]!).getByTestId('leaderboard-rank').className).not.toContain('from-');
    const pinned = screen.getByTestId('leaderboard-me-pinned');
    const me = within(pinned).getByTestId('leaderboard-me');
    expect(me.getAttribute('data-rank')).toBe('73');
    expect(me.textContent).toContain('me_myself');
    expect(me.textContent).toContain('120 XP');
    expect(within(pinned).queryByTestId('leaderboard-join')).toBeNull();
    expect(screen.getByTestId('leaderboard-resets').textContent).toMatch(/^Resets Monday·in 2 d 5 h$/);
    expect(document.title).toBe('Leaderboard · StudyPath');
  });

  it('highlights the user inside the top 50 and pins nothing', async () => {
    const entries = [entry(1, 300), entry(2, 250, true), { ...entry(2, 250), username: 'tied_student' }, entry(4, 10)];
    fakeServer({ 'gamification.getLeaderboard': () => ({ data: board({ entries, me: { rank: 2, username: 'student2', image: null, xp: 250 } }) }) });
    renderPage(LeaderboardPage);
    const me = await screen.findByTestId('leaderboard-me', {}, { timeout: 5_000 });
    expect(me.getAttribute('aria-current')).toBe('true');
    expect(me.getAttribute('data-rank')).toBe('2');
    expect(screen.queryByTestId('leaderboard-me-pinned')).toBeNull();
    expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(3);
  });

  it('invites a user without XP this week to join, and switches to all time', async () => {
    const server = fakeServer({
      'gamification.getLeaderboard': (input) =>
        input.period === 'all'
          ? { data: board({ period: 'all', weekStart: null, resetsAt: null, entries: [entry(1, 900), entry(2, 40, true)], me: { rank: 2, username: 'student2', image: null, xp: 40 } }) }
          : { data: board({ entries: [], me: { rank: null, username: 'newbie', image: null, xp: 0 } }) },
    });
    const { user } = renderPage(LeaderboardPage);
    expect((await screen.findByTestId('leaderboard-empty', {}, { timeout: 5_000 })).textContent).toContain('A fresh week');
    const pinned = screen.getByTestId('leaderboard-me-pinned');
    expect(within(pinned).getByTestId('leaderboard-join').textContent).toBe('Earn XP this week to join');
    expect(within(pinned).getByTestId('leaderboard-rank').textContent).toContain('–');

    await user.click(screen.getByTestId('leaderboard-tab-all'));
    await waitFor(() => expect(screen.getByTestId('leaderboard').getAttribute('data-period')).toBe('all'));
    expect(server.of('gamification.getLeaderboard').map((call) => call.input.period)).toEqual(['week', 'all']);
    expect(screen.queryByTestId('leaderboard-resets')).toBeNull();
    expect(screen.getByTestId('leaderboard-me').getAttribute('data-rank')).toBe('2');
    expect(screen.queryByTestId('leaderboard-me-pinned')).toBeNull();
  });
});
