import type { Token } from './nlp';
import { germanStem } from './stemmer';
import { genericNouns, stopWords } from './stopwords';

/** A noun phrase found in a sentence: its key (lemmatised, lower case) and where it stands in the sentence's text. */
export interface PhraseHit {
  key: string;
  surface: string;
  /** Character offsets within the sentence's text. */
  start: number;
  end: number;
  /** PROPN when the phrase ends in a proper noun (English only). */
  proper: boolean;
  words: number;
  /**
   * The whole phrase, or its head noun with only adjectives before it ("nested loops" → "loops"): blanking it leaves
   * a sentence that still reads well. "loop" inside "loop header" is not.
   */
  whole: boolean;
}

const nominal = new Set(['NOUN', 'PROPN', 'ADJ']);
const head = new Set(['NOUN', 'PROPN']);
/** Adjectives that say nothing about a topic; they are trimmed from the front of a phrase. */
const vagueAdjectives = new Set(
  `new other many much more most few several different same certain various whole own such entire main major
  important simple good great large small big little high low long short real particular general specific further
  previous following next last first second third latest early late recent current possible necessary best better
  neue neuen neuer neues andere anderen verschiedene verschiedenen große großen kleine kleinen wichtige wichtigen
  erste ersten zweite zweiten letzte letzten bestimmte bestimmten gesamte gesamten weitere weiteren weite weiten
  beide beiden gewisse gewissen sogenannte sogenannten jeweilige jeweiligen folgende folgenden obige obigen einzelne
  einzelnen siehe außer ganze ganzen einige einigen mehrere mehreren diverse diversen`.split(/\s+/),
);

/** Nouns that, after the word before them, make an adverbial phrase rather than a term ("zum Beispiel", "for instance"). */
const fixedPhrases = new Map<string, ReadonlySet<string>>([
  ['zum', new Set(['beispiel', 'teil', 'glück', 'schluss', 'ende', 'anfang', 'vergleich'])],
  ['im', new Set(['allgemeinen', 'prinzip', 'grunde', 'wesentlichen', 'folgenden', 'gegenteil', 'vergleich'])],
  ['for', new Set(['example', 'instance'])],
  ['in', new Set(['fact', 'general', 'particular', 'practice', 'contrast', 'addition'])],
]);

const wordLike = /^\p{L}[\p{L}'’-]*\p{L}$|^\p{Lu}{2,}\p{N}*$/u;

/**
 * Noun phrases by the pattern [ADJ|NOUN|PROPN]* (NOUN|PROPN), at most four words, plus the nouns inside them (and a
 * long phrase's last two words), so that "nested trace trees" also counts towards "trace tree" and "tree".
 */
export function phrasesOf(
  text: string,
  tokens: readonly Token[],
  sentenceStart: number,
  language: string,
): PhraseHit[] {
  const stop = stopWords(language);
  const usable = (token: Token) =>
    nominal.has(token.pos) && wordLike.test(token.text) && token.text.length >= 2 && !stop.has(token.lower);
  const hits: PhraseHit[] = [];
  // The head (last word) in its dictionary form, so that inflections meet: wink's lemma in English, a stem in German.
  const headKey = (token: Token) => (language === 'en' ? token.lemma : language === 'de' ? germanStem(token.lower) : token.lower);
  // German adjectives inflect too ("klassische Musik", "klassischen Musik"): every word of a German key is a stem.
  const keyOf = (run: readonly Token[]) =>
    run.map((token, index) => (index === run.length - 1 || language === 'de' ? headKey(token) : token.lower)).join(' ');
  const emit = (run: readonly Token[], whole: boolean) => {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    const key = keyOf(run);
    if (run.length === 1 && (genericNouns.has(key) || genericNouns.has(first.lower) || key.length < 3)) return;
    const start = first.start - sentenceStart;
    const end = last.end - sentenceStart;
    const surface = text.slice(start, end);
    if (surface.length === 0) return;
    hits.push({ key, surface, start, end, proper: last.pos === 'PROPN', words: run.length, whole });
  };
  const multiword = language === 'en' || language === 'de';
  let run: Token[] = [];
  const close = () => {
    if (!multiword) {
      for (const token of run) if (head.has(token.pos)) emit([token], true);
      run = [];
      return;
    }
    while (run.length > 0 && !head.has(run.at(-1)?.pos ?? '')) run.pop();
    while (run.length > 0 && (run[0]?.pos === 'ADJ' || run.length > 4) && vagueAdjectives.has(run[0]?.lower ?? '')) run.shift();
    if (run.length > 4) run = run.slice(-4);
    if (run.length > 0) {
      emit(run, true);
      if (run.length > 1) {
        const adjectivesBefore = (index: number) => run.slice(0, index).every((token) => token.pos === 'ADJ');
        run.forEach((token, index) => {
          if (head.has(token.pos)) emit([token], index === run.length - 1 && adjectivesBefore(index));
        });
        if (run.length >= 3) emit(run.slice(-2), adjectivesBefore(run.length - 2));
      }
    }
    run = [];
  };
  let before: Token | undefined;
  for (const token of tokens) {
    // Phrases do not run across punctuation, nor across a gap ("word - word").
    const previous = run.at(-1);
    if (previous && token.start - previous.end > 1) close();
    // The noun of a fixed phrase ("zum Beispiel", "zum Teil", "for example") belongs to no phrase: "zum Beispiel F-Dur".
    const idiom = before !== undefined && (fixedPhrases.get(before.lower)?.has(token.lower) ?? false);
    if (usable(token) && !idiom) run.push(token);
    else close();
    before = token;
  }
  close();
  return hits;
}
