import { createRoute } from '@tanstack/react-router';
import { CoursesPage } from '../features/sharing/courses-page';
import { appLayoutRoute } from './_app';

export const coursesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/courses',
  component: CoursesPage,
});
