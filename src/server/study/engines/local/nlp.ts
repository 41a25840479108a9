import winkNLP from 'wink-nlp';
import type { WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { stopWords } from './stopwords';

/**
 * Sentences and tokens of a stretch of text. English goes through wink-nlp (sentence boundaries, universal POS tags,
 * lemmas); every other language through `Intl.Segmenter` with light rules for parts of speech (German capitalises its
 * nouns, which is enough to find noun phrases).
 */
export interface Token {
  text: string;
  lower: string;
  lemma: string;
  /** Universal dependencies tag (NOUN, PROPN, ADJ, VERB, AUX, PUNCT, …); guessed outside English. */
  pos: string;
  /** Offsets within the text given to `sentencesOf`. */
  start: number;
  end: number;
}

export interface RawSentence {
  text: string;
  start: number;
  tokens: Token[];
}

let wink: WinkMethods | undefined;

/** wink's model loads in about 100 ms, once per process, on first use. */
function englishNlp(): WinkMethods {
  wink ??= winkNLP(model, ['sbd', 'pos']);
  return wink;
}

/**
 * `compounds`: a hyphenated compound is one token (the study engine's terms); the tutor matches its parts one by one,
 * so a question's "IS-LM-Modell" is weighed word by word against the passages.
 */
export function sentencesOf(text: string, language: string, options: { compounds?: boolean } = {}): RawSentence[] {
  return language === 'en' ? englishSentences(text) : segmentedSentences(text, language, options.compounds ?? false);
}

function englishSentences(text: string): RawSentence[] {
  const nlp = englishNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value);
  const tags = doc.tokens().out(its.pos);
  // wink's typings declare lemma with the model-addons signature the other `its` helpers lack; it works the same way.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value);
  const tokens: Token[] = [];
  let cursor = 0;
  values.forEach((value, index) => {
    const found = text.indexOf(value, cursor);
    const start = found >= 0 && found - cursor < 50 ? found : cursor;
    const end = start + value.length;
    cursor = end;
    const lower = value.toLowerCase();
    tokens.push({ text: value, lower, lemma: lemmas[index] ?? lower, pos: tags[index] ?? 'X', start, end });
  });
  const spans: [number, number][] = [];
  for (const [first, last] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    // wink ends a sentence at a period inside a name ("read.spss", "make.rm", "to.data.frame"); a sentence ends only
    // where space follows.
    const previous = spans.at(-1);
    const gap = previous ? (tokens[first]?.start ?? 0) - (tokens[previous[1]]?.end ?? 0) : 1;
    if (previous && gap === 0 && tokens[previous[1]]?.text === '.' && /^[\p{Ll}\p{N}_]/u.test(tokens[first]?.text ?? '')) previous[1] = last;
    else spans.push([first, last]);
  }
  return spans.flatMap(([first, last]) => {
    const sentenceTokens = tokens.slice(first, last + 1);
    const head = sentenceTokens[0];
    const tail = sentenceTokens.at(-1);
    if (!head || !tail) return [];
    return [{ text: text.slice(head.start, tail.end), start: head.start, tokens: sentenceTokens }];
  });
}

const segmenters = new Map<string, { sentences: Intl.Segmenter; words: Intl.Segmenter }>();

