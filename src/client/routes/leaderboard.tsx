import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const leaderboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/leaderboard',
  component: () => <PageEmptyState page="leaderboard" />,
});
