import { createRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { LearnPage } from '../features/learn/learn-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext, sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

export const learnRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/learn',
  validateSearch: sharedContextSearch,
  component: LearnRoute,
});

function LearnRoute() {
  const context = keepSharedContext(learnRoute.useSearch());
  return (
    <ArtefactFrame page="learn" noFile={<PageEmptyState page="learn" />}>
      {(file) => <LearnPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
