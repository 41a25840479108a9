// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { closeLoadingOverlay } from '../../components/ui/loading-overlay-store';
import { useNavigationLoadingOverlay } from './use-navigation-loading-overlay';

function Layout() {
  useNavigationLoadingOverlay();
  return (
    <>
      <Outlet />
      <LoadingOverlay />
    </>
  );
}

/** A router whose /summary and /chat wait for the test to release them, like pages that fetch their content. */
function createTestRouter() {
  const release: Record<string, () => void> = {};
  const wait = (path: string) => () => new Promise<void>((resolve) => (release[path] = resolve));
  const rootRoute = createRootRoute({ component: Layout });
  const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path, loader: wait(path), component: () => <p>{path}</p> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>{'home'}</p> });
  const dashboard = createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', loader: wait('/dashboard'), component: () => <p>{'dashboard'}</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, page('/summary'), page('/chat'), dashboard]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, release };
}

const overlay = () => screen.queryByTestId('loading-overlay');

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function startAt(router: AnyRouter) {
  render(<RouterProvider router={router} />);
  await flush();
  expect(screen.getByText('home')).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers();
  // The router restores scroll after each navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  act(() => closeLoadingOverlay());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useNavigationLoadingOverlay', () => {
  it('shows the tab’s skeleton while its page loads and closes as soon as it is there', async () => {
    const { router, release } = createTestRouter();
    await startAt(router);

    void router.navigate({ to: '/summary' });
    await flush(200);
    expect(overlay()?.getAttribute('data-type')).toBe('summary');

    await act(async () => release['/summary']?.());
    await flush();
    expect(overlay()).toBeNull();
    expect(screen.getByText('/summary')).toBeTruthy();
  });

  it('does not flash for a page that loads at once', async () => {
    const { router, release } = createTestRouter();
    await startAt(router);

    void router.navigate({ to: '/chat' });
    await flush(50);
    await act(async () => release['/chat']?.());
    await flush(500);

    expect(overlay()).toBeNull();
  });

  it('closes after 5 s even when the page is still loading', async () => {
    const { router } = createTestRouter();
    await startAt(router);

    void router.navigate({ to: '/chat' });
    await flush(4_900);
    expect(overlay()?.getAttribute('data-type')).toBe('chat');
    await flush(100);
    expect(overlay()).toBeNull();
  });

  it('shows nothing for pages that are no study tab', async () => {
    const { router } = createTestRouter();
    await startAt(router);

    void router.navigate({ to: '/dashboard' });
    await flush(1_000);

    expect(overlay()).toBeNull();
  });
});
