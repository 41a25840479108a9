import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const summaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/summary',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('summary', 'ingest', 'pages', 'sharing', 'shell', 'study', 'viewer'),
}).lazy(() => import('./summary.lazy').then((module) => module.summaryLazyRoute));
