import { createLazyRoute } from '@tanstack/react-router';
import { OfflinePage } from '../features/decks/offline-page';
import { OfflineLessonPlayer, OfflineLessons } from '../features/learn/offline-lessons';

export const offlineLazyRoute = createLazyRoute('/app/offline')({ component: OfflineRoute });

/** /offline: the decks kept on this device (flashcards) and the finished lessons kept to practise (learn). */
function OfflineRoute() {
  const { lesson } = offlineLazyRoute.useSearch();
  const navigate = offlineLazyRoute.useNavigate();
  if (lesson) return <OfflineLessonPlayer lessonId={lesson} onLeave={() => void navigate({ search: {} })} />;
  return <OfflinePage lessons={<OfflineLessons onPlay={(id) => void navigate({ search: { lesson: id } })} />} />;
}
