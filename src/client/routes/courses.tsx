import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './_app';

export const coursesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/courses',
  component: lazyRouteComponent(() => import('../features/sharing/courses-page'), 'CoursesPage'),
});
