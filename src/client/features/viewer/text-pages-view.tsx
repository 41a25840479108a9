import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc';
import { PageControls } from './page-controls';
import { MarkedParagraph, markParagraphs } from './passage-mark';
import { FileReadingGate, TextEmpty, TextLoadFailed, TextLoading } from './text-view-states';
import { useOpeningScroll, usePageTracking } from './use-page-tracking';
import { ViewerContent, ViewerControls } from './viewer-layout';
import { bodyParagraphs, filePagesInput, pageUnit, type ViewerFile } from './viewer-kind';

/**
 * pptx, doc, docx and plain txt (spec §2 asks for 'viewer not implemented yet'; we show more): the text extracted
 * from each slide or page, readable, with the file's state while it is still being read and its reason if it failed.
 */
export function TextPagesView({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage?: string }) {
  return (
    <FileReadingGate file={file}>
      <ReadyTextPages file={file} initialPage={initialPage} passage={passage} />
    </FileReadingGate>
  );
}

function ReadyTextPages({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage: string | undefined }) {
  const { t } = useTranslation('viewer');
  const trpc = useTRPC();
  const query = useQuery(trpc.file.getFilePages.queryOptions(filePagesInput(file)));
  const pages = query.data?.pages ?? [];
  const { containerRef, attach, current, scrollToPage } = usePageTracking(pages.length);
  const unit = pageUnit(file.extension);
  useOpeningScroll({ total: pages.length, initialPage, containerRef, scrollToPage });
  const markedPage = Math.min(Math.max(initialPage ?? 1, 1), pages.length);

  if (query.isPending) return <TextLoading />;
  if (query.isError) return <TextLoadFailed onRetry={() => void query.refetch()} />;
  if (pages.length === 0) return <TextEmpty file={file} />;

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
