import { describe, expect, test } from 'vitest';
import { judgeAnswer, normalizeAnswer, seededShuffle } from './judge';

describe('normalizeAnswer', () => {
  test('ignores case, diacritics and spacing', () => {
    expect(normalizeAnswer('  Mitóchondrion ')).toBe('mitochondrion');
    expect(normalizeAnswer('Krebs \t  Zyklus')).toBe(normalizeAnswer('krebs zyklus'));
    expect(normalizeAnswer('Ünïcode')).toBe('unicode');
    expect(normalizeAnswer('nucleus')).not.toBe(normalizeAnswer('nucleolus'));
  });
});

describe('seededShuffle', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  test('the same seed gives the same order, a permutation never equal to the original', () => {
    for (let run = 0; run < 50; run += 1) {
      const order = seededShuffle(items, `run-${run}:challenge`);
      expect(seededShuffle(items, `run-${run}:challenge`)).toEqual(order);
      expect([...order].sort()).toEqual(items);
      expect(order).not.toEqual(items);
    }
    const orders = new Set(Array.from({ length: 50 }, (_, run) => seededShuffle(items, `run-${run}`).join('')));
    expect(orders.size).toBeGreaterThan(10);
    expect(seededShuffle(['only'], 'x')).toEqual(['only']);
  });
});

describe('judgeAnswer', () => {
  const match = {
    type: 'match' as const,
    payload: { pairs: [{ term: 'A', definition: 'one' }, { term: 'B', definition: 'two' }, { term: 'C', definition: 'three' }] },
  };
  test('match: right only with every pair, each term once', () => {
    const right = [{ term: 'A', definition: 'one' }, { term: 'B', definition: 'two' }, { term: 'C', definition: 'three' }];
    expect(judgeAnswer(match, [], { answer: JSON.stringify(right) }).correct).toBe(true);
    expect(judgeAnswer(match, [], { answer: JSON.stringify(right.slice(0, 2)) }).correct).toBe(false);
    expect(judgeAnswer(match, [], { answer: JSON.stringify([...right, right[0]]) }).correct).toBe(false);
    expect(() => judgeAnswer(match, [], { answer: '{"term":1}' })).toThrow('does not fit');
  });
  test('multiple choice: an option not of the challenge is refused', () => {
    const options = [{ id: 'o1', text: 'x', correct: true }, { id: 'o2', text: 'y', correct: false }];
    const item = { type: 'multiple_choice' as const, payload: {} };
    expect(judgeAnswer(item, options, { optionId: 'o2' })).toEqual({ correct: false, correctAnswer: 'x' });
    expect(() => judgeAnswer(item, options, { optionId: 'o3' })).toThrow('does not fit');
  });
});
