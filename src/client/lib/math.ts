import 'katex/dist/katex.min.css';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

/**
 * Formulas in markdown: remark-math reads `$…$` and `$$…$$`, KaTeX draws them. A chunk of its own (KaTeX is most of the
 * code that shows markdown), loaded by the Summary tab's markdown.tsx only for a text that has a `$` outside currency,
 * and with the file viewer's view of a Markdown note (features/viewer/markdown-note-view.tsx).
 */
export const remarkMathPlugin: NonNullable<Options['remarkPlugins']>[number] = remarkMath;
// trust: false keeps \href, \url and HTML extensions out of formulas; a broken formula shows as its source in red.
export const rehypeKatexPlugin: NonNullable<Options['rehypePlugins']>[number] = [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false }];
