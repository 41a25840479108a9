import { RotateCcw, ScanText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { CopyTextButton, RecognisedPageText, type OcrPage } from './ocr-text';

/** What the PDF viewer knows of a scan's recognised text (file.getFilePages with text). */
export interface OcrPages {
  status: 'pending' | 'error' | 'success';
  pages: ReadonlyMap<number, OcrPage>;
  /** The answer stopped before the file's last page (its text is too long to send whole). */
  truncated: boolean;
  refetch: () => void;
}

/**
 * Beside a scanned PDF (below it on a phone): the text OCR read from the page being looked at, which follows the
 * reader as they scroll, so they can check the recognised text against the page image and copy it.
 */
export function OcrSidePanel({
  pageNumber,
  ocr,
  unreadable,
  onClose,
}: {
  pageNumber: number;
  ocr: OcrPages;
  unreadable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('viewer');
  const page = ocr.pages.get(pageNumber);
  const lastLoaded = Math.max(0, ...ocr.pages.keys());
  return (
    <aside
      aria-labelledby="viewer-ocr-heading"
      data-testid="viewer-ocr-panel"
      data-page={pageNumber}
      className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-t border-border bg-card lg:max-h-none lg:w-[26rem] lg:border-t-0 lg:border-l"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border py-1.5 pr-1.5 pl-4">
        <h3 id="viewer-ocr-heading" className="flex min-w-0 items-center gap-2 text-xs font-bold tracking-wider text-primary uppercase">
          <ScanText aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{t('ocr.recognisedText')}</span>
          <span className="font-semibold tracking-normal text-muted-foreground normal-case" data-testid="viewer-ocr-panel-page">
            {t('ocr.pageHeading', { page: pageNumber })}
          </span>
        </h3>
        <div className="flex shrink-0 items-center gap-1">
          {page && page.ocrConfidence !== null && page.text.trim() !== '' && !unreadable && <CopyTextButton text={page.text} />}
          <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label={t('ocr.hide')} data-testid="viewer-ocr-close">
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
        {ocr.status === 'pending' ? (
          <div className="flex flex-col gap-2.5" role="status" aria-label={t('ocr.loading')}>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        ) : ocr.status === 'error' ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm">
            <p>{t('ocr.loadFailed')}</p>
            <Button size="sm" variant="outline" onClick={ocr.refetch}>
              <RotateCcw aria-hidden="true" />
              {t('retry')}
            </Button>
          </div>
        ) : !page && !unreadable && ocr.truncated && pageNumber > lastLoaded ? (
          <p className="text-sm text-muted-foreground">{t('ocr.notLoaded')}</p>
        ) : (
          <RecognisedPageText page={page} unreadable={unreadable} />
        )}
      </div>
    </aside>
  );
}
