import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const streaksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/streaks',
  loader: () => loadNamespaces('gamification', 'shell'),
  component: lazyRouteComponent(() => import('../features/gamification/streaks-page'), 'StreaksPage'),
});
