import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  component: () => <PageEmptyState page="dashboard" />,
});
