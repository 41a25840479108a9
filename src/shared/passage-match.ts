/**
 * Finds where on a page a study item's source passage is, so the file viewer can mark it (issue 22, decision 014).
 * Summary points, cards, challenges and mind-map nodes keep only a page, not their source sentence; a chat citation
 * keeps an exact quote. The viewer hands this function the page's text and a passage hint (the quote, or the item's own
 * text) and gets back the character range to mark, or null when nothing on the page matches well enough: a wrong
 * sentence marked is worse than none.
 *
 * Matching is on words normalised for what page text does to them: case, diacritics (ä = a, ß = ss), ligatures (ﬁ),
 * soft hyphens and words hyphenated across a line break ("Photo-\nsynthese"), and any run of whitespace.
 */

export interface PassageRange {
  /** Offset of the first character to mark in the page text. */
  start: number;
  /** Offset just after the last character to mark. */
  end: number;
  /** 1 for an exact quote; otherwise the overlap score (0..1) of the sentence(s) found. */
  score: number;
}

/** Below this overlap score (Dice coefficient of content words) nothing is marked. */
export const MIN_PASSAGE_SCORE = 0.3;
/** At least this many content words must be shared (unless the hint has fewer, then all of them). */
const MIN_SHARED_WORDS = 2;
/** A window of up to this many adjacent sentences can be marked, for a point that sums up a few. */
const MAX_WINDOW_SENTENCES = 3;
/** An exact quote must be at least this many words to be trusted as one. */
const MIN_QUOTE_WORDS = 3;
/** Words are compared on their first letters, so "ribosome" meets "ribosomes" and "Energie" meets "Energien". */
const STEM_LENGTH = 5;

// Function words of English and German: they say nothing about which sentence is meant.
const STOP_WORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out has him his how its may new now old see two way who did get let put say she too use ' +
    'that with this from they will have what when your which their there been were more than them then into only also such very some could would should ' +
    'about after before other these those where while each most both just over under between through during does doing being because what whose ' +
    'der die das den dem des ein eine einer eines einem einen und oder aber auch als auf aus bei bis durch fur gegen mit nach ohne seit von vor zum zur ' +
    'ist sind war waren wird werden wurde wurden hat haben hatte sein seine ihre ihr sie wir ich man nicht noch nur schon sehr wie wenn dass weil diese ' +
    'dieser dieses diesem diesen jede jeder jedes kann konnen muss mussen soll sollen uber unter zwischen sich sowie welche welcher welches'
  ).split(' '),
);

interface Token {
  /** The word normalised (lower case, no diacritics, ligatures and soft hyphens resolved). */
  word: string;
  start: number;
  end: number;
}

/** Lower case, without diacritics, ligatures spelled out, ß as ss, soft hyphens gone. */
export function normaliseWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\p{M}\u00AD]/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

const WORD = /[\p{L}\p{N}\u00AD]+(?:['’]\p{L}+)?/gu;
/** Between two parts of a word split at a line's end: a hyphen, then the line break (and any indent). */
const LINE_BREAK_HYPHEN = /^[-‐‑]\s*\n\s*$/;

/** The words of a text with their places, a word hyphenated across a line break joined into one. */
function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const word = normaliseWord(match[0]);
    if (word === '') continue;
    const previous = tokens.at(-1);
    if (previous && /^\p{Ll}/u.test(match[0]) && LINE_BREAK_HYPHEN.test(text.slice(previous.end, start))) {
      previous.word += word;
      previous.end = end;
      continue;
    }
    tokens.push({ word, start, end });
  }
  return tokens;
}

const isContentWord = (word: string) => !STOP_WORDS.has(word) && (word.length >= 3 || /^\d+$/.test(word));
const stemOf = (word: string) => word.slice(0, STEM_LENGTH);

/** The content words of a passage, by stem. */
function contentStems(tokens: readonly Token[]): Set<string> {
  return new Set(tokens.filter((token) => isContentWord(token.word)).map((token) => stemOf(token.word)));
}

/** Whether the text between two words ends a sentence: its punctuation, a blank line, or a new bullet or list item. */
function isSentenceBreak(gap: string): boolean {
  return /[.!?…;:][)"'’”»]*\s/.test(gap) || /\n\s*\n/.test(gap) || /\n\s*(?:[•▪◦●‣∙*–—-]|\d{1,2}[.)])\s/.test(gap) || /^\s*[•▪◦●‣∙]/.test(gap);
}

