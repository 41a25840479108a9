import { describe, expect, test } from 'vitest';
import { LEARN_AHEAD_MS, STATE } from './scheduler';
import { queueCounts, queueKind, SESSION_SIZE, studyQueue } from './study-queue';

const now = new Date('2026-11-28T10:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const card = (id: string, state: number | null, dueIn = 0) => ({ id, schedule: state === null ? null : { state, due: at(dueIn) } });

describe('what is to study now (studyQueue)', () => {
  test('learning cards due, reviews due oldest first, new cards within the allowance, then learning cards back within minutes', () => {
    const cards = [
      card('review-overdue', STATE.review, -2 * DAY),
      card('learning-soon', STATE.learning, 10 * MINUTE),
      card('review-later', STATE.review, 2 * DAY),
      card('learning-due', STATE.learning, -MINUTE),
      card('review-due', STATE.review, -DAY),
      card('new-1', null),
      card('new-2', null),
      card('relearning-late', STATE.relearning, LEARN_AHEAD_MS + MINUTE),
    ];
    expect(studyQueue(cards, { now, newLeftToday: 1 }).map(({ id }) => id)).toEqual([
      'learning-due',
      'review-overdue',
      'review-due',
      'new-1',
      'learning-soon',
    ]);
    expect(studyQueue(cards, { now, newLeftToday: 0 })).toHaveLength(4);
    expect(queueCounts(studyQueue(cards, { now, newLeftToday: 1 }), now)).toEqual({ new: 1, learning: 2, due: 2 });
    expect(studyQueue(cards, { now, newLeftToday: 5, limit: 2 }).map(({ id }) => id)).toEqual(['learning-due', 'review-overdue']);
  });

  test('a learning card counts the same before and after its step runs out, and is gone once it graduates', () => {
    expect(queueKind({ state: STATE.learning, due: at(MINUTE) }, now)).toBe('ahead');
    expect(queueKind({ state: STATE.learning, due: at(MINUTE) }, at(2 * MINUTE))).toBe('learning');
    expect(queueKind({ state: STATE.review, due: at(2 * DAY) }, now)).toBeNull();
    expect(queueKind(null, now)).toBe('new');
    const cards = [card('a', STATE.learning, MINUTE), card('b', null)];
    expect(studyQueue(cards, { now, newLeftToday: 20 })).toHaveLength(2);
    expect(studyQueue(cards, { now: at(2 * MINUTE), newLeftToday: 20 })).toHaveLength(2);
  });

  test(`a session holds at most ${SESSION_SIZE} cards by default`, () => {
    const many = Array.from({ length: SESSION_SIZE + 10 }, (_, index) => card(`r${index}`, STATE.review, -index * MINUTE));
    expect(studyQueue(many, { now, newLeftToday: 20 })).toHaveLength(SESSION_SIZE);
  });
});
