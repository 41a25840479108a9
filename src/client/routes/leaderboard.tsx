import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './_app';

export const leaderboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/leaderboard',
  component: lazyRouteComponent(() => import('../features/gamification/leaderboard-page'), 'LeaderboardPage'),
});
