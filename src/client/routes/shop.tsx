import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './_app';

export const shopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/shop',
  component: lazyRouteComponent(() => import('../features/gamification/shop-page'), 'ShopPage'),
});
