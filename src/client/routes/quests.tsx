import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const questsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/quests',
  loader: () => loadNamespaces('gamification', 'shell'),
  component: lazyRouteComponent(() => import('../features/gamification/quests-page'), 'QuestsPage'),
});
