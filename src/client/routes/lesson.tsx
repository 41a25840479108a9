import { createRoute } from '@tanstack/react-router';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

/** /lesson/... (any depth) counts as the Exams tab; the lesson's id is the splat. */
export const lessonRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/lesson/$',
  validateSearch: sharedContextSearch,
}).lazy(() => import('./lesson.lazy').then((module) => module.lessonLazyRoute));
