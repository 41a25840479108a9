import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const chatRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/chat',
  validateSearch: sharedContextSearch,
  component: () => <PageEmptyState page="chat" />,
});
