import './summary-print.css';
import { BookOpen, FileText, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InlineMarkdown, Markdown } from './markdown';
import { PageLink } from './page-link';
import { SummaryPoint } from './summary-point';
import { SummaryActions } from './summary-actions';
import type { SummaryData, SummaryFile } from './summary-data';
import { displayTerm, numberHeadings, plainText, readingMinutes } from './summary-text';
import { CollapsibleContents, StickyContents, useActiveSection, type TocEntry } from './table-of-contents';
import { passageHint } from '../../../shared/passage-match';

const OVERVIEW_ID = 'summary-overview';
const KEY_TERMS_ID = 'summary-key-terms';
const sectionId = (number: number) => `summary-section-${number}`;

/** Sections scroll to just below the sticky header: the phone's top bar, or the header with its tabs. */
const scrollMargin = 'scroll-mt-20 md:scroll-mt-32';

/**
 * A file's summary (loaded lazily with its markdown renderer): title, overview, the sections with their key points,
 * the key terms, every one with its source page; contents beside it on wide screens and above it on narrow ones.
 * The article is what prints (summary-print.css).
 */
export default function SummaryView({
  summary,
  file,
  onRegenerated,
}: {
  summary: SummaryData;
  file: SummaryFile;
  onRegenerated: () => void;
}) {
  const { t } = useTranslation('summary');
  const headings = numberHeadings(summary.sections.map((section) => section.heading));
  const entries: TocEntry[] = [
    { id: OVERVIEW_ID, label: t('overview') },
    ...headings.map((heading, index) => ({ id: sectionId(index + 1), label: plainText(heading.text), number: heading.number ?? '' })),
    ...(summary.keyTerms.length > 0 ? [{ id: KEY_TERMS_ID, label: t('keyTerms') }] : []),
  ];
  const active = useActiveSection(entries.map((entry) => entry.id));
  const minutes = readingMinutes([
    summary.overview,
    ...summary.sections.flatMap((section) => [section.heading, ...section.points.map((point) => point.text)]),
    ...summary.keyTerms.map((term) => `${term.term} ${term.definition ?? ''}`),
  ]);
  const meta = [
    t('meta.sections', { count: summary.sections.length }),
    ...(summary.keyTerms.length > 0 ? [t('meta.terms', { count: summary.keyTerms.length })] : []),
    t('meta.readingTime', { count: minutes }),
  ];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 md:px-8 md:pt-10" data-testid="summary-page">
      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_15rem] xl:gap-12">
        <article data-summary-print aria-labelledby="summary-title" className="mx-auto w-full max-w-3xl min-w-0">
          <header className="border-b border-border pb-6">
            <p className="flex min-w-0 items-center gap-2 text-xs font-bold tracking-wider text-primary uppercase">
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              {t('eyebrow')}
              <span aria-hidden="true" className="text-muted-foreground/60">
                /
              </span>
              <span className="truncate font-medium tracking-normal text-muted-foreground normal-case" data-testid="summary-file-name">
                {file.name}
              </span>
            </p>
            <h1 id="summary-title" data-testid="summary-title" className="mt-3 text-[1.75rem] leading-tight font-bold tracking-tight text-pretty md:text-4xl">
              <InlineMarkdown text={summary.title} />
            </h1>
            <p className="mt-3 text-sm text-muted-foreground" data-testid="summary-meta">
              {meta.join(' · ')}
            </p>
            <div className="mt-5">
              <SummaryActions
                fileId={file.id}
                fileName={file.name}
                markdown={summary.markdown}
                printTitle={plainText(summary.title)}
                canRegenerate={file.canRegenerate !== false}
                onRegenerated={onRegenerated}
              />
            </div>
          </header>

          <CollapsibleContents entries={entries} active={active} className="mt-6 xl:hidden print:hidden" />

          <section
            id={OVERVIEW_ID}
            aria-labelledby={`${OVERVIEW_ID}-heading`}
            data-testid="summary-overview"
            className={`mt-8 rounded-2xl border border-primary/20 bg-accent/60 p-5 md:p-6 print:border-border print:bg-transparent ${scrollMargin}`}
          >
            <h2
              id={`${OVERVIEW_ID}-heading`}
              tabIndex={-1}
              data-toc-heading
              className="flex items-center gap-2 text-xs font-bold tracking-wider text-accent-foreground uppercase focus:outline-none"
            >
              <Sparkles aria-hidden="true" className="size-4" />
              {t('overview')}
            </h2>
            <Markdown text={summary.overview} className="mt-2.5 text-base leading-7 md:text-[1.0625rem] md:leading-8" />
          </section>

          <div className="mt-10 space-y-12">
            {summary.sections.map((section, index) => {
              const { number, text } = headings[index] ?? { text: section.heading };
              return (
                <section
                  key={sectionId(index + 1)}
                  id={sectionId(index + 1)}
                  aria-labelledby={`${sectionId(index + 1)}-heading`}
                  data-testid="summary-section"
                  className={scrollMargin}
                >
                  <div className="flex items-start gap-3">
                    <span
                      aria-hidden="true"
                      className="mt-0.5 flex h-7 min-w-7 shrink-0 items-center justify-center rounded-lg bg-primary/10 px-1.5 text-sm font-bold text-primary-tint-foreground tabular-nums md:mt-1"
                    >
                      {number ?? <span className="size-1.5 rounded-full bg-primary/70" />}
                    </span>
                    <h2
                      id={`${sectionId(index + 1)}-heading`}
                      tabIndex={-1}
                      data-toc-heading
                      data-testid="summary-section-heading"
                      className="min-w-0 flex-1 text-xl leading-snug font-bold tracking-tight break-words focus:outline-none md:text-2xl"
                    >
                      {number && <span className="sr-only">{`${number} `}</span>}
                      <InlineMarkdown text={text} />
                    </h2>
                    <PageLink file={file} page={section.page} className="mt-0.5 md:mt-1.5" />
                  </div>
                  <ul className="mt-4 space-y-3.5 md:pl-10">
                    {section.points.map((point, pointIndex) => (
                      <SummaryPoint key={pointIndex} point={point} file={file} />
                    ))}
                  </ul>
                </section>
                );
            })}
          </div>

          {summary.keyTerms.length > 0 && <KeyTerms summary={summary} file={file} />}
        </article>

        <aside className="hidden xl:block print:hidden">
          <StickyContents entries={entries} active={active} />
        </aside>
      </div>
    </div>
  );
}

