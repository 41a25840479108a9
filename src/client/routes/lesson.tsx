import { createRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
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
  const { uuid, id } = lessonRoute.useSearch();
  // One object while the context stays the same: the player's callbacks depend on it.
  const context = useMemo(() => keepSharedContext({ uuid, id }), [uuid, id]);
  const lessonId = (splat ?? '').split('/')[0] ?? '';
  if (!lessonId) return <PageEmptyState page="lesson" />;
  return <LessonPage lessonId={lessonId} context={context} />;
}
