import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { searchText } from '../lib/search';
import { appLayoutRoute } from './_app';

/** Study offline: the decks and finished lessons kept on this device, studied without a connection (issue 21). */
export const offlineRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/offline',
  // ?lesson= a kept lesson being practised.
  validateSearch: { parse: (search: Record<string, unknown>): { lesson?: string } => ({ lesson: searchText(search.lesson, { max: 100, min: 1 }) }) },
  loader: () => loadNamespaces('decks', 'learn', 'shell', 'study', 'viewer'),
}).lazy(() => import('./offline.lazy').then((module) => module.offlineLazyRoute));