function segmenterFor(language: string) {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    const locale = Intl.Segmenter.supportedLocalesOf([language]).length > 0 ? language : 'en';
    segmenter = {
      sentences: new Intl.Segmenter(locale, { granularity: 'sentence' }),
      words: new Intl.Segmenter(locale, { granularity: 'word' }),
    };
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/** Abbreviations after which `Intl.Segmenter` wrongly ends a German sentence ("z. B.", "d. h.", "Nr."). */
const abbreviationEnd =
  /(?:\b(?:z|d|u|s|v|o|bzw|ca|vgl|etc|Nr|Abb|Kap|Dr|Prof|bspw|usw|ggf|evtl|inkl|sog|i\.\s?d|u\.\s?a|z\.\s?B|d\.\s?h|o\.\s?ä|u\.\s?U|s\.\s?o|s\.\s?u|v\.\s?a|z\.\s?T|i\.\s?d\.\s?R|e\.\s?g|i\.\s?e|cf|vs|approx|Fig|Eq|Sec|Ch|engl|lat|griech|frz|franz|ital|span|dt|bzgl|insb|allg|Jh|Jhd|Hrsg|Aufl|Bd|Tab|Anm|ff|etw|jmd|jmdm|jmdn)\.\s*)$/;

/**
 * A German ordinal number ends no sentence: "zu Beginn des 20. Jahrhunderts", "am 5. Mai", "die 3. Auflage" — after
 * an article or a preposition, or before a month or a century.
 */
const germanOrdinalEnd = /\b(?:des|dem|den|der|die|das|am|im|vom|zum|zur|ins|beim|seit|bis|ab|um|jede[nmrs]?)\s+\d{1,4}\.$/;
const germanOrdinalNoun =
  /^\s*(?:Jahrhunderts?|Jahrtausends?|Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Auflage|Klasse|Kapitel)\b/;
const ordinalJoin = (before: string, next: string) =>
  (germanOrdinalEnd.test(before) && /^\s*\p{Lu}/u.test(next)) || (/\s\d{1,2}\.$/.test(before) && germanOrdinalNoun.test(next));

function segmentedSentences(text: string, language: string, compounds: boolean): RawSentence[] {
  const { sentences, words } = segmenterFor(language);
  const stop = stopWords(language);
  const raw: { start: number; end: number }[] = [];
  for (const segment of sentences.segment(text)) {
    const start = segment.index;
    const end = segment.index + segment.segment.trimEnd().length;
    const previous = raw.at(-1);
    // An exclamation or a question in brackets or quotes inside a sentence ("… werden ja (zum Glück!) niemals …")
    // does not end it when the text goes on in lower case.
    const inside = previous !== undefined && /[!?]["”’)\]]+$/.test(text.slice(previous.start, previous.end)) && /^\s*\p{Ll}/u.test(segment.segment);
    const before = previous ? text.slice(previous.start, previous.end) : '';
    const ordinal = language === 'de' && ordinalJoin(before, segment.segment);
    if (previous && (inside || ordinal || abbreviationEnd.test(before))) previous.end = end;
    else if (end > start) raw.push({ start, end });
  }
  return raw.flatMap(({ start, end }) => {
    const leading = text.slice(start, end).length - text.slice(start, end).trimStart().length;
    const sentenceStart = start + leading;
    const tokens: Token[] = [];
    for (const word of words.segment(text.slice(sentenceStart, end))) {
      if (!word.segment.trim()) continue;
      const value = word.segment;
      const lower = value.toLowerCase();
      const pos = word.isWordLike ? '' : /^\p{N}+$/u.test(value) ? 'NUM' : 'PUNCT';
      const tokenStart = sentenceStart + word.index;
      tokens.push({ text: value, lower, lemma: lower, pos, start: tokenStart, end: tokenStart + value.length });
    }
    if (compounds) joinHyphenated(tokens, text);
    guessTags(tokens, stop, language);
    return tokens.length > 0 ? [{ text: text.slice(sentenceStart, end), start: sentenceStart, tokens }] : [];
  });
}

/**
 * A hyphenated compound is one word ("Datenschutz-Grundverordnung", "Zwei-Faktor-Authentifizierung"); the first part
 * of an elided pair ("Subdominant- und Dominantparallele") is no word of its own.
 */
function joinHyphenated(tokens: Token[], text: string): void {
  for (let index = tokens.length - 2; index >= 0; index--) {
    const word = tokens[index];
    const hyphen = tokens[index + 1];
    if (!word || !hyphen || hyphen.text !== '-' || hyphen.start !== word.end || !/\p{L}$/u.test(word.text)) continue;
    const next = tokens[index + 2];
    if (next && next.start === hyphen.end && /^[\p{L}\p{N}]/u.test(next.text)) {
      const joined = text.slice(word.start, next.end);
      tokens.splice(index, 3, { ...word, text: joined, lower: joined.toLowerCase(), lemma: joined.toLowerCase(), end: next.end });
    } else {
      word.pos = 'X';
    }
  }
}

/**
 * Parts of speech without a model. German: a capitalised word that is not a stop word is a noun (sentence-initial
 * words too, unless they are stop words); a lower-case word with an adjective ending before a noun is an adjective.
 * Other languages: longer words count as nouns, which is enough for single-word key terms.
 */
const imperativeObject = /^(?:den|dem|die|das|alle|alles|nur|sie|es|ihn|einen|eine|ein|ausgehend|zuerst|zunächst|jetzt|nun|immer)$/;

function guessTags(tokens: Token[], stop: ReadonlySet<string>, language: string): void {
  for (const token of tokens) {
    if (token.pos) continue;
    if (/^\p{N}/u.test(token.text)) token.pos = 'NUM';
    else if (stop.has(token.lower)) token.pos = 'DET';
    else if (language === 'de') token.pos = /^\p{Lu}/u.test(token.text) ? 'NOUN' : 'X';
    else token.pos = token.text.length >= 5 ? 'NOUN' : 'X';
  }
  if (language !== 'de') return;
  // "Beobachte den allozierten Speicher", "Traversiere alle Objekte": a step's imperative, capitalised as the first
  // word, is no noun. (A noun opening a sentence is followed by its verb or a genitive, not by an accusative article.)
  const [first, second] = tokens;
  if (first?.pos === 'NOUN' && second && /^\p{Lu}\p{Ll}{3,}(?:e|iere)$/u.test(first.text) && imperativeObject.test(second.lower)) first.pos = 'VERB';
  for (let index = tokens.length - 2; index >= 0; index--) {
    const token = tokens[index];
    const next = tokens[index + 1];
    if (token?.pos === 'X' && (next?.pos === 'NOUN' || next?.pos === 'ADJ') && /(?:e|en|er|es|em)$/.test(token.text)) {
      token.pos = 'ADJ';
    }
  }
}
