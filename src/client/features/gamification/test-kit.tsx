import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import type { Progress } from '../../../shared/gamification';
import { i18n } from '../../lib/i18n';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../../lib/trpc';

/**
 * For the gamification component tests: the fake tRPC endpoint (src/client/test/fake-trpc-server.ts) and a page
 * rendered with the providers main.tsx sets up, at a path of its own.
 */
export { fakeTrpcServer as fakeServer } from '../../test/fake-trpc-server';

export function progress(overrides: Partial<Progress> = {}): Progress {
  return {
    streak: 3,
    points: 120,
    stars: 4,
    hearts: 3,
    unlimitedHearts: false,
    streakFreezes: 0,
    xpTotal: 180,
    plan: 'free',
    timeZone: 'UTC',
    celebrations: [],
    ...overrides,
  };
}

/** Renders `Page` at `path` (with a /shop route for its links) inside the app's providers and a toaster. */
export function renderPage(Page: ComponentType, path = '/page') {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Page />
        <Toaster />
      </>
    ),
  });
  const routes = ['/page', '/shop', '/lesson/l1', '/learn'].map((routePath) => createRoute({ getParentRoute: () => rootRoute, path: routePath }));
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), router, queryClient };
}
