import { createRoute } from '@tanstack/react-router';
import { LessonPage } from '../features/learn/lesson-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext, sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

/** /lesson/... (any depth) counts as the Exams tab; the lesson's id is the splat. */
export const lessonRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/lesson/$',
  validateSearch: sharedContextSearch,
  component: LessonRoute,
});

function LessonRoute() {
  const { _splat: splat } = lessonRoute.useParams();
  const context = keepSharedContext(lessonRoute.useSearch());
  const lessonId = (splat ?? '').split('/')[0] ?? '';
  if (!lessonId) return <PageEmptyState page="lesson" />;
  return <LessonPage lessonId={lessonId} context={context} />;
}
