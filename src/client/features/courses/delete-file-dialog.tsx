import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteFile } from './use-course-actions';

/** The file deletion confirmation (spec §2), medium severity; `file` null means closed. */
export function DeleteFileDialog({ file, onClose }: { file: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const deleteFile = useDeleteFile();
  return (
    <ConfirmDialog
      open={file !== null}
      onOpenChange={(open) => open || onClose()}
      severity="medium"
      title={t('deleteFile.title')}
      description={t('deleteFile.description', { name: file?.name })}
      confirmLabel={t('deleteFile.submit')}
      // Not awaited: the file leaves the list at once (spec §4), so the dialog closes with it; a failure brings the
      // file back with a toast.
      onConfirm={() => file && void deleteFile(file.id).catch(() => undefined)}
    />
  );
}
