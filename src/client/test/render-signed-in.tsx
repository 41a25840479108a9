import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { sessionQueryOptions, type SessionData } from '../lib/session';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';

export const USER_ID = 'user-1';

/** The paths every signed-in render has, so the links the pages draw lead somewhere. */
const ROUTES = ['/page', '/dashboard', '/dashboard/upload', '/summary', '/courses', '/space/$uuid'];

export interface RenderSignedInOptions {
  /** More paths for links and navigations to land on, beside ROUTES. */
  routes?: string[];
  /** Where the router starts: '/page' unless said. */
  path?: string;
  /** Wraps `ui` and the toaster inside the router, e.g. in a context the page reads. */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/**
 * Renders `ui` signed in as USER_ID, inside the app's providers, a router (for links) and a toaster. The session is
 * put in the cache the way the app's guard leaves it, so no auth request is made.
 */
export function renderSignedIn(ui: ReactNode, { routes = [], path = '/page', wrapper: Wrapper = Fragment }: RenderSignedInOptions = {}) {
  const queryClient = createQueryClient();
  // Only the fields the pages read (the user's id and name); the rest of better-auth's session does not matter here.
  queryClient.setQueryData(sessionQueryOptions.queryKey, { user: { id: USER_ID, name: 'Olivia Owner' } } as unknown as SessionData);
  const rootRoute = createRootRoute({
    component: () => (
      <Wrapper>
        {ui}
        <Toaster />
      </Wrapper>
    ),
  });
  const childRoutes = [...new Set([...ROUTES, ...routes])].map((routePath) => createRoute({ getParentRoute: () => rootRoute, path: routePath }));
  const router = createRouter({ routeTree: rootRoute.addChildren(childRoutes), history: createMemoryHistory({ initialEntries: [path] }) });
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
