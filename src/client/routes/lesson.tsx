import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

/** /lesson/... (any depth) counts as the Exams tab. */
export const lessonRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/lesson/$',
  validateSearch: sharedContextSearch,
  component: () => <PageEmptyState page="lesson" />,
});
