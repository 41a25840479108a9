import { Copy, ScanEye, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { copyText } from '../../lib/clipboard';
import { cn } from '../../lib/cn';
import { isLowConfidence } from '../../lib/ocr';
import { bodyParagraphs } from './viewer-kind';

/** A page as file.getFilePages answers it; `ocrConfidence` is null for a page with a text layer of its own. */
export interface OcrPage {
  pageNumber: number;
  heading: string | null;
  text: string;
  ocrConfidence: number | null;
}

/**
 * The text OCR read from one page (of a scan or a photo), to read beside the page's image: marked when it was read
 * with low confidence, or said plainly when the page could not be read at all.
 */
export function RecognisedPageText({ page, unreadable }: { page: OcrPage | undefined; unreadable: boolean }) {
  const { t } = useTranslation('viewer');
  if (unreadable) {
    return (
      <OcrNote icon={TriangleAlert} testId="viewer-ocr-unreadable">
        {t('ocr.unreadable')}
      </OcrNote>
    );
  }
  if (!page) return <p className="text-sm text-muted-foreground">{t('ocr.empty')}</p>;
  if (page.ocrConfidence === null) return <p className="text-sm text-muted-foreground" data-testid="viewer-ocr-own-text">{t('ocr.ownText')}</p>;
  const paragraphs = bodyParagraphs(page.text, page.heading);
  return (
    <div className="flex flex-col gap-3" data-testid="viewer-ocr-page" data-page={page.pageNumber}>
      {isLowConfidence(page.ocrConfidence) ? (
        <OcrNote icon={ScanEye} testId="viewer-ocr-low-confidence">
          {t('ocr.lowConfidence', { confidence: Math.round(page.ocrConfidence) })}
        </OcrNote>
      ) : (
        <p className="text-xs text-muted-foreground" data-testid="viewer-ocr-confidence">
          {t('ocr.confidence', { confidence: Math.round(page.ocrConfidence) })}
        </p>
      )}
      {page.heading && <h4 className="text-base leading-snug font-bold text-balance">{page.heading}</h4>}
      {paragraphs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('ocr.empty')}</p>
      ) : (
        <div className="flex flex-col gap-3 text-[15px] leading-7 break-words text-foreground/90" data-testid="viewer-ocr-text-body">
          {paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A quiet note about what OCR made of a page: amber, never red — the text is still there to check. */
export function OcrNote({ icon: Icon, children, testId, className }: { icon: typeof ScanEye; children: ReactNode; testId: string; className?: string }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/8 px-3 py-2 text-sm leading-snug text-amber-800 dark:text-amber-300',
        className,
      )}
      data-testid={testId}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** Copies a page's recognised text, as OCR read it, for notes elsewhere. */
export function CopyTextButton({ text }: { text: string }) {
  const { t } = useTranslation('viewer');
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs"
      onClick={() =>
        copyText(text).then(
          () => toast.success(t('ocr.copied')),
          () => toast.error(t('ocr.copyFailed')),
        )
      }
      data-testid="viewer-ocr-copy"
    >
      <Copy aria-hidden="true" />
      {t('ocr.copy')}
    </Button>
  );
}
