import { createRoute } from '@tanstack/react-router';
import { ShopPage } from '../features/gamification/shop-page';
import { appLayoutRoute } from './_app';

export const shopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/shop',
  component: ShopPage,
});
