import { createRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { MindmapPage } from '../features/mindmap/mindmap-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { useDocumentTitle } from '../lib/use-document-title';
import { sharedContextSearch } from '../lib/search';
import { appLayoutRoute } from './_app';

function MindmapRoute() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('mindmap.title'));
  return (
    <ArtefactFrame page="mindmap" noFile={<PageEmptyState page="mindmap" />}>
      {(file) => <MindmapPage file={file} />}
    </ArtefactFrame>
  );
}

export const mindmapRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mindmap',
  validateSearch: sharedContextSearch,
  component: MindmapRoute,
});
