/**
 * Where a text holds maths: `$…$` (inline) and `$$…$$` (display), as Markdown notes and the items made from them
 * write it. One rule for the whole app — the Summary tab's markdown and the plain-text items (cards, challenges, the
 * mind map, the tutor's answers) — so "$5 and $10" is money everywhere and "$2x$" a formula everywhere. No KaTeX here:
 * this module is small enough for any chunk.
 */

/**
 * Escapes dollar signs that start an amount of money ("$5", "$1,200.50" followed by a space, punctuation or the end),
 * so the math syntax does not read "$5 and $10" as a formula. "$2x$" and "$2$" stay math.
 */
export function escapeCurrency(text: string): string {
  return text.replace(/(^|[^\\$])\$(?=\d[\d,.]*(?:[\s,.;:!?)\]]|$))/g, '$1\\$');
}

/**
 * Whether a text (after escapeCurrency) may hold a formula: a `$` that is not escaped. Generous on purpose: a false
 * yes only loads KaTeX, a false no would show a formula's source.
 */
export function mayHaveMath(escaped: string): boolean {
  return /(^|[^\\])\$/.test(escaped);
}

export type MathSegment =
  | { kind: 'text'; text: string }
  /** `tex` is the formula; `source` it as written, with its dollar signs (shown until KaTeX is in). */
  | { kind: 'math'; tex: string; display: boolean; source: string };

/** The index of the next `delimiter` at or after `from` that is not escaped, or -1. */
function closing(text: string, delimiter: string, from: number): number {
  for (let index = text.indexOf(delimiter, from); index !== -1; index = text.indexOf(delimiter, index + 1)) {
    if (text[index - 1] !== '\\') return index;
  }
  return -1;
}

/**
 * A plain text cut into its words and its formulas, or null when it has none (then it reads exactly as it is).
 * Currency stays text ("costs $5 and $10"); `\$` is a dollar sign; a `$` without its closing one is text; an inline
 * formula is not empty and not only spaces.
 */
export function mathSegments(text: string): MathSegment[] | null {
  const escaped = escapeCurrency(text);
  if (!mayHaveMath(escaped)) return null;
  const segments: MathSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < escaped.length) {
    const char = escaped[index];
    if (char === '\\' && escaped[index + 1] === '$') {
      plain += '$';
      index += 2;
      continue;
    }
    if (char === '$') {
      const display = escaped[index + 1] === '$';
      const delimiter = display ? '$$' : '$';
      const start = index + delimiter.length;
      const end = closing(escaped, delimiter, start);
      const tex = end === -1 ? '' : escaped.slice(start, end);
      if (tex.trim() !== '') {
        if (plain) segments.push({ kind: 'text', text: plain });
        plain = '';
        segments.push({ kind: 'math', tex: tex.trim(), display, source: escaped.slice(index, end + delimiter.length) });
        index = end + delimiter.length;
        continue;
      }
      plain += delimiter;
      index = start;
      continue;
    }
    plain += char;
    index += 1;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments.some((segment) => segment.kind === 'math') ? segments : null;
}

/**
 * A text's formulas without their dollar signs ("What is E = mc^2?"), for places that take plain text only: the mind
 * map's SVG labels (which an exported picture must be able to draw), titles, screen-reader labels.
 */
export function withoutMathDelimiters(text: string): string {
  const segments = mathSegments(text);
  if (!segments) return text;
  return segments.map((segment) => (segment.kind === 'text' ? segment.text : segment.tex)).join('');
}
