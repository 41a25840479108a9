import { useQuery } from '@tanstack/react-query';
import type { Element } from 'hast';
import { ExternalLink, ImageOff } from 'lucide-react';
import { useLayoutEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import { notePlugins } from '../../../shared/markdown-note';
import { cn } from '../../lib/cn';
import { rehypeKatexPlugin } from '../../components/math-render';
import { notePagePlugins, noteSanitizeSchema } from './markdown-note-render';
import { PageControls } from './page-controls';
import { PassageMark } from './passage-mark';
import { FileReadingGate, TextEmpty, TextLoadFailed, TextLoading } from './text-view-states';
import { useOpeningScroll, usePageTracking } from './use-page-tracking';
import { ViewerContent, ViewerControls } from './viewer-layout';
import { fileContentUrl, type ViewerFile } from './viewer-kind';

/**
 * A Markdown note in the viewer (issue 26): formatted from the file's own bytes — headings, lists, task lists, tables,
 * quotes and callouts, code, maths (KaTeX), footnotes — one card per page (a top-level section, as the server reads
 * the note), "Page n of N" as for any document. The note's own HTML shows only in sanitised form (markdown-note-render
 * .ts); images are never fetched and links open in a new tab. Opened at a page, that page is scrolled to and marked,
 * and the cited passage in it. This module and what it brings (react-markdown, the parsers, KaTeX) load only when a
 * note is opened.
 */
export default function MarkdownNoteView({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage: string | undefined }) {
  return (
    <FileReadingGate file={file}>
      <ReadyNote file={file} initialPage={initialPage} passage={passage} />
    </FileReadingGate>
  );
}

/** A failed fetch of the file's bytes, with its HTTP status: a refusal (4xx) is not asked again by itself. */
class FileBytesError extends Error {
  constructor(readonly status: number) {
    super(`GET file: ${status}`);
  }
}

function ReadyNote({ file, initialPage, passage }: { file: ViewerFile; initialPage: number | undefined; passage: string | undefined }) {
  const { t, i18n } = useTranslation('viewer');
  const url = fileContentUrl(file);
  const query = useQuery({
    queryKey: ['file-bytes', url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new FileBytesError(response.status);
      return response.text();
    },
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof FileBytesError && error.status < 500) && count < 2,
  });
  const source = query.data;
  const citedPage = initialPage;
  const language = i18n.language;
  // Drawn once per note, opening and language: react-markdown parses on every render, the page tracker re-renders often.
  const note = useMemo(
    () => (source === undefined ? null : <NoteMarkdown source={source} citedPage={citedPage} passage={passage} key={language} />),
    [source, citedPage, passage, language],
  );
  const [total, setTotal] = useState(0);
  const { containerRef, attach, current, scrollToPage } = usePageTracking(total);
  useLayoutEffect(() => {
    setTotal(containerRef.current?.querySelectorAll('[data-page-slot]').length ?? 0);
  }, [note, containerRef]);
  useOpeningScroll({ total, initialPage, containerRef, scrollToPage });

  if (query.isPending) return <TextLoading />;
  if (query.isError) return <TextLoadFailed onRetry={() => void query.refetch()} />;
  if (source?.trim() === '') return <TextEmpty file={file} />;
  return (
    <>
      <ViewerContent scrollRef={attach} label={file.name} testId="viewer-markdown">
        <article className="mx-auto flex max-w-3xl flex-col gap-4 px-3 py-4 sm:gap-5 sm:px-6 sm:py-8" data-testid="markdown-note">
          {note}
        </article>
      </ViewerContent>
      {total > 0 && (
        <ViewerControls label={t('controls.label')}>
          <PageControls current={current} total={total} onGoTo={(page) => scrollToPage(page)} />
        </ViewerControls>
      )}
    </>
  );
}

