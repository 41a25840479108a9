import type { Analysis, KeyTerm } from './analysis';
import { compareText } from './order';

/**
 * Wrong options of the same kind as the answer: other key terms, preferring the same section, the same kind (name or
 * common noun), the same number of words and a similar length; never one sharing a word with the answer or already
 * standing in the question (which could make it right too).
 */
export function distractorsFor(
  analysis: Analysis,
  answer: KeyTerm,
  options: { section: number; avoid: string; plural: boolean; count: number; before?: string; taught?: boolean; defined?: boolean },
): string[] {
  // German articles give a noun's gender away ("bei einer ____"): a wrong option must have stood after the same one.
  const article = analysis.language === 'de' && options.before && germanArticles.has(options.before) ? options.before : undefined;
  // …and its ending tells the case: "der Kammerton" (masculine, nominative) takes no feminine "Tonklasse" even where the
  // document wrote "der Tonklasse" (dative). A singular German answer takes wrong options of its own gender.
  const gender = analysis.language === 'de' && !options.plural ? germanGender(answer) : undefined;
  const answerWords = new Set(answer.key.split(' '));
  const answerGerund = gerund(answer.key);
  const avoid = options.avoid.toLowerCase();
  const length = answer.display.length;
  const scored: { text: string; score: number; candidate: Candidate }[] = [];
  for (const candidate of poolOf(analysis)) {
    const { term, rank } = candidate;
    if (term.key === answer.key) continue;
    if (options.taught && !term.definition && !term.inHeading) continue;
    if (options.defined && !term.definition) continue;
    // A gerund ("recording") only stands in for another gerund; a name for a name; in German a noun (capitalised) for
    // a noun.
    if (candidate.gerund !== answerGerund || term.proper !== answer.proper) continue;
    if (analysis.language === 'de' && startsUpper(term.display) !== startsUpper(answer.display)) continue;
    if (article && !term.determiners.has(article)) continue;
    if (gender && (germanGender(term) !== gender || germanPluralLook.test(term.display))) continue;
    // German adjectives agree with the case of the sentence: a phrase stands in for a phrase with the same ending.
    if (analysis.language === 'de' && (term.words > 1 || answer.words > 1) && !sameEnding(term.display, answer.display)) continue;
    // Singular for singular, plural for plural: "34 ____" takes "molecules", never "dioxide".
    if (options.plural && !term.plural) continue;
    const text = options.plural && term.plural ? term.plural : term.display;
    let score = 0;
    if (term.proper === answer.proper) score += 3;
    if (term.words === answer.words) score += 2;
    else if (Math.abs(term.words - answer.words) === 1) score += 0.5;
    if (term.sections.includes(options.section)) score += 2;
    if (term.home === options.section) score += 1;
    if (options.plural === Boolean(term.plural)) score += 0.5;
    if (Boolean(term.definition) === Boolean(answer.definition)) score += 0.5;
    score -= (Math.abs(term.display.length - length) / Math.max(length, term.display.length)) * 3;
    score -= rank / POOL_SIZE;
    scored.push({ text, score, candidate });
  }
  scored.sort((a, b) => b.score - a.score || compareText(a.text, b.text));
  const picked: string[] = [];
  const seen = new Set([answer.display.toLowerCase(), (answer.plural ?? '').toLowerCase()]);
  for (const candidate of scored) {
    if (picked.length >= options.count) break;
    // Checked only for the best few: the same result as filtering first, without scanning the question 300 times.
    const { words, lowerDisplay, term } = candidate.candidate;
    if (words.some((word) => answerWords.has(word))) continue;
    if (avoid.includes(lowerDisplay) || avoid.includes(term.key)) continue;
    const lower = candidate.text.toLowerCase();
    if (seen.has(lower) || picked.some((other) => other.toLowerCase().includes(lower) || lower.includes(other.toLowerCase()))) {
      continue;
    }
    seen.add(lower);
    picked.push(candidate.text);
  }
  return picked;
}

