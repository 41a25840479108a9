import { createLazyRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { LearnPage } from '../features/learn/learn-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const learnLazyRoute = createLazyRoute('/app/learn')({ component: LearnRoute });

function LearnRoute() {
  const context = keepSharedContext(learnLazyRoute.useSearch());
  return (
    <ArtefactFrame page="learn" noFile={<PageEmptyState page="learn" />}>
      {(file) => <LearnPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
