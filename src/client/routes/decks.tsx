import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const decksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/decks',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('decks', 'ingest', 'pages', 'sharing', 'shell', 'study', 'viewer'),
}).lazy(() => import('./decks.lazy').then((module) => module.decksLazyRoute));
