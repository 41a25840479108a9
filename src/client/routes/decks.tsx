import { createRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { DecksPage } from '../features/decks/decks-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext, sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const decksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/decks',
  validateSearch: sharedContextSearch,
  component: DecksRoute,
});

function DecksRoute() {
  const context = keepSharedContext(decksRoute.useSearch());
  return (
    <ArtefactFrame page="decks" noFile={<PageEmptyState page="decks" />}>
      {(file) => <DecksPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
