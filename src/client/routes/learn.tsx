import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const learnRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/learn',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./learn.lazy').then((module) => module.learnLazyRoute));
