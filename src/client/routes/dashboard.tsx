import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/courses/dashboard-page';
import { appLayoutRoute } from './_app';

export const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  component: DashboardPage,
});
