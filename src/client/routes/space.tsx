import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

/** The share link of a course, /space/{uuid}; /spaces/{uuid} is the same page (spec §2: "Also seen"). */
export const spaceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/space/$uuid',
  component: () => <PageEmptyState page="space" />,
});

export const spacesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/spaces/$uuid',
  component: () => <PageEmptyState page="space" />,
});
