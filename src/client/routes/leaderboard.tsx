import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const leaderboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/leaderboard',
  loader: () => loadNamespaces('gamification', 'shell'),
  component: lazyRouteComponent(() => import('../features/gamification/leaderboard-page'), 'LeaderboardPage'),
});
