import { FileImage, FileText, FileType, NotebookPen, LoaderCircle, Presentation, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileStatus } from '../../../shared/course-rules';
import { cn } from '../../lib/cn';
import { isProcessing } from '../../lib/file-processing';

/**
 * The icon of a file's type; a txt file stands for a video link (spec §2 viewer), hence the video icon; a photo or a
 * screenshot (read by OCR) shows as an image.
 */
export function FileTypeIcon({ extension, video = false, className }: { extension: string; video?: boolean; className?: string }) {
  // A video link's transcript is kept as text: it is still a video to the student.
  if (video) return <Video aria-hidden="true" className={className} />;
  switch (extension) {
    case 'pptx':
      return <Presentation aria-hidden="true" className={className} />;
    case 'doc':
    case 'docx':
      return <FileType aria-hidden="true" className={className} />;
    case 'md':
    case 'markdown':
      return <NotebookPen aria-hidden="true" className={className} />;
    case 'jpg':
    case 'jpeg':
    case 'png':
    case 'webp':
      return <FileImage aria-hidden="true" className={className} />;
    default:
      return <FileText aria-hidden="true" className={className} />;
  }
}

export const STATUS_CLASS: Record<FileStatus, string> = {
  queued: 'bg-muted text-muted-foreground',
  extracting: 'bg-sky-500/15 text-sky-700 dark:text-sky-400',
  ready: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  failed: 'bg-destructive/12 text-destructive',
};

/** Queued and extracting files are still being read: the lists poll while any is. */

/** A file's state as a small pill; a spinner while it is still being read. */
export function FileStatusBadge({ status }: { status: FileStatus }) {
  const { t } = useTranslation('courses');
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[status])}
      data-testid="file-status"
      data-status={status}
    >
      {isProcessing(status) && <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />}
      {t(`file.status.${status}`)}
    </span>
  );
}
