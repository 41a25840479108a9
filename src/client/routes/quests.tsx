import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './_app';

export const questsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/quests',
  component: lazyRouteComponent(() => import('../features/gamification/quests-page'), 'QuestsPage'),
});
