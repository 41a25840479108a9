import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

/** The share link of a course, /space/{uuid}; /spaces/{uuid} is the same page (spec §2: "Also seen"). */
export const spaceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/space/$uuid',
  loader: () => loadNamespaces('sharing', 'shell'),
}).lazy(() => import('./space.lazy').then((module) => module.spaceLazyRoute));

export const spacesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/spaces/$uuid',
  loader: () => loadNamespaces('sharing', 'shell'),
}).lazy(() => import('./space.lazy').then((module) => module.spacesLazyRoute));
