import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { startTheme, useResolvedTheme } from '../features/shell/theme';
import { loadNamespaces } from '../lib/i18n';

export interface RouterContext {
  queryClient: QueryClient;
}

// The loading bar only matters from the first navigation on, which comes after the first screen: not in the first
// chunk either (a navigation while it is still loading shows no bar, and nothing else changes).
const NavigationProgress = lazy(() => import('../features/shell/navigation-progress').then((module) => ({ default: module.NavigationProgress })));
// Toasts come after the first screen (sonner's Toaster shows those raised before it mounted): not in the first chunk.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));
// It is drawn inside the app shell, a chunk of its own; fetched with its texts when an unknown address is opened, not
// before.
const NotFoundPage = lazy(() =>
  Promise.all([import('../features/shell/not-found-page'), loadNamespaces('shell', 'courses', 'sharing', 'viewer', 'errors')]).then(([module]) => ({
    default: module.NotFoundPage,
  })),
);

// Before the first render, so a dark-mode visitor never sees a light frame.
startTheme();

function RootLayout() {
  const theme = useResolvedTheme();
  return (
    <>
      <Suspense fallback={null}>
        <NavigationProgress />
      </Suspense>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster richColors closeButton position="top-right" theme={theme} />
      </Suspense>
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
});
