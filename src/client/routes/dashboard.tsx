import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  loader: () => loadNamespaces('courses', 'ingest', 'shell', 'viewer'),
  component: lazyRouteComponent(() => import('../features/courses/dashboard-page'), 'DashboardPage'),
});
