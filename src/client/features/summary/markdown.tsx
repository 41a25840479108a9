import { ExternalLink, ImageOff } from 'lucide-react';
import { use } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/cn';
import { escapeCurrency, mayHaveMath } from '../../components/math-text';
import { inlineMarkdown } from './summary-text';

/**
 * The Summary tab's markdown: GFM (tables, strikethrough, task lists) and math (KaTeX). Raw HTML in a text is shown as
 * the text it is — react-markdown escapes it, no rehype-raw — links lose `javascript:` and other unsafe schemes (its
 * default URL filter) and open in a new tab without the opener, and images are never fetched: a document's text must
 * not make the browser load anything. This module is loaded lazily with the summary view; KaTeX
 * (components/math-render.ts) only when a text has a formula (lib/math-syntax.ts: the app's one rule for that).
 */
type Plugins = Pick<Options, 'remarkPlugins' | 'rehypePlugins'>;
const WITHOUT_MATH: Plugins = { remarkPlugins: [remarkGfm], rehypePlugins: [] };

/**
 * A promise that says once it is settled (React's `use` reads `status` and `value` and then answers at once instead of
 * suspending again: a text drawn after KaTeX is in never waits).
 */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let withMath: Tracked<Plugins> | null = null;

/**
 * Loads the plugins with math, once (start it early where a formula is likely); without math — formulas shown as
 * their source — if KaTeX's chunk cannot be loaded, and then asked again for the next text (the connection may be back).
 */
export function preloadMath(): Promise<Plugins> {
  if (withMath) return withMath;
  const loading: Tracked<Plugins> = import('../../components/math-render').then(
    (math): Plugins => ({ remarkPlugins: [remarkGfm, math.remarkMathPlugin], rehypePlugins: [math.rehypeKatexPlugin] }),
    () => {
      withMath = null;
      return WITHOUT_MATH;
    },
  );
  void loading.then((plugins) => {
    loading.status = 'fulfilled';
    loading.value = plugins;
  });
  withMath = loading;
  return loading;
}

/** The plugins for a text: with math only when it may have a formula; the component suspends while KaTeX loads. */
function usePlugins(markdown: string): Plugins {
  // Always `use` for such a text, also once loaded: the same calls in every render of a component.
  const math = mayHaveMath(markdown) ? preloadMath() : null;
  return math ? use(math) : WITHOUT_MATH;
}

/** Headings inside a point or a definition read as bold lines: the summary's own headings give the outline. */
const Heading: Components['h1'] = ({ children }) => <p className="font-semibold text-foreground">{children}</p>;

const shared: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary">
        {children}
      </a>
    ) : (
      <span className="font-medium">{children}</span>
    ),
  img: ({ src, alt }) => (
    <span className="inline-flex items-center gap-1 rounded border border-dashed border-border px-1.5 text-sm text-muted-foreground" data-testid="summary-image-placeholder">
      <ImageOff aria-hidden="true" className="size-3.5" />
      {typeof src === 'string' && src ? (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2">
          {alt || src}
          <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3" />
        </a>
      ) : (
        alt
      )}
    </span>
  ),
  code: ({ className, children }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.875em] text-foreground', className)}>{children}</code>
  ),
  strong: ({ children }) => <strong className="font-semibold text-foreground">{children}</strong>,
};

const blockComponents: Components = {
  ...shared,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  p: ({ children }) => <p className="[&:not(:first-child)]:mt-3">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-muted-foreground">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5 marker:text-muted-foreground">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="mt-3 border-l-4 border-border pl-4 text-muted-foreground italic">{children}</blockquote>,
  pre: ({ children }) => (
    <pre className="mt-3 overflow-x-auto rounded-lg border border-border bg-muted/60 p-3 text-sm leading-6 [&_code]:bg-transparent [&_code]:p-0">
      {children}
    </pre>
  ),
  table: ({ children }) => (
    <div className="overflow-x-auto rounded-lg border border-border [&:not(:first-child)]:mt-3">
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-muted/60">{children}</thead>,
  th: ({ children, style }) => (
    <th style={style} className="border-b border-border px-3 py-2 font-semibold">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-b border-border px-3 py-2 align-top [tr:last-child>&]:border-b-0">
      {children}
    </td>
  ),
  hr: () => <hr className="my-4 border-border" />,
};

/** A one-line place (title, heading, term): inline marks only, no paragraph around it. */
const inlineComponents: Components = { ...shared, p: ({ children }) => <>{children}</> };

/** Block markdown: a point, the overview, a definition. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const markdown = escapeCurrency(text);
  const plugins = usePlugins(markdown);
  return (
    <div className={cn('min-w-0 break-words', className)}>
      <ReactMarkdown {...plugins} components={blockComponents}>
        {markdown}
      </ReactMarkdown>
    </div>
  );
}

/** Inline markdown for a title, a heading or a term: block syntax at its start reads as text ("1. Intro"). */
export function InlineMarkdown({ text }: { text: string }) {
  const markdown = inlineMarkdown(text);
  const plugins = usePlugins(markdown);
  return (
    <ReactMarkdown {...plugins} components={inlineComponents}>
      {markdown}
    </ReactMarkdown>
  );
}
