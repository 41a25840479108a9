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
  options: { section: number; avoid: string; plural: boolean; count: number },
): string[] {
  const answerWords = new Set(answer.key.split(' '));
  const answerGerund = gerund(answer.key);
  const avoid = options.avoid.toLowerCase();
  const length = answer.display.length;
  const scored: { text: string; score: number; candidate: Candidate }[] = [];
  for (const candidate of poolOf(analysis)) {
    const { term, rank } = candidate;
    if (term.key === answer.key) continue;
    // A gerund ("recording") only stands in for another gerund.
    if (candidate.gerund !== answerGerund) continue;
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
    analysis.terms.slice(0, POOL_SIZE).forEach((term, rank) => {
      if (term.display.length < 3 || term.count < 2) return;
      pool!.push({ term, rank, words: term.key.split(' '), lowerDisplay: term.display.toLowerCase(), gerund: gerund(term.key) });
    });
    pools.set(analysis, pool);
  }
  return pool;
}
