import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const shopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/shop',
  component: () => <PageEmptyState page="shop" />,
});
