import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const mindmapRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mindmap',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./mindmap.lazy').then((module) => module.mindmapLazyRoute));
