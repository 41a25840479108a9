import { stopWords } from './stopwords';

/**
 * The passage of a page that best supports a short label (a mind-map node's): the engine's text tools serve the
 * Mindmap tab when a student opens a node and reads its source, one page per click.
 */

/** About three sentences of context; a label longer than that is shown whole. */
export const PASSAGE_MAX_CHARS = 480;

export interface Passage {
  /** The page's text around the best match, whitespace collapsed; starts or ends with '…' where it was cut. */
  text: string;
  /** The best-matching sentence inside `text` (offsets in UTF-16 code units), null when nothing on the page matched. */
  highlight: { start: number; end: number } | null;
  /** Whether any word of the label was found on the page; if not, `text` is the page's opening. */
  matched: boolean;
}

interface Span {
  start: number;
  end: number;
}

/**
 * The passage of `pageText` that best supports `label`: the sentence sharing the most of the label's content words
 * (exact phrase first, then words, then words sharing a stem), widened with its neighbours up to PASSAGE_MAX_CHARS.
 * A page without sentence ends (slides, tables) is cut to a window around the first matching word instead.
 */
export function bestPassage(pageText: string, label: string, language = 'en'): Passage | null {
  const { text, sentences } = sentencesOf(pageText, language);
  if (text.length === 0) return null;
  const words = contentWords(label, language);
  const phrase = normalise(label);

  let best = -1;
  let bestScore = 0;
  sentences.forEach((span, index) => {
    const score = sentenceScore(text.slice(span.start, span.end), words, phrase);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  const chosen = sentences[best];
  if (!chosen) return { text: excerpt(text, { start: 0, end: 0 }).text, highlight: null, matched: false };

  let start = chosen.start;
  let end = chosen.end;
  if (end - start > PASSAGE_MAX_CHARS) {
    // One long run without sentence ends: a window around the first word of the label found in it.
    const at = firstWordAt(text, chosen, words) ?? chosen.start;
    const half = Math.floor(PASSAGE_MAX_CHARS / 2);
    start = Math.max(chosen.start, at - half);
    end = Math.min(chosen.end, start + PASSAGE_MAX_CHARS);
    return { text: excerpt(text, { start, end }).text, highlight: null, matched: true };
  }
  let before = best - 1;
  let after = best + 1;
  for (;;) {
    const previous = sentences[before];
    const next = sentences[after];
    const canPrevious = previous !== undefined && end - previous.start <= PASSAGE_MAX_CHARS;
    const canNext = next !== undefined && next.end - start <= PASSAGE_MAX_CHARS;
    if (!canPrevious && !canNext) break;
    // The sentence before first: it usually introduces the one that matched.
    if (canPrevious && (!canNext || best - before <= after - best)) {
      start = previous.start;
      before -= 1;
    } else if (canNext) {
      end = next.end;
      after += 1;
    }
  }
  const cut = excerpt(text, { start, end });
  const offset = cut.prefix - start;
  return {
    text: cut.text,
    highlight: { start: chosen.start + offset, end: chosen.end + offset - trailingSpace(text, chosen) },
    matched: true,
  };
}

/** `text` from start to end, with '…' where it does not reach the page's start or end; `prefix` is the ellipsis offset. */
function excerpt(text: string, span: Span): { text: string; prefix: number } {
  let { start, end } = span;
  if (end <= start) {
    end = Math.min(text.length, PASSAGE_MAX_CHARS);
    if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), Math.floor(end / 2));
  }
  // Whole words only at a cut.
  if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < end) start = space + 1;
  }
  if (end < text.length && /\S/.test(text[end] ?? '')) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const body = text.slice(start, end).trim();
  const lead = start > 0 ? '… ' : '';
  const tail = end < text.length ? ' …' : '';
  return { text: `${lead}${body}${tail}`, prefix: lead.length };
}

function trailingSpace(text: string, span: Span): number {
  let count = 0;
  while (span.end - count > span.start && /\s/.test(text[span.end - count - 1] ?? '')) count += 1;
  return count;
}

/**
 * The page's text with whitespace collapsed, and its sentences. A blank line always ends one, so a heading is not
 * read as the start of the sentence under it.
 */
function sentencesOf(pageText: string, language: string): { text: string; sentences: Span[] } {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  const paragraphs = pageText
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const sentences: Span[] = [];
  let offset = 0;
  for (const paragraph of paragraphs) {
    for (const segment of segmenter.segment(paragraph)) {
      if (segment.segment.trim().length === 0) continue;
      sentences.push({ start: offset + segment.index, end: offset + segment.index + segment.segment.length });
    }
    offset += paragraph.length + 1;
  }
  return { text: paragraphs.join(' '), sentences };
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function normalise(value: string): string {
  return (value.toLocaleLowerCase().match(WORD) ?? []).join(' ');
}

/** The label's words that carry meaning; all its words when every one is a stop word. */
function contentWords(label: string, language: string): string[] {
  const all = [...new Set(normalise(label).split(' ').filter(Boolean))];
  const stop = new Set([...stopWords(language), ...stopWords('en')]);
  const content = all.filter((word) => !stop.has(word) && (word.length > 1 || /\p{N}/u.test(word)));
  return content.length > 0 ? content : all;
}

/** A word and a form of it ('membrane', 'membranes'; 'divides', 'division') share their first letters. */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  const stem = Math.max(4, shorter - 3);
  return a.slice(0, stem) === b.slice(0, stem);
}

function sentenceScore(sentence: string, words: readonly string[], phrase: string): number {
  if (words.length === 0) return 0;
  const normalised = normalise(sentence);
  const tokens = normalised.split(' ');
  let exact = 0;
  let stemmed = 0;
  for (const word of words) {
    if (tokens.includes(word)) exact += 1;
    else if (tokens.some((token) => sameStem(token, word))) stemmed += 1;
  }
  if (exact + stemmed === 0) return 0;
  const wholePhrase = phrase.length > 0 && ` ${normalised} `.includes(` ${phrase} `) ? 1 : 0;
  // Of two sentences matching as well, the shorter one is about the label more than about other things.
  return wholePhrase * 2 + (exact + stemmed * 0.6) / words.length - tokens.length / 10_000;
}

function firstWordAt(text: string, span: Span, words: readonly string[]): number | undefined {
  const lower = text.slice(span.start, span.end).toLocaleLowerCase();
  let first: number | undefined;
  for (const word of words) {
    const at = lower.indexOf(word);
    if (at !== -1 && (first === undefined || at < first)) first = at;
  }
  return first === undefined ? undefined : span.start + first;
}
