import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';
import { rootRoute } from '../routes/__root';

/**
 * Renders the app's root route with the given child routes at `url`, with the providers main.tsx sets up, for
 * component tests of whole pages. Network calls go to whatever `fetch` the test installed.
 */
export function renderRoutes(routes: AnyRoute[], url: string) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, user: userEvent.setup() };
}
