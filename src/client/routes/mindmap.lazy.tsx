import { createLazyRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { MindmapPage } from '../features/mindmap/mindmap-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { useDocumentTitle } from '../lib/use-document-title';

export const mindmapLazyRoute = createLazyRoute('/app/mindmap')({ component: MindmapRoute });

function MindmapRoute() {
  const { t } = useTranslation('pages');
  useDocumentTitle(t('mindmap.title'));
  return (
    <ArtefactFrame page="mindmap" noFile={<PageEmptyState page="mindmap" />}>
      {(file) => <MindmapPage file={file} />}
    </ArtefactFrame>
  );
}
