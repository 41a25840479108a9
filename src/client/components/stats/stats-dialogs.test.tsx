// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../../tests/setup/console-guard';
import type { LessonStats, OverallStats, UnitStats } from '../../../shared/stats';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc';
import { LessonStatsDialog, OverallStatsDialog, UnitStatsDialog } from './index';

type Answer = { data: unknown } | { error: 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR' } | 'never';

interface Call {
  procedure: string;
  input: unknown;
}

/** The app's tRPC endpoint, faked at the network edge: the real client, batching and superjson run. */
function fakeServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const inputs = (init?.body ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, { json: unknown }>;
    procedures.forEach((procedure, index) => calls.push({ procedure, input: inputs[String(index)]?.json }));
    if (procedures.some((procedure) => answers[procedure] === 'never')) return new Promise<Response>(() => {});
    const body = procedures.map((procedure) => {
      const answer = answers[procedure];
      if (answer === undefined || answer === 'never') throw new Error(`unexpected call ${procedure}`);
      if ('error' in answer) {
        const httpStatus = answer.error === 'NOT_FOUND' ? 404 : 500;
        return { error: superjson.serialize({ message: 'Lesson not found', code: -32004, data: { code: answer.error, httpStatus, path: procedure } }) };
      }
      return { result: { data: superjson.serialize(answer.data) } };
    });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls };
}