/** The note rendered: the reading shared with the server, its pages, sanitising, maths. */
function NoteMarkdown({ source, citedPage, passage }: { source: string; citedPage: number | undefined; passage: string | undefined }) {
  const { t } = useTranslation('viewer');
  const { remarkCallouts, remarkPages, rehypePages } = notePagePlugins({ citedPage, passage });
  const remarkRehypeOptions: Options['remarkRehypeOptions'] = {
    // Footnote ids get their "user-content-" prefix once, from sanitising (their links are followed in noteLink).
    clobberPrefix: '',
    footnoteLabel: t('markdown.footnotes'),
    footnoteLabelProperties: {},
    footnoteBackLabel: (referenceIndex) => t('markdown.footnoteBack', { number: referenceIndex + 1 }),
  };
  return (
    <ReactMarkdown
      remarkPlugins={[...notePlugins, remarkCallouts, remarkPages]}
      remarkRehypeOptions={remarkRehypeOptions}
      rehypePlugins={[rehypeRaw, [rehypeSanitize, noteSanitizeSchema], rehypePages, rehypeKatexPlugin]}
      components={COMPONENTS}
    >
      {source}
    </ReactMarkdown>
  );
}

const slotOf = (node: Element | undefined) => {
  const slot = node?.properties.dataPageSlot;
  return typeof slot === 'number' ? slot : undefined;
};

/** A page of the note: a card like the text view's pages, "Page n" above it, ringed when it is the page cited. */
function NotePage({ page, cited, children }: { page: number; cited: boolean; children: ReactNode }) {
  const { t } = useTranslation('viewer');
  const labelId = `viewer-note-page-${page}`;
  return (
    <section
      data-page-slot={page}
      data-cited={cited ? 'true' : undefined}
      aria-labelledby={labelId}
      data-testid="viewer-note-page"
      className={cn(
        'min-w-0 rounded-xl border border-border bg-card px-5 py-5 shadow-sm sm:px-9 sm:py-8',
        cited && 'border-primary/50 bg-primary/[0.025] ring-2 ring-primary/25 ring-offset-2 ring-offset-background',
      )}
    >
      <header className="mb-3 flex items-center gap-2">
        <span id={labelId} className="text-xs font-bold tracking-wider text-primary uppercase">
          {t('text.pageHeading', { number: page })}
        </span>
        {cited && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-[11px] font-semibold text-primary" data-testid="viewer-note-cited">
            {t('markdown.cited')}
          </span>
        )}
      </header>
      <div className="note-body min-w-0 text-[15px] leading-7 break-words text-foreground/90 sm:text-base">{children}</div>
    </section>
  );
}

function Footnotes({ children }: { children: ReactNode }) {
  return (
    <section
      className="rounded-xl border border-border bg-card px-5 py-4 text-sm leading-6 text-muted-foreground shadow-sm sm:px-9 [&_h2]:mb-2 [&_h2]:text-xs! [&_h2]:tracking-wider [&_h2]:text-primary! [&_h2]:uppercase [&_ol]:mt-0"
      data-testid="viewer-note-footnotes"
    >
      {children}
    </section>
  );
}

/** Scrolls to a footnote (or back to its mark) inside the note: its id got the sanitiser's "user-content-" prefix. */
function followInNoteLink(event: MouseEvent<HTMLAnchorElement>, hash: string) {
  const article = event.currentTarget.closest('article');
  const id = decodeURIComponent(hash.slice(1));
  const target = article?.ownerDocument.getElementById(`user-content-${id}`) ?? article?.ownerDocument.getElementById(id);
  if (!target || !article?.contains(target)) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'center' });
}

const EXTERNAL = /^(?:https?:|mailto:)/i;

