import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedContext } from './learn-data';
import { PlayerSkeleton } from './player-skeleton';
import { lazyReadAhead } from '../../lib/read-ahead';

/** The player: its own chunk, read ahead with the page (the path's next lesson in view, a hovered lesson). */
const LessonPlayer = lazyReadAhead(() => import('./lesson-player'));

/** /lesson/{id}: one lesson of the learn path, played. */
export function LessonPage({ lessonId, context }: { lessonId: string; context: SharedContext }) {
  const { t } = useTranslation(['learn', 'shell']);
  const title = t('shell:documentTitle', { page: t('learn:player.title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<PlayerSkeleton />}>
      <LessonPlayer key={lessonId} lessonId={lessonId} context={context} />
    </Suspense>
  );
}
