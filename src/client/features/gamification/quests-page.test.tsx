// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress, Quests } from '../../../shared/gamification';
import { i18n } from '../../lib/i18n';
import { QuestCelebration } from './quest-celebration';
import { QuestsPage } from './quests-page';
import { fakeServer, progress, renderPage } from './test-kit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function quests(resetsAt: string): Quests {
  return {
    day: '2026-11-21',
    resetsAt,
    daily: [
      { id: 'daily-challenges', kind: 'challenges', progress: 1, target: 1, points: 10, completed: true },
      { id: 'daily-flashcards', kind: 'flashcards', progress: 4, target: 10, points: 10, completed: false },
      { id: 'daily-messages', kind: 'messages', progress: 0, target: 10, points: 10, completed: false },
    ],
    milestones: [
      { id: 'xp-100', threshold: 100, points: 10, progress: 100, completed: true },
      { id: 'xp-250', threshold: 250, points: 20, progress: 180, completed: false },
    ],
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('QuestsPage', () => {
  it('shows daily quests with progress and reward, milestones, and a live countdown to the reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const resetsAt = new Date(Date.now() + 5 * HOUR + 12 * MINUTE).toISOString();
    fakeServer({ 'gamification.getQuests': () => ({ data: quests(resetsAt) }) });
    renderPage(QuestsPage);
    const challenges = await screen.findByTestId('quest-challenges', {}, { timeout: 5_000 });
    expect(challenges.getAttribute('data-completed')).toBe('true');
    expect(challenges.textContent).toContain('Answer 1 challenge');
    expect(challenges.textContent).toContain('+10 XP');
    expect(screen.getByTestId('quest-challenges-count').textContent).toBe('1 / 1');
    const flashcards = screen.getByTestId('quest-flashcards');
    expect(flashcards.textContent).toContain('Review 10 flashcards');
    expect(within(flashcards).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
    expect(screen.getByTestId('quest-flashcards-count').textContent).toBe('4 / 10');
    expect(screen.getByTestId('quest-messages').textContent).toContain('Ask the tutor 10 questions');
    expect(screen.getByTestId('milestone-xp-250').textContent).toContain('Earn 250 XP');
    expect(screen.getByTestId('milestone-xp-250-count').textContent).toBe('180 / 250');
    expect(screen.getByTestId('milestone-xp-100').getAttribute('data-completed')).toBe('true');

    expect(screen.getByTestId('quests-resets').textContent).toBe('Resets in 5 h 12 min');
    // Time passes: the countdown follows without a reload.
    await act(async () => {
      vi.advanceTimersByTime(2 * HOUR + 30 * MINUTE);
    });
    await waitFor(() => expect(screen.getByTestId('quests-resets').textContent).toBe('Resets in 2 h 42 min'));
    await act(async () => {
      vi.advanceTimersByTime(2 * HOUR + 35 * MINUTE);
    });
    await waitFor(() => expect(screen.getByTestId('quests-resets').textContent).toBe('Resets in 7 min'));
  });
});

describe('QuestCelebration', () => {
  function celebrating(): { account: () => Progress; server: ReturnType<typeof fakeServer> } {
    let account = progress({
      points: 130,
      celebrations: [
        { questId: 'daily-challenges', period: '2026-11-21', points: 10, kind: 'challenges', target: 1 },
        { questId: 'xp-100', period: 'once', points: 10, kind: 'milestone', target: 100 },
      ],
    });
    const server = fakeServer({
      'gamification.getProgress': () => ({ data: account }),
      'gamification.acknowledgeQuests': () => {
        account = { ...account, celebrations: [] };
        return { data: { acknowledged: 2 } };
      },
    });
    return { account: () => account, server };
  }

  it('celebrates completed quests once with their points, then tells the server they were seen', async () => {
    const { server } = celebrating();
    const { user } = renderPage(QuestCelebration, '/learn');
    const dialog = await screen.findByTestId('quest-celebration', {}, { timeout: 5_000 });
    expect(within(dialog).getByText('2 quests complete!')).toBeTruthy();
    expect(within(dialog).getByTestId('quest-celebration-total').textContent).toBe('+20 XP');
    expect(within(dialog).getAllByTestId('quest-celebration-item').map((item) => item.textContent)).toEqual(['Answer 1 challenge+10 XP', 'Earn 100 XP+10 XP']);
    await user.click(within(dialog).getByTestId('quest-celebration-continue'));
    await waitFor(() => expect(screen.queryByTestId('quest-celebration')).toBeNull());
    expect(server.of('gamification.acknowledgeQuests').map((call) => call.input)).toEqual([
      {
        completions: [
          { questId: 'daily-challenges', period: '2026-11-21' },
          { questId: 'xp-100', period: 'once' },
        ],
      },
    ]);
    // Progress is fetched again afterwards, and nothing is celebrated twice.
    await waitFor(() => expect(server.of('gamification.getProgress').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('quest-celebration')).toBeNull();
  });

  it('waits while a lesson is on screen and celebrates once the lesson is left', async () => {
    const { server } = celebrating();
    const { router } = renderPage(QuestCelebration, '/lesson/l1');
    await waitFor(() => expect(server.of('gamification.getProgress').length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('quest-celebration')).toBeNull();
    await act(() => router.navigate({ to: '/learn' }));
    expect(await screen.findByTestId('quest-celebration')).toBeTruthy();
    expect(server.of('gamification.acknowledgeQuests')).toHaveLength(0);
  });
});