function NoteLink({
  href,
  id,
  label,
  describedBy,
  children,
}: {
  href: string | undefined;
  id: string | undefined;
  label: string | undefined;
  describedBy: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('viewer');
  if (href?.startsWith('#')) {
    // A footnote's mark, or its way back.
    return (
      <a
        href={href}
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={(event) => followInNoteLink(event, href)}
        className="scroll-mt-4 px-0.5 font-medium text-primary underline-offset-2 hover:underline"
      >
        {children}
      </a>
    );
  }
  if (href && EXTERNAL.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary">
        {children}
      </a>
    );
  }
  // A link to another note or a file beside it: nothing the app can open; the text, saying where it pointed.
  return (
    <span className="font-medium text-foreground underline decoration-dotted decoration-muted-foreground/60 underline-offset-2" title={href ? t('markdown.localLink', { target: href }) : undefined}>
      {children}
    </span>
  );
}

/** An image of the note, never fetched: its description or file name in a dashed frame (as the summary shows them). */
function NoteImage({ src, alt }: { src: string | undefined; alt: string | undefined }) {
  const { t } = useTranslation('viewer');
  const name = alt?.trim() || decodeURIComponent(src?.split(/[/\\]/).pop() ?? '') || t('markdown.imageNotShown');
  return (
    <span
      className="my-1 inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed border-border bg-muted/40 px-2 py-0.5 align-middle text-sm text-muted-foreground"
      title={t('markdown.imageNotShown')}
      data-testid="viewer-note-image"
    >
      <ImageOff aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">{t('markdown.image', { name })}</span>
      {src && EXTERNAL.test(src) ? (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow" aria-hidden="true" tabIndex={-1} className="truncate underline underline-offset-2">
          {name}
          <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3" />
        </a>
      ) : (
        <span aria-hidden="true" className="truncate">
          {name}
        </span>
      )}
    </span>
  );
}

/** Obsidian's callout types by their colour. */
const CALLOUT_TONES: Record<string, 'info' | 'tip' | 'warning' | 'danger'> = {
  tip: 'tip', hint: 'tip', important: 'tip', success: 'tip', check: 'tip', done: 'tip',
  warning: 'warning', caution: 'warning', attention: 'warning', question: 'warning', help: 'warning', faq: 'warning',
  danger: 'danger', error: 'danger', failure: 'danger', fail: 'danger', missing: 'danger', bug: 'danger',
};
const calloutTone = (type: string) => CALLOUT_TONES[type] ?? 'info';
const CALLOUT_TONE = {
  info: 'border-sky-500/60 bg-sky-500/8',
  tip: 'border-emerald-500/60 bg-emerald-500/8',
  warning: 'border-amber-500/70 bg-amber-500/10',
  danger: 'border-red-500/60 bg-red-500/8',
} as const;

const heading = (className: string) =>
  function NoteHeading({ children, node, id }: { children?: ReactNode; node?: Element | undefined; id?: string | undefined }) {
    const Tag = (node?.tagName ?? 'h2') as 'h1';
    return (
      <Tag id={id} className={cn('scroll-mt-4 font-bold text-balance text-foreground [&:not(:first-child)]:mt-7', className)}>
        {children}
      </Tag>
    );
  };

