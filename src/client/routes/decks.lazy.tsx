import { createLazyRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { DecksPage } from '../features/decks/decks-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const decksLazyRoute = createLazyRoute('/app/decks')({ component: DecksRoute });

function DecksRoute() {
  const context = keepSharedContext(decksLazyRoute.useSearch());
  return (
    <ArtefactFrame page="decks" noFile={<PageEmptyState page="decks" />}>
      {(file) => <DecksPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
