import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { InlineMarkdown } from './markdown';
import { PageLink } from './page-link';
import type { SummaryDraftData, SummaryFile } from './summary-data';
import { SummaryPoint } from './summary-point';

/**
 * The sections of a long file summarised so far, each with its key points and source pages, under a live line that
 * says how far reading has come; the rest of the file stands as a placeholder until the finished summary replaces it all.
 */
export default function SummaryDraftView({ draft, file }: { draft: SummaryDraftData; file: SummaryFile }) {
  const { t } = useTranslation('summary');
  const reading = draft.pagesRead < draft.pageCount;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 md:px-8 md:pt-10" data-testid="summary-draft">
      <p
        role="status"
        aria-live="polite"
        data-testid="summary-draft-progress"
        className="flex items-center gap-2 rounded-xl border border-primary/20 bg-accent/60 px-4 py-3 text-sm font-medium text-accent-foreground"
      >
        <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
        {reading ? t('draft.reading', { read: draft.pagesRead, total: draft.pageCount }) : t('draft.finishing')}
      </p>
      <h1 className="mt-6 text-[1.75rem] leading-tight font-bold tracking-tight text-pretty md:text-4xl" data-testid="summary-draft-title">
        <InlineMarkdown text={draft.title} />
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">{t('draft.hint')}</p>
      <div className="mt-10 space-y-12">
        {draft.sections.map((section, index) => (
          <section key={index} aria-labelledby={`summary-draft-section-${index}`} data-testid="summary-draft-section">
            <div className="flex items-start gap-3">
              <h2 id={`summary-draft-section-${index}`} className="min-w-0 flex-1 text-xl leading-snug font-bold tracking-tight break-words md:text-2xl">
                <InlineMarkdown text={section.heading} />
              </h2>
              <PageLink file={file} page={section.page} className="mt-0.5 md:mt-1.5" />
            </div>
            <ul className="mt-4 space-y-3.5">
              {section.points.map((point, pointIndex) => (
                <SummaryPoint key={pointIndex} point={point} file={file} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <section className="mt-12" aria-busy="true" data-testid="summary-draft-rest">
        <p className="text-sm font-medium text-muted-foreground">
          {reading ? t('draft.remaining', { count: draft.pageCount - draft.pagesRead }) : t('draft.remainingSections')}
        </p>
        <Skeleton className="mt-4 h-7 w-1/2" />
        <Skeleton className="mt-3 h-4 w-full" />
      </section>
    </div>
  );
}
