import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { appLayoutRoute } from './_app';

export const coursesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/courses',
  loader: () => loadNamespaces('sharing', 'shell'),
  component: lazyRouteComponent(() => import('../features/sharing/courses-page'), 'CoursesPage'),
});
