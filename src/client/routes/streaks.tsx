import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './_app';

export const streaksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/streaks',
  component: lazyRouteComponent(() => import('../features/gamification/streaks-page'), 'StreaksPage'),
});
