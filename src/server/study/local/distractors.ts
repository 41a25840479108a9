import type { Analysis, KeyTerm } from './analysis';

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
  const avoid = options.avoid.toLowerCase();
  const length = answer.display.length;
  const scored: { text: string; score: number }[] = [];
  analysis.terms.slice(0, 300).forEach((term, rank) => {
    if (term.key === answer.key || term.display.length < 3 || term.count < 2) return;
    // A gerund ("recording") only stands in for another gerund.
    if (/ing$/.test(term.key) !== /ing$/.test(answer.key)) return;
    if (term.key.split(' ').some((word) => answerWords.has(word))) return;
    if (avoid.includes(term.display.toLowerCase()) || avoid.includes(term.key)) return;
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
    score -= rank / 300;
    scored.push({ text, score });
  });
  scored.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const picked: string[] = [];
  const seen = new Set([answer.display.toLowerCase(), (answer.plural ?? '').toLowerCase()]);
  for (const candidate of scored) {
    if (picked.length >= options.count) break;
    const lower = candidate.text.toLowerCase();
    if (seen.has(lower) || picked.some((other) => other.toLowerCase().includes(lower) || lower.includes(other.toLowerCase()))) {
      continue;
    }
    seen.add(lower);
    picked.push(candidate.text);
  }
  return picked;
}
