import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const coursesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/courses',
  component: () => <PageEmptyState page="courses" />,
});
