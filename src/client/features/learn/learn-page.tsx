import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LearnFile, SharedContext } from './learn-data';
import { PathSkeleton } from './learn-layout';
import { lazyReadAhead } from '../../lib/read-ahead';

/** The path: its own chunk, read ahead with the page (a hovered tab). */
const LearnPathView = lazyReadAhead(() => import('./learn-path'));

/**
 * The Exams tab's content for a file whose learn path is ready (the study frame shows progress and failures before),
 * with the lesson, unit and overall statistics dialogs.
 */
export function LearnPage({ file, context }: { file: LearnFile; context: SharedContext }) {
  const { t } = useTranslation(['learn', 'shell']);
  const title = t('shell:documentTitle', { page: t('learn:title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<PathSkeleton />}>
      <LearnPathView file={file} context={context} />
    </Suspense>
  );
}