function renderDialog(dialog: React.ReactNode) {
  const queryClient = createQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          {dialog}
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const noop = () => {};

function overallStats(overrides: Partial<OverallStats> = {}): OverallStats {
  return {
    totalUnits: 3,
    totalLessons: 12,
    completedLessons: 5,
    correctPercentage: 80,
    correctChallenges: 24,
    completedChallenges: 30,
    averageChallengeTimeMs: 12_400,
    totalStudyTimeMs: 3_600_000 + 25 * 60_000 + 40_000,
    activeDays: 3,
    dailyActivity: [
      { date: '2026-11-03', challenges: 12, timeSpentMs: 250_000 },
      { date: '2026-11-04', challenges: 3, timeSpentMs: 42_000 },
      { date: '2026-11-20', challenges: 20, timeSpentMs: 1_000_000 },
    ],
    unitProgressList: [
      { unitId: 'u1', title: 'Cells', completionPercentage: 100 },
      { unitId: 'u2', title: 'Energy', completionPercentage: 50 },
      { unitId: 'u3', title: 'Division', completionPercentage: 25 },
      { unitId: 'u4', title: 'Genetics', completionPercentage: 0 },
    ],
    ...overrides,
  };
}

function unitStats(overrides: Partial<UnitStats> = {}): UnitStats {
  return {
    unitTitle: 'Cell Biology',
    lastActivityAt: '2026-11-20T10:15:00.000Z',
    completionPercentage: 50,
    completedLessons: 2,
    totalLessons: 4,
    completedChallenges: 14,
    correctChallenges: 11,
    totalChallenges: 20,
    averageCompletionTime: 8_000,
    totalStudyTimeMs: 125_000,
    lessonStats: [
      { lessonId: 'l1', title: 'Organelles', completionPercentage: 100, averageTime: 7_000 },
      { lessonId: 'l2', title: 'Membranes', completionPercentage: 60, averageTime: 65_000 },
      { lessonId: 'l3', title: 'Transport', completionPercentage: 20, averageTime: 0 },
      { lessonId: 'l4', title: 'Signals', completionPercentage: 0, averageTime: 0 },
    ],
    ...overrides,
  };
}

function lessonStats(overrides: Partial<LessonStats> = {}): LessonStats {
  return {
    lessonTitle: 'Organelles',
    lastActivityAt: '2026-11-20T10:15:00.000Z',
    completionPercentage: 80,
    completedChallenges: 4,
    totalChallenges: 5,
    averageCompletionTime: 9_600,
    totalIncorrectTries: 2,
    totalStudyTimeMs: 61_000,
    attemptsHistory: [
      { date: '2026-11-19', averageTime: 10_000, correctCount: 2, incorrectCount: 1, skippedCount: 1 },
      { date: '2026-11-20', averageTime: 9_000, correctCount: 3, incorrectCount: 1, skippedCount: 0 },
    ],
    individualAttempts: [
      { challengeId: 'c1', question: 'What stores the genetic information?', status: 'correct', timeToComplete: 8_000, createdAt: '2026-11-20T10:15:00.000Z', reported: false },
      { challengeId: 'c2', question: 'Which organelle makes ATP?', status: 'incorrect', timeToComplete: 12_000, createdAt: '2026-11-20T10:14:00.000Z', reported: true },
      { challengeId: 'c3', question: 'Ribosomes build proteins.', status: 'skipped', timeToComplete: 3_000, createdAt: '2026-11-19T09:00:00.000Z', reported: false },
    ],
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OverallStatsDialog', () => {
  it('shows the totals, the lesson donut, daily activity with short dates and the unit progress list', async () => {
    const server = fakeServer({ 'stats.getOverallStats': { data: overallStats() } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} fileId="file-1" />);
    const dialog = await screen.findByTestId('overall-stats', {}, { timeout: 5_000 });
    expect(server.calls).toContainEqual({ procedure: 'stats.getOverallStats', input: { fileId: 'file-1' } });
    expect(screen.getByRole('dialog', { name: 'Your learning statistics' })).toBeTruthy();

    expect(screen.getByTestId('overall-completed-lessons-value').textContent).toBe('5 of 12');
    expect(screen.getByTestId('overall-correct-value').textContent).toBe('80%');
    // The same words as the finish screen's accuracy: the figure is right the first time (src/shared/stats.ts).
    expect(screen.getByTestId('overall-correct').textContent).toContain('Right the first time');
    expect(screen.getByTestId('overall-average-time-value').textContent).toBe('12s');
    // Hours present: the seconds are dropped (spec §9).
    expect(screen.getByTestId('overall-study-time-value').textContent).toBe('1h 25m');
    expect(screen.getByTestId('overall-study-time').textContent).toContain('3 active days');

    const donut = within(dialog).getByRole('img', { name: 'Lesson progress: Completed 5, Remaining 7' });
    expect(donut.closest('figure')?.getAttribute('data-testid')).toBe('overall-donut');
    expect(within(screen.getByTestId('overall-donut')).getByText('42%')).toBeTruthy();

    const activity = screen.getByTestId('overall-daily-activity');
    expect(within(activity).getByRole('img', { name: 'Daily activity' })).toBeTruthy();
    // Short month and day, as axis labels and in the values table for screen readers.
    const rows = within(within(activity).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Nov 312', 'Nov 43', 'Nov 2020']);
    expect(activity.querySelector('[data-bar="2026-11-03"] title')?.textContent).toBe('Nov 3: 12 challenges · 4m 10s');
    // The chart is 210 px tall (spec §2).
    expect((activity.firstElementChild as HTMLElement).style.height).toBe('210px');

    const list = screen.getByTestId('overall-unit-list');
    expect(list.className).toContain('max-h-52');
    const units = within(list).getAllByTestId('overall-unit');
    expect(units.map((unit) => within(unit).getByTestId('overall-unit-title').textContent)).toEqual(['Cells', 'Energy', 'Division', 'Genetics']);
    expect(units.map((unit) => unit.getAttribute('data-colour'))).toEqual(['green', 'blue', 'amber', 'neutral']);
    expect(within(units[1]!).getByRole('progressbar', { name: 'Energy' }).getAttribute('aria-valuenow')).toBe('50');
  });

  it('estimates completed lessons from the unit list when the count is 0 (spec §4 fallback)', async () => {
    // 12 lessons over 4 units = 3 per unit; rounded fractions 1 + 1 + 0 + 0 → 6 lessons.
    fakeServer({ 'stats.getOverallStats': { data: overallStats({ completedLessons: 0, totalUnits: 4 }) } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} />);
    expect((await screen.findByTestId('overall-completed-lessons-value', {}, { timeout: 5_000 })).textContent).toBe('6 of 12');
    expect(screen.getByRole('img', { name: 'Lesson progress: Completed 6, Remaining 6' })).toBeTruthy();
  });

  it('says when there is no unit progress, and shows 0s for no time', async () => {
    fakeServer({ 'stats.getOverallStats': { data: overallStats({ unitProgressList: [], averageChallengeTimeMs: 0, totalStudyTimeMs: 250_000 }) } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} />);
    expect((await screen.findByTestId('overall-no-units', {}, { timeout: 5_000 })).textContent).toBe('No unit progress data available');
    expect(screen.getByTestId('overall-average-time-value').textContent).toBe('0s');
    expect(screen.getByTestId('overall-study-time-value').textContent).toBe('4m 10s');
  });

  it('shows the empty state when the user has no activity', async () => {
    fakeServer({ 'stats.getOverallStats': { data: overallStats({ activeDays: 0, dailyActivity: [], completedLessons: 0, completedChallenges: 0 }) } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} />);
    const empty = await screen.findByTestId('overall-stats-empty', {}, { timeout: 5_000 });
    expect(within(empty).getByText('No learning statistics yet')).toBeTruthy();
    expect(within(empty).getByText('Complete some lessons to see your overall statistics.')).toBeTruthy();
  });

  it('shows skeletons while loading and loads nothing while closed', async () => {
    const server = fakeServer({ 'stats.getOverallStats': 'never' });
    renderDialog(<OverallStatsDialog open={false} onOpenChange={noop} />);
    expect(server.calls).toEqual([]);
    cleanup();
    renderDialog(<OverallStatsDialog open onOpenChange={noop} />);
    const loading = await screen.findByTestId('overall-stats-loading');
    expect(within(loading).getAllByTestId('stats-skeleton').length).toBeGreaterThan(3);
    expect(screen.getByRole('status', { name: 'Loading statistics…' })).toBeTruthy();
  });

  it('logs a load error and shows the empty state', async () => {
    allowConsoleError(/Failed to load overall statistics/);
    const logged = vi.spyOn(console, 'error');
    fakeServer({ 'stats.getOverallStats': { error: 'NOT_FOUND' } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} fileId="file-x" />);
    expect(await screen.findByTestId('overall-stats-empty', {}, { timeout: 5_000 })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load overall statistics', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    fakeServer({ 'stats.getOverallStats': { data: overallStats() } });
    renderDialog(<OverallStatsDialog open onOpenChange={noop} />);
    await screen.findByTestId('overall-stats', {}, { timeout: 5_000 });
    expect(screen.getByRole('dialog', { name: 'Deine Lernstatistik' })).toBeTruthy();
    expect(screen.getByTestId('overall-completed-lessons-value').textContent).toBe('5 von 12');
    const rows = within(within(screen.getByTestId('overall-daily-activity')).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toBe('3. Nov.12');
  });
});

describe('UnitStatsDialog', () => {
  it('lists each lesson with title, completion and average time, and draws the completion and challenge charts', async () => {
    const server = fakeServer({ 'stats.getUnitStats': { data: unitStats() } });
    renderDialog(<UnitStatsDialog unitId="unit-1" open onOpenChange={noop} isShared sharedSpaceId="space-1" />);
    await screen.findByTestId('unit-stats', {}, { timeout: 5_000 });
    expect(server.calls).toContainEqual({ procedure: 'stats.getUnitStats', input: { unitId: 'unit-1', isShared: true, sharedSpaceId: 'space-1' } });
    expect(screen.getByRole('dialog', { name: 'Cell Biology' })).toBeTruthy();

    expect(screen.getByTestId('unit-completion-value').textContent).toBe('50%');
    expect(screen.getByTestId('unit-completion').textContent).toContain('2 of 4 lessons');
    expect(screen.getByTestId('unit-average-time-value').textContent).toBe('8s');
    // Unit study time as minutes:seconds (spec §9).
    expect(screen.getByTestId('unit-study-time-value').textContent).toBe('2:05');

    const list = screen.getByTestId('unit-lesson-list');
    expect(list.className).toContain('max-h-72');
    const lessons = within(list).getAllByTestId('unit-lesson');
    expect(
      lessons.map((lesson) => [
        within(lesson).getByTestId('unit-lesson-title').textContent,
        within(lesson).getByTestId('unit-lesson-completion').textContent,
        within(lesson).getByTestId('unit-lesson-time').textContent,
      ]),
    ).toEqual([
      ['Organelles', '100%', '7s'],
      ['Membranes', '60%', '1m 5s'],
      ['Transport', '20%', '0s'],
      ['Signals', '0%', '0s'],
    ]);
    expect(lessons.map((lesson) => lesson.getAttribute('data-colour'))).toEqual(['green', 'blue', 'amber', 'neutral']);

    const completion = screen.getByTestId('unit-completion-chart');
    expect(within(completion).getByRole('img', { name: 'Completion by lesson' })).toBeTruthy();
    const rows = within(within(completion).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Organelles100', 'Membranes60', 'Transport20', 'Signals0']);
    // 14 of 20 answered right, 11 of them the first time → 3 right when asked again, 6 not yet right.
    expect(screen.getByTestId('unit-challenges-value').textContent).toBe('14 of 20');
    expect(screen.getByTestId('unit-challenges').textContent).toContain('11 right the first time');
    expect(screen.getByRole('img', { name: 'Challenges: Right the first time 11, Right when asked again 3, Not yet right 6' })).toBeTruthy();
  });

  it('shows skeletons while loading, with the title it was given', async () => {
    fakeServer({ 'stats.getUnitStats': 'never' });
    renderDialog(<UnitStatsDialog unitId="unit-1" unitTitle="Cell Biology" open onOpenChange={noop} />);
    const loading = await screen.findByTestId('unit-stats-loading');
    expect(within(loading).getAllByTestId('stats-skeleton').length).toBeGreaterThan(3);
    expect(screen.getByRole('dialog', { name: 'Cell Biology' })).toBeTruthy();
  });

  it('shows the empty state for a unit without activity', async () => {
    fakeServer({ 'stats.getUnitStats': { data: unitStats({ lastActivityAt: null, completionPercentage: 0 }) } });
    renderDialog(<UnitStatsDialog unitId="unit-1" open onOpenChange={noop} />);
    const empty = await screen.findByTestId('unit-stats-empty', {}, { timeout: 5_000 });
    expect(within(empty).getByText('No statistics found for this unit.')).toBeTruthy();
  });

  it('logs a load error and shows the empty state', async () => {
    allowConsoleError(/Failed to load unit statistics/);
    const logged = vi.spyOn(console, 'error');
    fakeServer({ 'stats.getUnitStats': { error: 'NOT_FOUND' } });
    renderDialog(<UnitStatsDialog unitId="unit-x" open onOpenChange={noop} />);
    const empty = await screen.findByTestId('unit-stats-empty', {}, { timeout: 5_000 });
    expect(within(empty).getByText('No statistics found for this unit.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'No statistics found' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load unit statistics', expect.anything());
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    fakeServer({ 'stats.getUnitStats': { data: unitStats() } });
    renderDialog(<UnitStatsDialog unitId="unit-1" open onOpenChange={noop} />);
    await screen.findByTestId('unit-stats', {}, { timeout: 5_000 });
    expect(screen.getByTestId('unit-completion').textContent).toContain('2 von 4 Lektionen');
    expect(screen.getByText('Fortschritt je Lektion', { selector: 'h3' })).toBeTruthy();
  });
});

describe('LessonStatsDialog', () => {
  it('shows the attempt history and each attempt with its status and the reported mark', async () => {
    const server = fakeServer({ 'stats.getLessonStats': { data: lessonStats() } });
    renderDialog(<LessonStatsDialog lessonId="lesson-1" open onOpenChange={noop} />);
    await screen.findByTestId('lesson-stats', {}, { timeout: 5_000 });
    expect(server.calls).toContainEqual({ procedure: 'stats.getLessonStats', input: { lessonId: 'lesson-1' } });
    expect(screen.getByRole('dialog', { name: 'Organelles' })).toBeTruthy();

    expect(screen.getByTestId('lesson-completion-value').textContent).toBe('80%');
    expect(screen.getByTestId('lesson-completion').textContent).toContain('4 of 5 challenges answered right');
    expect(screen.getByTestId('lesson-average-time-value').textContent).toBe('10s');
    expect(screen.getByTestId('lesson-incorrect-value').textContent).toBe('2');
    expect(screen.getByTestId('lesson-study-time-value').textContent).toBe('1m 1s');

    const history = screen.getByTestId('lesson-history-chart');
    expect(within(history).getByRole('img', { name: 'Attempt history' })).toBeTruthy();
    const rows = within(within(history).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['CorrectIncorrectSkipped', 'Nov 19211', 'Nov 20310']);
    expect(history.querySelector('[data-bar="2026-11-19"] title')?.textContent).toBe('Nov 19 · Correct 2 · Incorrect 1 · Skipped 1 · Avg. time 10s');

    const attempts = within(screen.getByTestId('lesson-attempt-list')).getAllByTestId('lesson-attempt');
    expect(attempts.map((attempt) => within(attempt).getByTestId('lesson-attempt-status').textContent)).toEqual(['Correct', 'Incorrect', 'Skipped']);
    expect(attempts.map((attempt) => attempt.getAttribute('data-status'))).toEqual(['correct', 'incorrect', 'skipped']);
    expect(attempts.map((attempt) => within(attempt).queryByTestId('lesson-attempt-reported')?.textContent ?? null)).toEqual([null, 'Reported', null]);
    // A reported challenge is struck through (spec §4).
    expect(within(attempts[1]!).getByTestId('lesson-attempt-question').className).toContain('line-through');
    expect(within(attempts[0]!).getByTestId('lesson-attempt-question').className).not.toContain('line-through');
    expect(attempts[1]!.textContent).toContain('12s');
  });

  it('draws the formulas of a question with KaTeX', async () => {
    const question = 'What is $E = mc^2$ worth at $5?';
    fakeServer({ 'stats.getLessonStats': { data: lessonStats({ individualAttempts: [{ challengeId: 'c1', question, status: 'correct', timeToComplete: 8_000, createdAt: '2026-11-20T10:15:00.000Z', reported: false }] }) } });
    renderDialog(<LessonStatsDialog lessonId="lesson-1" open onOpenChange={noop} />);
    const shown = await screen.findByTestId('lesson-attempt-question', {}, { timeout: 5_000 });
    await waitFor(() => expect([...shown.querySelectorAll('.katex annotation')].map((node) => node.textContent)).toEqual(['E = mc^2']));
    expect(shown.textContent).toContain('worth at $5?');
  });

  it('shows skeletons while loading', async () => {
    fakeServer({ 'stats.getLessonStats': 'never' });
    renderDialog(<LessonStatsDialog lessonId="lesson-1" lessonTitle="Organelles" open onOpenChange={noop} />);
    const loading = await screen.findByTestId('lesson-stats-loading');
    expect(within(loading).getAllByTestId('stats-skeleton').length).toBeGreaterThan(3);
  });

  it('shows the empty state for a lesson without attempts', async () => {
    fakeServer({ 'stats.getLessonStats': { data: lessonStats({ lastActivityAt: null, attemptsHistory: [], individualAttempts: [] }) } });
    renderDialog(<LessonStatsDialog lessonId="lesson-1" open onOpenChange={noop} />);
    const empty = await screen.findByTestId('lesson-stats-empty', {}, { timeout: 5_000 });
    expect(within(empty).getByText('No statistics found for this lesson.')).toBeTruthy();
  });

  it('logs a load error and shows the empty state', async () => {
    allowConsoleError(/Failed to load lesson statistics/);
    const logged = vi.spyOn(console, 'error');
    fakeServer({ 'stats.getLessonStats': { error: 'NOT_FOUND' } });
    renderDialog(<LessonStatsDialog lessonId="lesson-x" open onOpenChange={noop} />);
    expect(await screen.findByText('No statistics found for this lesson.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load lesson statistics', expect.anything());
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    fakeServer({ 'stats.getLessonStats': { data: lessonStats() } });
    renderDialog(<LessonStatsDialog lessonId="lesson-1" open onOpenChange={noop} />);
    await screen.findByTestId('lesson-stats', {}, { timeout: 5_000 });
    const attempts = screen.getAllByTestId('lesson-attempt-status');
    expect(attempts.map((attempt) => attempt.textContent)).toEqual(['Richtig', 'Falsch', 'Übersprungen']);
    expect(screen.getByTestId('lesson-attempt-reported').textContent).toBe('Gemeldet');
  });
});
