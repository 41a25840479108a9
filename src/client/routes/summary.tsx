import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const summaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/summary',
  validateSearch: sharedContextSearch,
  component: () => <PageEmptyState page="summary" />,
});