/** The note's elements, in the summary's markdown look (features/summary/markdown.tsx) at a page's size. */
const COMPONENTS: Components = {
  section: ({ node, children }) => {
    const page = slotOf(node);
    if (page !== undefined) {
      return (
        <NotePage page={page} cited={node?.properties.dataCited === 'true'}>
          {children}
        </NotePage>
      );
    }
    if (node?.properties.dataFootnotes !== undefined) return <Footnotes>{children}</Footnotes>;
    return <section>{children}</section>;
  },
  h1: heading('text-2xl leading-tight sm:text-[1.75rem]'),
  h2: heading('text-xl leading-snug sm:text-2xl'),
  h3: heading('text-lg leading-snug sm:text-xl'),
  h4: heading('text-base leading-snug'),
  h5: heading('text-sm leading-snug'),
  h6: heading('text-sm leading-snug text-muted-foreground'),
  p: ({ children }) => <p className="[&:not(:first-child)]:mt-3">{children}</p>,
  a: ({ href, children, id, 'aria-label': label, 'aria-describedby': describedBy }) => (
    <NoteLink href={href} id={id} label={label} describedBy={describedBy}>
      {children}
    </NoteLink>
  ),
  img: ({ src, alt }) => <NoteImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  // A <picture>'s sources would be fetched: only its <img> (a placeholder) is shown.
  picture: ({ children }) => <>{children}</>,
  source: () => null,
  ul: ({ children, className }) => (
    <ul className={cn('mt-3 list-disc space-y-1 pl-6 marker:text-muted-foreground [&_ul]:mt-1 [&_ul]:list-[circle] [&_ol]:mt-1', className === 'contains-task-list' && 'list-none pl-1')}>
      {children}
    </ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="mt-3 list-decimal space-y-1 pl-6 marker:text-muted-foreground [&_ol]:mt-1 [&_ul]:mt-1">
      {children}
    </ol>
  ),
  li: ({ children, className, id }) => (
    <li id={id} className={cn('pl-1', className === 'task-list-item' && 'flex flex-wrap items-start gap-x-2 pl-0 [&>ul]:basis-full')}>
      {children}
    </li>
  ),
  input: ({ checked }) => (
    <input type="checkbox" checked={checked ?? false} disabled readOnly className="mt-[0.45em] size-4 shrink-0 accent-primary" />
  ),
  blockquote: ({ node, children }) => {
    const callout = node?.properties.dataCallout;
    return (
      <blockquote
        data-callout={typeof callout === 'string' ? callout : undefined}
        className={cn(
          'mt-3 rounded-r-lg border-l-4 px-4 py-2.5 text-foreground/85 [&>p:first-child]:mt-0 [&>span:first-child+p]:mt-1',
          typeof callout === 'string' ? CALLOUT_TONE[calloutTone(callout)] : 'border-border text-muted-foreground italic',
        )}
      >
        {children}
      </blockquote>
    );
  },
  // A callout's title; any other span (KaTeX draws with them) as it is.
  span: ({ node, ...props }) =>
    node?.properties.dataCalloutTitle ? <span className="mb-1 block font-semibold text-foreground">{props.children}</span> : <span {...props} />,
  pre: ({ children }) => (
    <pre className="mt-3 overflow-x-auto rounded-lg border border-border bg-muted/60 p-3 text-sm leading-6 [&_code]:bg-transparent [&_code]:p-0">{children}</pre>
  ),
  code: ({ className, children }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.875em] text-foreground', className)}>{children}</code>
  ),
  table: ({ children }) => (
    <div className="mt-3 overflow-x-auto rounded-lg border border-border" data-testid="viewer-note-table">
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-muted/60">{children}</thead>,
  th: ({ children, style }) => (
    <th style={style} className="border-b border-border px-3 py-2 font-semibold whitespace-nowrap text-foreground">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="min-w-28 border-b border-border px-3 py-2 align-top [tr:last-child>&]:border-b-0">
      {children}
    </td>
  ),
  hr: () => <hr className="my-5 border-border" />,
  strong: ({ children }) => <strong className="font-semibold text-foreground">{children}</strong>,
  mark: ({ node, children }) => {
    const passage = node?.properties.dataPassageMark;
    if (passage === 'first' || passage === 'more') return <PassageMark first={passage === 'first'}>{children}</PassageMark>;
    // Obsidian's ==highlight==.
    return <mark className="rounded-[3px] bg-yellow-200/70 px-0.5 text-foreground dark:bg-yellow-300/25">{children}</mark>;
  },
  kbd: ({ children }) => <kbd className="rounded border border-border bg-muted px-1 font-mono text-[0.85em]">{children}</kbd>,
  details: ({ children }) => <details className="mt-3 rounded-lg border border-border px-3 py-2">{children}</details>,
  summary: ({ children }) => <summary className="cursor-pointer font-medium text-foreground">{children}</summary>,
  dl: ({ children }) => <dl className="mt-3 space-y-1">{children}</dl>,
  dt: ({ children }) => <dt className="font-semibold text-foreground">{children}</dt>,
  dd: ({ children }) => <dd className="pl-4">{children}</dd>,
};
