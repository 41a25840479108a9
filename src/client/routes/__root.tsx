import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NavigationProgress } from '../features/shell/navigation-progress';
import { NotFoundPage } from '../features/shell/not-found-page';
import type { TrpcClient } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster richColors closeButton position="top-right" />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
