import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const decksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/decks',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./decks.lazy').then((module) => module.decksLazyRoute));
