import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { isViewableExtension, useFileViewer } from '../../lib/file-viewer';
import { isFromLowConfidencePage } from '../../lib/ocr';

/**
 * A cited source page, "p. 3": a small button that opens the file viewer at that page. For a file the viewer cannot
 * show (spec §5), the page stays as plain text; in print it is plain text either way. A page OCR read with low
 * confidence gets a quiet mark beside it (not printed).
 */
export function PageLink({
  file,
  page,
  passage,
  className,
}: {
  file: { id: string; extension: string; lowConfidencePages?: readonly number[] | null };
  page: number;
  /** The text the page is the source of (a point, a term and its definition): the viewer marks it on the page. */
  passage?: string;
  className?: string;
}) {
  if (!isFromLowConfidencePage(file.lowConfidencePages, page)) return <PageChip file={file} page={page} passage={passage} className={className} />;
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1', className)}>
      <PageChip file={file} page={page} passage={passage} />
      <LowConfidenceMark page={page} />
    </span>
  );
}

function PageChip({
  file,
  page,
  passage,
  className,
}: {
  file: { id: string; extension: string };
  page: number;
  passage: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('summary');
  const { viewFile } = useFileViewer();
  const look = 'inline-flex h-6 shrink-0 items-center gap-1 rounded-full px-2 text-xs font-semibold tabular-nums whitespace-nowrap';
  if (!isViewableExtension(file.extension)) {
    return (
      <span className={cn(look, 'bg-muted text-muted-foreground', className)} title={t('sourcePage', { page })} data-testid="summary-page" data-page={page}>
        {t('page', { page })}
      </span>
    );
  }
  return (
    <Tooltip content={t('openPage', { page })}>
      <button
        type="button"
        onClick={() => viewFile(file, page, passage)}
        aria-label={t('openPage', { page })}
        data-testid="summary-page-link"
        data-page={page}
        className={cn(
          look,
          'border border-primary/25 bg-primary/8 text-primary transition-colors hover:border-primary/60 hover:bg-primary/15 print:border-0 print:bg-transparent print:px-0 print:text-muted-foreground',
          className,
        )}
      >
        <FileText aria-hidden="true" className="size-3 print:hidden" />
        {t('page', { page })}
      </button>
    </Tooltip>
  );
}
