import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const streaksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/streaks',
  component: () => <PageEmptyState page="streaks" />,
});