const POOL_SIZE = 300;

/** Words before a German noun that tell its gender, number or case: a wrong option must have stood after the same. */
const germanArticles = new Set(
  `der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines zum zur im am vom
  beim ins alle allen aller welche welcher welches jede jeder jedes jeden diese dieser dieses diesen viele vielen
  mehrere einige wenige`.split(/\s+/),
);
const startsUpper = (text: string) => /^\p{Lu}/u.test(text);

/** A German noun only the plural of which the document uses ("Melodien", "Bedingungen"): no stand-in for a singular. */
const germanPluralLook = /(?:ungen|heiten|keiten|schaften|ionen|täten|ien|innen|nisse)$/;

/** Endings that tell a German noun's gender (the last part of a compound decides it). */
const feminineEnding = /(?:ung|heit|keit|schaft|ion|tät|ik|ie|enz|anz|ur|ei|nis)$/;
const neuterEnding = /(?:chen|lein|ment|um|tum)$/;
const masculineEnding = /(?:ismus|ling|eur|ant|ton|or)$/;

/**
 * A German noun's gender, from its ending or from the articles it stood after in the document ("das" → neuter, "eine"
 * → feminine, "einen" → masculine, "der" with "dem" → masculine); undefined when neither tells.
 */
export function germanGender(term: Pick<KeyTerm, 'display' | 'determiners'>): 'm' | 'f' | 'n' | undefined {
  const noun = (term.display.split(' ').at(-1) ?? '').toLowerCase();
  if (!/^\p{L}+$/u.test(noun)) return undefined;
  // Short words end as they like ("Dur", "Tor", "Ei").
  if (noun.length < 5) return genderByArticles(term.determiners);
  if (feminineEnding.test(noun)) return noun.endsWith('nis') ? undefined : 'f';
  if (neuterEnding.test(noun)) return 'n';
  if (masculineEnding.test(noun)) return 'm';
  return genderByArticles(term.determiners);
}

function genderByArticles(seen: ReadonlySet<string>): 'm' | 'f' | 'n' | undefined {
  const any = (...words: string[]) => words.some((word) => seen.has(word));
  if (any('das', 'ins') && !any('eine', 'einer', 'einen')) return 'n';
  if (any('einen') || (any('der') && any('dem', 'des', 'einem', 'eines', 'zum', 'im', 'vom', 'beim', 'am'))) return 'm';
  if (any('eine', 'einer', 'zur') || (any('die') && any('der') && !any('dem', 'des', 'den', 'ein', 'einem', 'eines', 'zum', 'im', 'vom', 'beim', 'am'))) return 'f';
  return undefined;
}
const sameEnding = (a: string, b: string) => {
  const [first = '', ...restA] = a.split(' ');
  const [other = '', ...restB] = b.split(' ');
  return restA.length === restB.length && first.slice(-2) === other.slice(-2);
};

interface Candidate {
  term: KeyTerm;
  rank: number;
  words: string[];
  lowerDisplay: string;
  gerund: boolean;
}

const gerund = (key: string) => key.endsWith('ing');

const pools = new WeakMap<Analysis, Candidate[]>();

/** The terms that may stand as wrong options, worked out once per document rather than once per question. */
function poolOf(analysis: Analysis): Candidate[] {
  let pool = pools.get(analysis);
  if (!pool) {
    pool = [];
    // In a long document a term named once is incidental; in a short handout every term is named about once.
    const minCount = analysis.sentences.length > 60 ? 2 : 1;
    analysis.terms.slice(0, POOL_SIZE).forEach((term, rank) => {
      if (term.display.length < 3 || (term.count < minCount && !term.definition) || !term.teachable) return;
      pool!.push({ term, rank, words: term.key.split(' '), lowerDisplay: term.display.toLowerCase(), gerund: gerund(term.key) });
    });
    pools.set(analysis, pool);
  }
  return pool;
}
