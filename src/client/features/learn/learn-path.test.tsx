// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnPath, PathLesson } from '../../../shared/learn';
import { i18n } from '../../lib/i18n';
import { PathView } from './learn-path';

const lesson = (id: string, state: PathLesson['state'], stars = 0): PathLesson => ({ id, title: `Lesson ${id}`, position: 0, state, stars, challengeCount: 5 });

function path(canSkip: boolean): LearnPath {
  return {
    fileId: 'file-1',
    canSkip,
    units: [
      { id: 'u1', title: 'Tracing', description: 'Hot loops.', page: 1, position: 0, completionPercentage: 50, lessons: [lesson('a', 'completed', 3), lesson('b', 'current')] },
      { id: 'u2', title: 'Guards', description: '', page: 4, position: 1, completionPercentage: 0, lessons: [lesson('c', 'locked'), lesson('d', 'locked')] },
    ],
  };
}

function renderPath(data: LearnPath, outOfHearts = false) {
  const onOpenUnitStats = vi.fn();
  const onOpenOverallStats = vi.fn();
  const onOpenLessonStats = vi.fn();
  const rootRoute = createRootRoute({
    component: () => (
      <PathView path={data} fileName="tracemonkey.pdf" context={{}} outOfHearts={outOfHearts} onOpenUnitStats={onOpenUnitStats} onOpenOverallStats={onOpenOverallStats} onOpenLessonStats={onOpenLessonStats} />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/learn'] }) });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), router, onOpenUnitStats, onOpenOverallStats, onOpenLessonStats };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});
afterEach(() => cleanup());

describe('the learn path', () => {
  it('shows units with coloured progress and stats (not at 0 %), and lessons completed, current and locked', async () => {
    const { user, onOpenUnitStats, onOpenOverallStats, onOpenLessonStats } = renderPath(path(false));
    const units = await screen.findAllByTestId('learn-unit');
    expect(screen.getByTestId('learn-overall-progress').textContent).toBe('1 of 4 lessons completed');
    expect(units.map((unit) => unit.dataset.progressColour)).toEqual(['blue', 'neutral']);
    expect(units.map((unit) => within(unit).getByTestId('learn-unit-percent').textContent)).toEqual(['50%', '0%']);
    expect(within(units[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    const [firstStats, secondStats] = screen.getAllByTestId('learn-unit-stats') as HTMLButtonElement[];
    expect(secondStats!.disabled).toBe(true);
    await user.click(firstStats!);
    expect(onOpenUnitStats).toHaveBeenCalledWith('u1');
    await user.click(screen.getByTestId('learn-overall-stats'));
    expect(onOpenOverallStats).toHaveBeenCalled();
    await user.click(screen.getByTestId('learn-lesson-stats'));
    expect(onOpenLessonStats).toHaveBeenCalledWith('a');

    const nodes = screen.getAllByTestId('learn-lesson');
    expect(nodes.map((node) => node.dataset.state)).toEqual(['completed', 'current', 'locked', 'locked']);
    expect(nodes[0]!.getAttribute('href')).toBe('/lesson/a');
    expect(nodes[0]!.getAttribute('aria-label')).toBe('Lesson 1: Lesson a, completed with 3 stars. Practise again');
    expect(nodes[1]!.getAttribute('href')).toBe('/lesson/b');
    expect(screen.getByTestId('learn-start-bubble').textContent).toContain('Start');
    expect(nodes[2]!.tagName).toBe('BUTTON');
    expect((nodes[2] as HTMLButtonElement).disabled).toBe(true);
    expect(nodes[2]!.getAttribute('aria-label')).toBe('Lesson 1: Lesson c, locked');
  });

  it('opens every lesson with the skip entitlement', async () => {
    renderPath(path(true));
    const nodes = await screen.findAllByTestId('learn-lesson');
    expect(nodes.map((node) => node.getAttribute('href'))).toEqual(['/lesson/a', '/lesson/b', '/lesson/c', '/lesson/d']);
    expect(screen.getByText('All lessons open')).toBeTruthy();
  });

  it('at 0 hearts, a lesson not completed opens the out-of-hearts dialog on the path; a completed one still opens (issue 22)', async () => {
    const { user, router } = renderPath(path(false), true);
    const nodes = await screen.findAllByTestId('learn-lesson');
    await user.click(nodes[1]!);
    const dialog = await screen.findByTestId('out-of-hearts');
    expect(router.state.location.pathname).toBe('/learn');
    expect(within(dialog).getByTestId('out-of-hearts-practice').getAttribute('href')).toBe('/lesson/a');
    expect(within(dialog).getByTestId('out-of-hearts-shop').getAttribute('href')).toBe('/shop');
    expect(within(dialog).getByTestId('out-of-hearts-upgrade')).toBeTruthy();
    // Not now closes it, staying on the path.
    expect(within(dialog).getByTestId('out-of-hearts-leave').textContent).toBe('Not now');
    await user.click(within(dialog).getByTestId('out-of-hearts-leave'));
    await waitFor(() => expect(screen.queryByTestId('out-of-hearts')).toBeNull());
    expect(router.state.location.pathname).toBe('/learn');

    await user.click(screen.getAllByTestId('learn-lesson')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lesson/a'));
    expect(screen.queryByTestId('out-of-hearts')).toBeNull();
  });
});