/** The sentences of a page, as runs [first, last] of token indexes. */
function sentencesOf(text: string, tokens: readonly Token[]): Array<[number, number]> {
  const sentences: Array<[number, number]> = [];
  let first = 0;
  for (let index = 0; index < tokens.length; index++) {
    const next = tokens[index + 1];
    const token = tokens[index];
    if (!token) continue;
    if (!next || isSentenceBreak(text.slice(token.end, next.start))) {
      sentences.push([first, index]);
      first = index + 1;
    }
  }
  return sentences;
}

/** Where the hint's words occur on the page in the same order, next to each other (a quote, possibly shortened). */
function exactQuote(pageTokens: readonly Token[], hintTokens: readonly Token[]): [number, number] | null {
  if (hintTokens.length < MIN_QUOTE_WORDS) return null;
  const words = hintTokens.map((token) => token.word);
  outer: for (let start = 0; start + words.length <= pageTokens.length; start++) {
    for (let offset = 0; offset < words.length; offset++) {
      if (pageTokens[start + offset]?.word !== words[offset]) continue outer;
    }
    return [start, start + words.length - 1];
  }
  return null;
}

/** The range from a first to a last token, with the sentence's closing punctuation when it follows directly. */
function rangeOf(text: string, first: Token, last: Token, score: number): PassageRange {
  const closing = /^[.!?…]+/.exec(text.slice(last.end));
  return { start: first.start, end: last.end + (closing?.[0].length ?? 0), score };
}

/**
 * The best-matching passage of `pageText` for `hint`: the hint itself when the page has it word for word (a quote; an
 * ellipsis in it splits it into pieces, the longest found wins), else the sentence — or two or three adjacent ones —
 * sharing the most content words with it (Dice coefficient of word stems). Null when the best scores below
 * MIN_PASSAGE_SCORE or shares fewer than two content words: then the page is opened without a mark.
 */
export function locatePassage(pageText: string, hint: string): PassageRange | null {
  const pageTokens = tokenise(pageText);
  if (pageTokens.length === 0 || hint.trim() === '') return null;

  const pieces = hint
    .split(/\.{3}|…|\[\s*\.\.\.\s*\]/)
    .map(tokenise)
    .sort((a, b) => b.length - a.length);
  for (const piece of pieces) {
    const found = exactQuote(pageTokens, piece);
    const first = found && pageTokens[found[0]];
    const last = found && pageTokens[found[1]];
    if (first && last) return rangeOf(pageText, first, last, 1);
  }

  const wanted = contentStems(tokenise(hint));
  if (wanted.size === 0) return null;
  const sentences = sentencesOf(pageText, pageTokens);
  const sentenceStems = sentences.map(([first, last]) => contentStems(pageTokens.slice(first, last + 1)));
  let best: { first: number; last: number; score: number } | null = null;
  for (let from = 0; from < sentences.length; from++) {
    const window = new Set<string>();
    for (let to = from; to < Math.min(sentences.length, from + MAX_WINDOW_SENTENCES); to++) {
      for (const stem of sentenceStems[to] ?? []) window.add(stem);
      let shared = 0;
      for (const stem of wanted) if (window.has(stem)) shared++;
      const score = (2 * shared) / (wanted.size + window.size);
      const enough = shared >= Math.min(MIN_SHARED_WORDS, wanted.size);
      // Strictly better only: on a tie the earlier and shorter window stays.
      if (enough && score >= MIN_PASSAGE_SCORE && (!best || score > best.score)) best = { first: from, last: to, score };
    }
  }
  if (!best) return null;
  const first = pageTokens[sentences[best.first]?.[0] ?? 0];
  const last = pageTokens[sentences[best.last]?.[1] ?? 0];
  return first && last ? rangeOf(pageText, first, last, best.score) : null;
}

/** The passage hint for an item made of several texts (a card's front and back, a node's label and details). */
export function passageHint(...parts: ReadonlyArray<string | null | undefined>): string | undefined {
  const text = parts
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join('\n');
  return text === '' ? undefined : text;
}
