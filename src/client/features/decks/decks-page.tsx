import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecksFile, SharedContext } from './decks-data';
import { DecksSkeleton } from './decks-layout';
import { lazyReadAhead } from '../../lib/read-ahead';

/** Decks, the study session and the card editor: their own chunk, read ahead with the page (a hovered tab). */
const DecksView = lazyReadAhead(() => import('./decks-view'));

/** The Flashcards tab's content for a file whose generated deck is ready (the study frame shows progress and failures before). */
export function DecksPage({ file, context }: { file: DecksFile; context: SharedContext }) {
  const { t } = useTranslation(['decks', 'shell']);
  const title = t('shell:documentTitle', { page: t('decks:title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<DecksSkeleton />}>
      <DecksView file={file} context={context} />
    </Suspense>
  );
}
