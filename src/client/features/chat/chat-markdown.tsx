import { useMemo } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { escapeCurrency, mayHaveMath, useMath } from '../../components/math-text';
import { cn } from '../../lib/cn';
import type { ChatCitation } from './chat-types';
import { CitationMarker } from './citation-chip';
import { citationNumber, remarkCitations } from './citations';

/**
 * An answer's markdown. Raw HTML stays text (react-markdown escapes it; no rehype-raw), links lose unsafe schemes (its
 * URL filter) and open in a new tab without the opener, images are never loaded, and [n] markers become chips that
 * open the cited page. Answers quote documents, and documents may hold anything. Formulas (`$…$`, `$$…$$`, kept by a
 * student's Markdown notes) are drawn by KaTeX once its chunk is in — loaded only for an answer that has one; until
 * then, their source shows. Currency ("$5") stays text, by the app's one rule (lib/math-syntax.ts).
 */
const components: Components = {
  p: ({ children }) => <p className="[&:not(:first-child)]:mt-3">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-muted-foreground">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5 marker:text-muted-foreground">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="mt-3 rounded-r-lg border-l-4 border-primary/50 bg-primary/5 py-2 pr-3 pl-4 text-foreground/90 italic [&_p]:not-italic">
      {children}
    </blockquote>
  ),
  h1: ({ children }) => <p className="mt-3 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="mt-3 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="mt-3 font-semibold">{children}</p>,
  h4: ({ children }) => <p className="mt-3 font-semibold">{children}</p>,
  code: ({ className, children }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.875em]', className)}>{children}</code>
  ),
  pre: ({ children }) => <pre className="mt-3 overflow-x-auto rounded-lg bg-muted p-3 text-sm [&_code]:bg-transparent [&_code]:p-0">{children}</pre>,
  table: ({ children }) => (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1 [&_th]:text-left">
        {children}
      </table>
    </div>
  ),
  img: ({ alt }) => <span className="text-muted-foreground">{alt}</span>,
};

export function ChatMarkdown({ text, citations }: { text: string; citations: ChatCitation[] }) {
  // Currency escaped only in an answer that may have a formula: one without reads exactly as before.
  const escaped = escapeCurrency(text);
  const withFormula = mayHaveMath(escaped);
  const markdown = withFormula ? escaped : text;
  const math = useMath(withFormula);
  const remarkPlugins = useMemo<Options['remarkPlugins']>(
    () => [remarkGfm, [remarkCitations, { count: citations.length }], ...(math ? [math.remarkMathPlugin] : [])],
    [citations.length, math],
  );
  const rehypePlugins = useMemo<Options['rehypePlugins']>(() => (math ? [math.rehypeKatexPlugin] : []), [math]);
  const withLinks = useMemo<Components>(
    () => ({
      ...components,
      a: ({ href, children }) => {
        const number = citationNumber(href);
        const citation = number === null ? undefined : citations[number - 1];
        if (number !== null && citation) return <CitationMarker number={number} citation={citation} />;
        if (!href) return <span>{children}</span>;
        return (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
            {children}
          </a>
        );
      },
    }),
    [citations],
  );
  return (
    <div className="text-[0.95rem] leading-relaxed break-words" data-testid="chat-answer-text">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={withLinks}>
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
