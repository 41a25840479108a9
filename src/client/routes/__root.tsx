import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NavigationProgress } from '../features/shell/navigation-progress';
import { NotFoundPage } from '../features/shell/not-found-page';
import { startTheme, useResolvedTheme } from '../features/shell/theme';
import type { TrpcClient } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}

// Before the first render, so a dark-mode visitor never sees a light frame.
startTheme();

function RootLayout() {
  const theme = useResolvedTheme();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster richColors closeButton position="top-right" theme={theme} />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
