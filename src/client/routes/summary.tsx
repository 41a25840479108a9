import { createRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { keepSharedContext, sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { SummaryPage } from '../features/summary/summary-page';
import { appLayoutRoute } from './_app';

export const summaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/summary',
  validateSearch: sharedContextSearch,
  component: SummaryRoute,
});

function SummaryRoute() {
  const context = keepSharedContext(summaryRoute.useSearch());
  return (
    <ArtefactFrame page="summary" noFile={<PageEmptyState page="summary" />}>
      {(file) => <SummaryPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
