/**
 * Judging an answer: multiple choice by the chosen option's id, true/false, fill-in against the answer and its
 * accepted variants (case, diacritics and spacing do not matter), match only with every pair right. Shared by the
 * server, which judges every answer it stores, and the lesson replayed offline, which shows the student the same
 * verdict the server then stores. An answer that does not fit the challenge (an option of another challenge, a
 * missing or malformed answer) is null; the server refuses it.
 */
export type ChallengeType = 'multiple_choice' | 'true_false' | 'fill_blank' | 'match';

export interface OptionRow {
  id: string;
  text: string;
  correct: boolean;
}

export interface Judgement {
  correct: boolean;
  /** The right answer as the player shows it. */
  correctAnswer: string;
}

/** A challenge as judged: its type and its stored payload (answer, accepted answers, pairs). */
export interface JudgedItem {
  type: ChallengeType;
  payload: object;
}

/** Lower case, no diacritics, single spaces, trimmed: 'Mitóchondrion ' and 'mitochondrion' are one answer. */
export function normalizeAnswer(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

interface Pair {
  term: string;
  definition: string;
}

const MATCH_PAIRS_MAX = 20;
const MATCH_TEXT_MAX = 2_000;

function isPair(value: unknown): value is Pair {
  if (typeof value !== 'object' || value === null) return false;
  const { term, definition } = value as Record<string, unknown>;
  return typeof term === 'string' && typeof definition === 'string' && term.length <= MATCH_TEXT_MAX && definition.length <= MATCH_TEXT_MAX;
}

function pairsGiven(text: string | undefined): Pair[] | null {
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return Array.isArray(parsed) && parsed.length <= MATCH_PAIRS_MAX && parsed.every(isPair) ? parsed : null;
}

export function pairsOf(payload: object): Pair[] {
  return 'pairs' in payload && Array.isArray(payload.pairs) ? payload.pairs.filter(isPair) : [];
}

export function judge(item: JudgedItem, options: readonly OptionRow[], given: { optionId?: string | undefined; answer?: string | undefined }): Judgement | null {
  const payload = item.payload;
  switch (item.type) {
    case 'multiple_choice': {
      const right = options.find((option) => option.correct);
      const chosen = options.find((option) => option.id === given.optionId);
      if (!chosen) return null;
      return { correct: chosen.correct, correctAnswer: right?.text ?? '' };
    }
    case 'true_false': {
      const truth = 'answer' in payload && typeof payload.answer === 'boolean' ? payload.answer : false;
      const answer = given.answer?.trim().toLowerCase();
      if (answer !== 'true' && answer !== 'false') return null;
      return { correct: (answer === 'true') === truth, correctAnswer: truth ? 'true' : 'false' };
    }
    case 'fill_blank': {
      const answer = 'answer' in payload && typeof payload.answer === 'string' ? payload.answer : '';
      const accepted = 'acceptedAnswers' in payload && Array.isArray(payload.acceptedAnswers) ? payload.acceptedAnswers.filter((item): item is string => typeof item === 'string') : [];
      if (given.answer === undefined || given.answer.trim() === '') return null;
      const typed = normalizeAnswer(given.answer);
      return { correct: [answer, ...accepted].some((candidate) => normalizeAnswer(candidate) === typed), correctAnswer: answer };
    }
    case 'match': {
      const pairs = pairsOf(payload);
      const chosenPairs = pairsGiven(given.answer);
      if (!chosenPairs) return null;
      const chosen = new Map(chosenPairs.map((pair) => [normalizeAnswer(pair.term), normalizeAnswer(pair.definition)]));
      const correct =
        chosenPairs.length === pairs.length &&
        chosen.size === pairs.length &&
        pairs.every((pair) => chosen.get(normalizeAnswer(pair.term)) === normalizeAnswer(pair.definition));
      return { correct, correctAnswer: pairs.map((pair) => `${pair.term} — ${pair.definition}`).join('\n') };
    }
  }
}

/** The right answer in its display form, for a skipped challenge. */
export function correctAnswerOf(item: JudgedItem, options: readonly OptionRow[]): string {
  const payload = item.payload;
  if (item.type === 'multiple_choice') return options.find((option) => option.correct)?.text ?? '';
  if (item.type === 'true_false') return 'answer' in payload && payload.answer === true ? 'true' : 'false';
  if (item.type === 'fill_blank') return 'answer' in payload && typeof payload.answer === 'string' ? payload.answer : '';
  return pairsOf(payload)
    .map((pair) => `${pair.term} — ${pair.definition}`)
    .join('\n');
}
