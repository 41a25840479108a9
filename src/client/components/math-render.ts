import 'katex/dist/katex.min.css';
import katex, { type KatexOptions } from 'katex';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

/**
 * KaTeX, in a chunk of its own (KaTeX is the largest library the app has): loaded only when a text shown has a
 * formula — by math-text.tsx for the items (cards, challenges, the mind map, quotes) and the tutor's answers, by the
 * Summary tab's markdown. One configuration for all: trust: false keeps \href, \url, \htmlClass and the like out
 * (drawn as an error, never as a link or markup); a broken formula shows as its source in red instead of throwing;
 * the output carries MathML for screen readers.
 */
const OPTIONS: KatexOptions = { throwOnError: false, strict: 'ignore', trust: false, output: 'htmlAndMathml' };

/** A formula of a plain text as KaTeX's markup (the formula's text escaped by KaTeX). */
export function renderMath(tex: string, display: boolean): string {
  return katex.renderToString(tex, { ...OPTIONS, displayMode: display });
}

/** For markdown: remark-math reads `$…$` and `$$…$$`, rehype-katex draws them. */
export const remarkMathPlugin: NonNullable<Options['remarkPlugins']>[number] = remarkMath;
export const rehypeKatexPlugin: NonNullable<Options['rehypePlugins']>[number] = [rehypeKatex, OPTIONS];
