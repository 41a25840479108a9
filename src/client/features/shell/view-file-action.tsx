import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useFileViewer } from '../../lib/file-viewer';
import { UnavailableAction } from './unavailable-action';

/** The header's View File button (spec §2): the fullscreen viewer, or why the file cannot be viewed. */
export function ViewFileAction({ file }: { file: { id: string; extension: string } | null | undefined }) {
  const { t } = useTranslation('shell');
  const { viewFile, unavailableReason } = useFileViewer();
  const reason = file ? unavailableReason(file) : t('header.viewFileUnavailable');
  if (!file || reason) {
    return <UnavailableAction icon={Eye} label={t('header.viewFile')} reason={reason ?? ''} showLabel testId="header-view-file" />;
  }
  return (
    <Button variant="outline" size="sm" className="h-9" onClick={() => viewFile(file)} data-testid="header-view-file">
      <Eye aria-hidden="true" />
      {/* Below the large breakpoint the header is narrow: the icon alone, its name still read out. */}
      <span className="max-lg:sr-only">{t('header.viewFile')}</span>
    </Button>
  );
}
