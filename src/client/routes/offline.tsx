import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

/** Review offline: the decks kept on this device, studied without a connection (issue 21). */
export const offlineRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/offline',
  loader: () => loadNamespaces('decks', 'shell', 'study', 'viewer'),
  component: lazyRouteComponent(() => import('../features/decks/offline-page'), 'OfflinePage'),
});
