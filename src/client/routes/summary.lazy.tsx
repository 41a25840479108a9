import { createLazyRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { SummaryDraftPage } from '../features/summary/summary-draft-page';
import { SummaryPage } from '../features/summary/summary-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const summaryLazyRoute = createLazyRoute('/app/summary')({ component: SummaryRoute });

function SummaryRoute() {
  const context = keepSharedContext(summaryLazyRoute.useSearch());
  return (
    <ArtefactFrame
      page="summary"
      noFile={<PageEmptyState page="summary" />}
      whileGenerating={(file, progress) => <SummaryDraftPage file={file} context={context} progress={progress} />}
    >
      {(file) => <SummaryPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
