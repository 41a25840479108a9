import type { Analysis, KeyTerm, Sentence } from './analysis';
import { BLANK } from '../../../../shared/artefacts';

/** A key term blanked out of a sentence that can stand on its own: the core of cloze cards and several challenges. */
export interface Cloze {
  term: KeyTerm;
  sentence: Sentence;
  /** The term as the sentence writes it (maybe plural or capitalised). */
  surface: string;
  /** The sentence with the term replaced by the blank. */
  blanked: string;
}

/**
 * One cloze per key term (its most informative sentence), and each sentence used once. The term must occur exactly
 * once in the sentence, and its words must not give it away elsewhere in the sentence.
 */
/**
 * `taughtOnly`: a card's blank is what the document teaches. In English a single word blanked alone ("productivity",
 * "survey", "precision") was judged a good card one time in three, a term of two or more words ("adverse selection",
 * "measurement error") one time in two: a single word is blanked only where the document defines it or names a
 * heading after it. (German nouns are compounds: "Auffängerstrom" is one word.)
 */
export function clozesOf(analysis: Analysis, sentences: readonly Sentence[], limit: number, taughtOnly = false): Cloze[] {
  const rank = new Map(analysis.terms.map((term, index) => [term.key, index]));
  const subject = namesTheSubject(analysis.title);
  const bySentence = [...sentences].filter((sentence) => sentence.standalone);
  const candidates: { cloze: Cloze; score: number }[] = [];
  for (const sentence of bySentence) {
    const keyed = sentence.phrases.filter((hit) => rank.has(hit.key));
    const otherTerms = new Set(keyed.map((hit) => hit.key)).size - 1;
    for (const hit of keyed) {
      if (!hit.whole) continue;
      const term = analysis.termByKey.get(hit.key);
      // The blank falls on what the lesson teaches, never on an everyday word that happens to be frequent.
      if (!term?.teachable) continue;
      // The document's subject, a word of its title ("oscillations" in "Small oscillations", "Entropie"), is the
      // answer to half its sentences: blanked alone it asks nothing, unless the document defines it.
      if (term.words === 1 && !term.definition && subject(term.display)) continue;
      if (taughtOnly && analysis.language === 'en' && term.words === 1 && !term.definition && !term.inHeading && !/^\p{Lu}{2,}/u.test(term.display)) continue;
      const cloze = clozeAt(sentence, term, hit.start, hit.end);
      if (!cloze) continue;
      const termRank = rank.get(hit.key) ?? 1000;
      const lengthFit = sentence.text.length >= 60 && sentence.text.length <= 220 ? 1 : 0.6;
      const taught = term.definition ? 1.5 : term.inHeading ? 1.25 : 1;
      const score = (1 / (1 + termRank / 20)) * (1 + 0.3 * Math.min(3, otherTerms)) * lengthFit * taught;
      candidates.push({ cloze, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.cloze.sentence.index - b.cloze.sentence.index);
  const usedTerms = new Set<string>();
  const usedSentences = new Set<number>();
  const result: Cloze[] = [];
  for (const { cloze } of candidates) {
    if (result.length >= limit) break;
    if (usedTerms.has(cloze.term.key) || usedSentences.has(cloze.sentence.index)) continue;
    usedTerms.add(cloze.term.key);
    usedSentences.add(cloze.sentence.index);
    result.push(cloze);
  }
  return result;
}

export function clozeAt(sentence: Sentence, term: KeyTerm, start: number, end: number): Cloze | undefined {
  const surface = sentence.text.slice(start, end);
  const before = sentence.text.slice(0, start);
  const after = sentence.text.slice(end);
  const rest = `${before} ${after}`.toLowerCase();
  // A term that shows elsewhere in the sentence (or any of its longer words, or their stem: "an ____ … is inserted")
  // would give the answer away.
  const giveaways = term.key.split(' ').filter((word) => word.length >= 4);
  if (giveaways.some((word) => rest.includes(word.slice(0, Math.max(4, Math.min(word.length - 2, Math.ceil(word.length * 0.65))))))) return undefined;
  // A blank in brackets after its long form ("deterministic finite automata (____)") or in a citation ("[____⁺13]")
  // asks nothing of the subject.
  if (/[([]\s*$/.test(before) && (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(surface) || before.trimEnd().endsWith('['))) return undefined;
  if (/[\p{L}\p{N}'’-]$/u.test(before) || /^[\p{L}\p{N}'’-]/u.test(after)) return undefined;
  const blankedWords = (before + after).split(/\s+/).filter((word) => /\p{L}{3}/u.test(word)).length;
  if (blankedWords < 5) return undefined;
  return { term, sentence, surface, blanked: `${before}${BLANK}${after}` };
}

/** Whether a single word is a word of the title (any inflection: "oscillation", "oscillator" in "Small oscillations"). */
export function namesTheSubject(title: string): (word: string) => boolean {
  // A file name standing in for a missing title ("urheberrecht-lizenzen-de") names the file, not what is taught.
  if (!/\s/.test(title.trim()) && /[-_]/.test(title)) return () => false;
  const titleWords = (title.toLowerCase().match(/\p{L}{3,}/gu) ?? []).map(stemOf);
  // The title's abbreviation: the initials of a run of its capitalised words ("TAM" of "Technology Acceptance Model").
  const initials = new Set(
    (title.match(/\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+/gu) ?? []).map((run) => run.split(/\s+/).map((word) => word[0]).join('')),
  );
  return (word) => {
    if (initials.has(word)) return true;
    const stem = stemOf(word.toLowerCase());
    return titleWords.some((titleWord) => titleWord === stem || (stem.length >= 5 && (titleWord.startsWith(stem) || stem.startsWith(titleWord) && titleWord.length >= 5)));
  };
}

/** A crude stem for comparing a word with a title's: its first letters, without the last two. */
const stemOf = (word: string) => word.slice(0, Math.max(4, word.length - 2));
