import { FileText, FileType, Presentation, Video } from 'lucide-react';
import type { FileStatus } from '../../../shared/courses';

/** The icon of a file's type; a txt file stands for a video link (spec §2 viewer), hence the video icon. */
export function FileTypeIcon({ extension, className }: { extension: string; className?: string }) {
  switch (extension) {
    case 'pptx':
      return <Presentation aria-hidden="true" className={className} />;
    case 'doc':
    case 'docx':
      return <FileType aria-hidden="true" className={className} />;
    case 'txt':
      return <Video aria-hidden="true" className={className} />;
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
