import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const chatRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/chat',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('chat', 'ingest', 'pages', 'sharing', 'shell', 'study', 'viewer'),
}).lazy(() => import('./chat.lazy').then((module) => module.chatLazyRoute));
