import { createLazyRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { SummaryPage } from '../features/summary/summary-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const summaryLazyRoute = createLazyRoute('/app/summary')({ component: SummaryRoute });

function SummaryRoute() {
  const context = keepSharedContext(summaryLazyRoute.useSearch());
  return (
    <ArtefactFrame page="summary" noFile={<PageEmptyState page="summary" />}>
      {(file) => <SummaryPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
