import type { StudyDocument, StudyPage } from '../engine';

/**
 * How a document is put in front of a model: its pages as text, each introduced by a '[page N]' marker the model cites
 * from, packed into chunks that fit a context budget (map-reduce over long documents), and the language to write in.
 */

/** About 12k tokens of document text per request (≈ 4 characters a token), leaving room for instructions and answer. */
export const DEFAULT_CHUNK_CHARS = 48_000;

export interface DocumentChunk {
  /** 1-based position among the document's chunks. */
  index: number;
  /** The chunk's text: pages (or parts of long pages) each after its '[page N]' marker. */
  text: string;
  /** The page numbers the chunk contains, in order; the only pages its answers may cite. */
  pages: number[];
}

function pageBlock(page: StudyPage, text: string): string {
  const heading = page.heading ? `Heading: ${page.heading}\n` : '';
  return `[page ${page.pageNumber}]\n${heading}${text.trim()}\n`;
}

/** Splits a text longer than `limit` at paragraph, line or sentence ends where it can, else hard. */
function splitLongText(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf('. ') + 1);
    const at = cut > limit / 2 ? cut : limit;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** Packs the pages with text into chunks of at most about `budget` characters, in page order. */
export function chunkDocument(document: StudyDocument, budget = DEFAULT_CHUNK_CHARS): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  let text = '';
  let pages: number[] = [];
  const flush = () => {
    if (text.length === 0) return;
    chunks.push({ index: chunks.length + 1, text, pages });
    text = '';
    pages = [];
  };
  for (const page of document.pages) {
    if (page.text.trim().length === 0) continue;
    for (const piece of splitLongText(page.text, Math.max(1000, budget - 200))) {
      const block = pageBlock(page, piece);
      if (text.length > 0 && text.length + block.length + 1 > budget) flush();
      text += (text.length > 0 ? '\n' : '') + block;
      if (pages.at(-1) !== page.pageNumber) pages.push(page.pageNumber);
    }
  }
  flush();
  return chunks;
}

/** Groups texts (e.g. the map step's notes) into batches of at most about `budget` characters, keeping order. */
export function batchTexts(texts: string[], budget = DEFAULT_CHUNK_CHARS): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length > 0 && size + text.length > budget) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length + 2;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** A few of each language's most frequent words: enough to tell the common languages of study material apart. */
const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'are', 'this', 'as', 'be', 'on', 'by'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'zu', 'den', 'mit', 'sich', 'auf', 'für', 'von', 'dem'],
  fr: ['le', 'la', 'les', 'et', 'est', 'des', 'une', 'un', 'du', 'que', 'pour', 'dans', 'qui', 'sur', 'pas', 'par'],
  es: ['el', 'los', 'las', 'y', 'es', 'del', 'una', 'que', 'por', 'para', 'con', 'se', 'en', 'como', 'su', 'al'],
  it: ['il', 'di', 'che', 'è', 'gli', 'della', 'per', 'una', 'sono', 'del', 'con', 'non', 'le', 'nel', 'alla', 'si'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'zijn', 'voor', 'met', 'ook', 'wordt', 'aan'],
  pt: ['o', 'os', 'as', 'e', 'do', 'da', 'que', 'uma', 'um', 'não', 'para', 'com', 'por', 'dos', 'das', 'é'],
};

/**
 * The document's own language from its words, when one language clearly leads; otherwise null (then the course's
 * language is used). Only a sample of the text is read.
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 20_000).toLowerCase();
  const words = sample.match(/\p{L}+/gu) ?? [];
  if (words.length < 20) return null;
  const counts = new Map<string, number>();
  const lists = Object.entries(FUNCTION_WORDS).map(([code, list]) => [code, new Set(list)] as const);
  for (const word of words) {
    for (const [code, list] of lists) if (list.has(word)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 5) return null;
  if (second && first[1] < second[1] * 1.5) return null;
  return first[0];
}

/** 'de' → 'German'; an unknown code stays as it is. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The language a document's artefacts are written in: the document's own, else the course's. */
export function documentLanguage(document: StudyDocument): string {
  const text = document.pages.map((page) => page.text).join('\n');
  return detectLanguage(text) ?? (document.language.trim() || 'en');
}
