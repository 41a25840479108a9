/**
 * Text helpers of the Summary tab. A summary's texts are markdown (a model writes **bold**, `code`, $x^2$, tables);
 * an extractive summary's are sentences from the document, where "$5 and $10" means money, not math. Raw HTML is never
 * rendered (react-markdown shows it as text); these helpers only decide how markdown reads.
 */
import { escapeCurrency } from '../../components/math-text';

/**
 * Markdown for a one-line place (a title, a heading, a term): line breaks become spaces and a line start that markdown
 * would read as a block ("# …", "- …", "1. …", "> …", "<div …", a code fence) is escaped, so it reads as the text it is.
 */
export function inlineMarkdown(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ').trim();
  // "1. Intro" → "1\. Intro"; "# Intro" → "\# Intro"; "<tag> …" would swallow the line as an HTML block.
  const literal = line.replace(/^(?:#{1,6}\s|[-+*]\s|[<>]|`{3}|~{3})/, '\\$&').replace(/^(\d+)(?=[.)]\s)/, '$1\\');
  return escapeCurrency(literal);
}

/** The words of a markdown text without its marks, for places that take plain text (contents, the tab's title). */
export function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/([*_`])(.+?)\1/g, '$2')
    .replace(/\$\$?([^$]+)\$\$?/g, '$1')
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whole minutes a student needs to read `words` words (at about 200 a minute), at least one. */
export function readingMinutes(texts: readonly string[]): number {
  const words = texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
  return Math.max(1, Math.round(words / 200));
}

/** A key term as a heading: an all-lower-case term ("cell membrane") starts with a capital; "mRNA" stays as it is. */
export function displayTerm(term: string): string {
  return term === term.toLowerCase() ? term.charAt(0).toUpperCase() + term.slice(1) : term;
}

export interface NumberedHeading {
  /** The section's number as the reader sees it: the document's own ("2.3") or, when no heading has one, its position. */
  number?: string;
  text: string;
}

/**
 * The sections' numbers. Headings that carry the document's numbering ("1. Introduction", "2.3 Traces") show that
 * number apart from their text; when none does, sections are numbered in order; an unnumbered heading among numbered
 * ones (an "Abstract" before "1. Introduction") has none.
 */
export function numberHeadings(headings: readonly string[]): NumberedHeading[] {
  const split = headings.map((heading) => {
    const match = /^(\d{1,2}(?:\.\d{1,2})*)\.?\s+(?=\S)/.exec(heading);
    return match ? { number: match[1], text: heading.slice(match[0].length) } : { text: heading };
  });
  if (split.some((heading) => heading.number !== undefined)) return split;
  return split.map((heading, index) => ({ number: String(index + 1), text: heading.text }));
}
