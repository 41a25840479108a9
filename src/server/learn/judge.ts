import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ChallengePayload } from '../db/schema/study';
import type { ChallengeRow } from './access';
import { invalidAnswer } from './errors';

/**
 * Judging an answer: multiple choice by the chosen option's id, true/false, fill-in against the answer and
 * its accepted variants (case, diacritics and spacing do not matter), match only with every pair right. An answer
 * that does not fit the challenge (an option of another challenge, a missing or malformed answer) is refused.
 */
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

/** Lower case, no diacritics, single spaces, trimmed: 'Mitóchondrion ' and 'mitochondrion' are one answer. */
export function normalizeAnswer(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const matchAnswerSchema = z.array(z.object({ term: z.string().max(2_000), definition: z.string().max(2_000) })).max(20);

function pairsOf(payload: ChallengePayload): Array<{ term: string; definition: string }> {
  return 'pairs' in payload ? payload.pairs : [];
}

export function judgeAnswer(
  item: Pick<ChallengeRow, 'type' | 'payload'>,
  options: readonly OptionRow[],
  given: { optionId?: string | undefined; answer?: string | undefined },
): Judgement {
  const payload = item.payload;
  switch (item.type) {
    case 'multiple_choice': {
      const right = options.find((option) => option.correct);
      const chosen = options.find((option) => option.id === given.optionId);
      if (!chosen) throw invalidAnswer();
      return { correct: chosen.correct, correctAnswer: right?.text ?? '' };
    }
    case 'true_false': {
      const truth = 'answer' in payload && typeof payload.answer === 'boolean' ? payload.answer : false;
      const answer = given.answer?.trim().toLowerCase();
      if (answer !== 'true' && answer !== 'false') throw invalidAnswer();
      return { correct: (answer === 'true') === truth, correctAnswer: truth ? 'true' : 'false' };
    }
    case 'fill_blank': {
      const answer = 'answer' in payload && typeof payload.answer === 'string' ? payload.answer : '';
      const accepted = 'acceptedAnswers' in payload ? payload.acceptedAnswers : [];
      if (given.answer === undefined || given.answer.trim() === '') throw invalidAnswer();
      const typed = normalizeAnswer(given.answer);
      return { correct: [answer, ...accepted].some((candidate) => normalizeAnswer(candidate) === typed), correctAnswer: answer };
    }
    case 'match': {
      const pairs = pairsOf(payload);
      const parsed = given.answer === undefined ? null : matchAnswerSchema.safeParse(safeJson(given.answer));
      if (!parsed?.success) throw invalidAnswer();
      const chosen = new Map(parsed.data.map((pair) => [normalizeAnswer(pair.term), normalizeAnswer(pair.definition)]));
      const correct =
        parsed.data.length === pairs.length &&
        chosen.size === pairs.length &&
        pairs.every((pair) => chosen.get(normalizeAnswer(pair.term)) === normalizeAnswer(pair.definition));
      return { correct, correctAnswer: pairs.map((pair) => `${pair.term} — ${pair.definition}`).join('\n') };
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * `items` in an order fixed by `seed` (the run and the challenge): the same run shows the same order after a reload,
 * another run another one. With two or more distinct items the order is never the original one, so a match is never
 * answered by its layout.
 */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const result = [...items];
  let state = createHash('sha256').update(seed).digest();
  let cursor = 0;
  const next = () => {
    if (cursor + 4 > state.length) {
      state = createHash('sha256').update(state).digest();
      cursor = 0;
    }
    const value = state.readUInt32BE(cursor);
    cursor += 4;
    return value;
  };
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = next() % (index + 1);
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  if (result.length > 1 && result.every((item, index) => item === items[index])) result.push(result.shift() as T);
  return result;
}
