import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const shopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/shop',
  loader: () => loadNamespaces('gamification', 'shell'),
  component: lazyRouteComponent(() => import('../features/gamification/shop-page'), 'ShopPage'),
});
