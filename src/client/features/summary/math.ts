import 'katex/dist/katex.min.css';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

/**
 * Formulas in the Summary tab's markdown: remark-math reads `$…$` and `$$…$$`, KaTeX draws them. A chunk of its own
 * (KaTeX is most of the summary's code), loaded by markdown.tsx only for a text that has a `$` outside currency.
 */
export const remarkMathPlugin: NonNullable<Options['remarkPlugins']>[number] = remarkMath;
// trust: false keeps \href, \url and HTML extensions out of formulas; a broken formula shows as its source in red.
export const rehypeKatexPlugin: NonNullable<Options['rehypePlugins']>[number] = [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false }];
