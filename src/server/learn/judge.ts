import { createHash } from 'node:crypto';
import { judge, type Judgement, type OptionRow } from '../../shared/judge';
import type { ChallengeRow } from './access';
import { invalidAnswer } from './errors';

/** The judging itself is src/shared/judge.ts (the offline replay judges alike); here the server refuses what does not fit. */
export { normalizeAnswer, type Judgement, type OptionRow } from '../../shared/judge';

export function judgeAnswer(
  item: Pick<ChallengeRow, 'type' | 'payload'>,
  options: readonly OptionRow[],
  given: { optionId?: string | undefined; answer?: string | undefined },
): Judgement {
  const judgement = judge(item, options, given);
  if (!judgement) throw invalidAnswer();
  return judgement;
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
