import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

/** /lesson/... (any depth) counts as the Exams tab; the lesson's id is the splat. */
export const lessonRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/lesson/$',
  validateSearch: sharedContextSearch,
  loader: () => loadNamespaces('learn', 'pages', 'shell', 'study', 'viewer'),
}).lazy(() => import('./lesson.lazy').then((module) => module.lessonLazyRoute));
