import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const decksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/decks',
  validateSearch: sharedContextSearch,
  component: () => <PageEmptyState page="decks" />,
});
