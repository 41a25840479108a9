import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { formatPageList, readingPage, type ReadingProgress } from '../lib/ocr';

/**
 * How far the reading of a file has come and what it could not read, as every list of files says it (the upload
 * page, the dashboard): "Reading page 3 of 12…" while OCR reads pages as images, and a quiet line naming the pages
 * it could not read once the file is ready without them.
 */

/** "Reading page 3 of 12…": the page being read, never past the last. */
export function useReadingPageText(): (progress: ReadingProgress) => string {
  const { t } = useTranslation('common');
  return (progress) => t('fileReading.page', { page: readingPage(progress), total: progress.total });
}

/** "Page 4 could not be read." / "Pages 4, 7 and 9 could not be read."; nothing when every page was read. */
export function UnreadablePagesNote({ pages, className }: { pages: readonly number[] | null | undefined; className?: string }) {
  const { t, i18n } = useTranslation('common');
  if (!pages || pages.length === 0) return null;
  const list = formatPageList(pages, i18n.language, (count) => t('fileReading.morePages', { count }));
  return (
    <p
      className={cn('flex min-w-0 items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-400', className)}
      data-testid="unreadable-pages"
    >
      <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{t('fileReading.unreadable', { count: new Set(pages).size, pages: list })}</span>
    </p>
  );
}
