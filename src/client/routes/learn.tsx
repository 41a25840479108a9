import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const learnRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/learn',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('learn', 'ingest', 'pages', 'sharing', 'shell', 'stats', 'study'),
}).lazy(() => import('./learn.lazy').then((module) => module.learnLazyRoute));
