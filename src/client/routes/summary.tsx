import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const summaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/summary',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./summary.lazy').then((module) => module.summaryLazyRoute));
