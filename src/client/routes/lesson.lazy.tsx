import { createLazyRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LessonPage } from '../features/learn/lesson-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const lessonLazyRoute = createLazyRoute('/app/lesson/$')({ component: LessonRoute });

function LessonRoute() {
  const { _splat: splat } = lessonLazyRoute.useParams();
  const { uuid, id } = lessonLazyRoute.useSearch();
  // One object while the context stays the same: the player's callbacks depend on it.
  const context = useMemo(() => keepSharedContext({ uuid, id }), [uuid, id]);
  const lessonId = (splat ?? '').split('/')[0] ?? '';
  if (!lessonId) return <PageEmptyState page="lesson" />;
  return <LessonPage lessonId={lessonId} context={context} />;
}
