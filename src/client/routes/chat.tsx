import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const chatRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/chat',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./chat.lazy').then((module) => module.chatLazyRoute));
