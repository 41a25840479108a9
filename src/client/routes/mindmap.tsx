import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const mindmapRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mindmap',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('mindmap', 'ingest', 'pages', 'sharing', 'shell', 'study', 'viewer'),
}).lazy(() => import('./mindmap.lazy').then((module) => module.mindmapLazyRoute));
