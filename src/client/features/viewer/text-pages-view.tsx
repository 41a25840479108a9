import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FileSearch, LoaderCircle, RotateCcw } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { fileFailureReason } from '../../lib/file-failure';
import { useTRPC } from '../../lib/trpc';
import { PageControls } from './page-controls';
import { bringPassageIntoView, MarkedParagraph, markParagraphs, PASSAGE_MARK_ATTRIBUTE } from './passage-mark';
import { usePageTracking } from './use-page-tracking';
import { DownloadButton, ViewerContent, ViewerControls, ViewerMessage } from './viewer-layout';
import { bodyParagraphs, filePagesInput, isExtracting, pageUnit, type ViewerFile } from './viewer-kind';

/**
 * pptx, doc, docx and plain txt (spec §2 asks for 'viewer not implemented yet'; we show more): the text extracted
 * from each slide or page, readable, with the file's state while it is still being read and its reason if it failed.
 */
export function TextPagesView({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage?: string }) {
  const { t } = useTranslation(['viewer', 'ingest']);
  if (isExtracting(file.status)) {
    return (
      <ViewerMessage icon={LoaderCircle} busy title={t(file.status === 'queued' ? 'text.queued' : 'text.extracting')} testId="viewer-not-ready">
        {t('text.notReadyHint')}
      </ViewerMessage>
    );
  }
  if (file.status === 'failed') {
    const reason = fileFailureReason(file, t);
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('text.failed')}
        testId="viewer-failed"
        actions={file.stored && <DownloadButton file={file} />}
      >
        {reason && <p className="font-medium text-foreground">{reason}</p>}
        <p>{t('text.failedHint')}</p>
      </ViewerMessage>
    );
  }
  return <ReadyTextPages file={file} initialPage={initialPage} passage={passage} />;
}

function ReadyTextPages({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage: string | undefined }) {
  const { t } = useTranslation('viewer');
  const trpc = useTRPC();
  const query = useQuery(trpc.file.getFilePages.queryOptions(filePagesInput(file)));
  const pages = query.data?.pages ?? [];
  const { containerRef, attach, current, scrollToPage } = usePageTracking(pages.length);
  const unit = pageUnit(file.extension);
  const scrolledTo = useRef(false);

  useLayoutEffect(() => {
    if (scrolledTo.current || pages.length === 0) return;
    scrolledTo.current = true;
    if (initialPage && initialPage > 1) scrollToPage(Math.min(initialPage, pages.length));
    // The cited passage, when marked on the page, is brought to the middle of the view.
    const scroller = containerRef.current;
    const mark = scroller?.querySelector(`[${PASSAGE_MARK_ATTRIBUTE}="first"]`);
    if (scroller && mark) bringPassageIntoView(scroller, mark);
  }, [pages.length, initialPage, scrollToPage, containerRef]);
  const markedPage = Math.min(Math.max(initialPage ?? 1, 1), pages.length);

  if (query.isPending) {
    return (
      <ViewerContent>
        <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6" data-testid="viewer-text-loading">
          {[0, 1].map((index) => (
            <div key={index} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-11/12" />
              <Skeleton className="h-4 w-4/5" />
            </div>
          ))}
        </div>
      </ViewerContent>
    );
  }
  if (query.isError) {
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('text.loadFailed')}
        testId="viewer-text-error"
        actions={
          <Button size="sm" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailedHint')}
      </ViewerMessage>
    );
  }
  if (pages.length === 0) {
    return (
      <ViewerMessage icon={FileSearch} title={t('text.empty')} testId="viewer-text-empty" actions={file.stored && <DownloadButton file={file} />}>
        {t('text.emptyHint')}
      </ViewerMessage>
    );
  }

  return (
    <>
      <ViewerContent scrollRef={attach} label={file.name} testId="viewer-text">
        <article className="mx-auto flex max-w-3xl flex-col gap-4 px-3 py-4 sm:gap-5 sm:px-6 sm:py-8">
          <p className="px-1 text-xs leading-relaxed text-muted-foreground">
            {t('text.notice', { unit: t(unit === 'slide' ? 'text.unitSlide' : 'text.unitPage') })}
          </p>
          {pages.map((page, index) => {
            const headingId = `viewer-page-${index + 1}`;
            const paragraphs = bodyParagraphs(page.text, page.heading);
            const marks = markParagraphs(paragraphs, index + 1 === markedPage ? passage : undefined);
            const firstMarked = marks.findIndex(Boolean);
            return (
              <section
                key={page.pageNumber}
                data-page-slot={index + 1}
                aria-labelledby={headingId}
                data-testid="viewer-text-page"
                className="rounded-xl border border-border bg-card px-5 py-5 shadow-sm sm:px-9 sm:py-8"
              >
                <header className="mb-3 flex flex-col gap-1 border-b border-border pb-3">
                  <span id={page.heading ? undefined : headingId} className="text-xs font-bold tracking-wider text-primary uppercase">
                    {t(unit === 'slide' ? 'text.slideHeading' : 'text.pageHeading', { number: page.pageNumber })}
                  </span>
                  {page.heading && (
                    <h3 id={headingId} className="text-lg leading-snug font-bold text-balance text-foreground sm:text-xl">
                      {page.heading}
                    </h3>
                  )}
                </header>
                <div className="flex flex-col gap-3 text-[15px] leading-7 break-words text-foreground/90 sm:text-base sm:leading-7">
                  {paragraphs.map((paragraph, paragraphIndex) => (
                    <p key={paragraphIndex} className="whitespace-pre-line">
                      <MarkedParagraph text={paragraph} mark={marks[paragraphIndex] ?? null} first={paragraphIndex === firstMarked} />
                    </p>
                  ))}
                </div>
              </section>
            );
          })}
          {query.data?.truncated && (
            <p role="note" className="rounded-xl border border-dashed border-border bg-card px-5 py-4 text-center text-sm text-muted-foreground" data-testid="viewer-text-truncated">
              {t('text.truncated', { shown: pages.length, total: query.data.totalPages })}
            </p>
          )}
        </article>
      </ViewerContent>
      <ViewerControls label={t('controls.label')}>
        <PageControls current={current} total={pages.length} unit={unit} onGoTo={(page) => scrollToPage(page)} />
      </ViewerControls>
    </>
  );
}
