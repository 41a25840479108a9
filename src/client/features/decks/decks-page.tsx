import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecksFile, SharedContext } from './decks-data';
import { DecksSkeleton } from './decks-layout';

/** Decks, the study session and the card editor arrive only when the tab is opened on a ready deck. */
const DecksView = lazy(() => import('./decks-view'));

/** The Flashcards tab's content for a file whose AI deck is ready (the study frame shows progress and failures before). */
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