function KeyTerms({ summary, file }: { summary: SummaryData; file: SummaryFile }) {
  const { t } = useTranslation('summary');
  const defined = summary.keyTerms.filter((term) => term.definition);
  const others = summary.keyTerms.filter((term) => !term.definition);
  return (
    <section id={KEY_TERMS_ID} aria-labelledby={`${KEY_TERMS_ID}-heading`} data-testid="summary-key-terms" className={`mt-14 ${scrollMargin}`}>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <BookOpen className="size-4" />
        </span>
        <h2 id={`${KEY_TERMS_ID}-heading`} tabIndex={-1} data-toc-heading className="text-xl font-bold tracking-tight focus:outline-none md:text-2xl">
          {t('keyTerms')}
        </h2>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">{summary.keyTerms.length}</span>
      </div>
      {defined.length > 0 && (
        <dl className="mt-5 grid gap-3 sm:grid-cols-2">
          {defined.map((term, index) => (
            <div key={index} data-testid="summary-term" className="summary-term flex flex-col rounded-xl border border-border bg-card p-4 shadow-xs">
              {/* A <dl>'s group holds only <dt> and <dd>: the page link sits in the term's line, inside its <dt>. */}
              <dt className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-semibold break-words" data-testid="summary-term-name">
                  <InlineMarkdown text={displayTerm(term.term)} />
                </span>
                <PageLink file={file} page={term.page} passage={passageHint(term.term, term.definition)} />
              </dt>
              <dd className="mt-1.5 text-sm leading-6 text-muted-foreground" data-testid="summary-term-definition">
                <Markdown text={term.definition ?? ''} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {others.length > 0 && (
        <div className={defined.length > 0 ? 'mt-6' : 'mt-5'}>
          {defined.length > 0 && <h3 className="text-sm font-semibold text-muted-foreground">{t('moreTerms')}</h3>}
          <ul className="mt-3 flex flex-wrap gap-2">
            {others.map((term, index) => (
              <li
                key={index}
                data-testid="summary-term"
                className="summary-term inline-flex max-w-full items-center gap-2 rounded-full border border-border bg-card py-1 pr-1 pl-3.5 text-sm font-medium"
              >
                <span className="min-w-0 break-words" data-testid="summary-term-name">
                  <InlineMarkdown text={displayTerm(term.term)} />
                </span>
                <PageLink file={file} page={term.page} passage={term.term} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
