import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const learnRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/learn',
  validateSearch: sharedContextSearch,
  component: () => <PageEmptyState page="learn" />,
});
