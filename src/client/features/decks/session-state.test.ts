import { describe, expect, test } from 'vitest';
import type { DeckCounts, SessionCard } from './decks-data';
import { cardsStudied, initialSession, sessionReducer, type SessionAction, type SessionState } from './session-state';

const counts: DeckCounts = { total: 3, new: 3, learning: 0, due: 0, toStudy: 3, newLeftToday: 20, nextDue: null };

function card(id: string, phase: SessionCard['phase'] = 'new'): SessionCard {
  return {
    id,
    deckId: 'deck',
    front: `Front ${id}`,
    back: `Back ${id}`,
    page: 1,
    kind: 'definition',
    phase,
    due: null,
    intervals: { again: 60_000, hard: 360_000, good: 600_000, easy: 691_200_000 },
  };
}

const run = (state: SessionState, ...actions: SessionAction[]) => actions.reduce(sessionReducer, state);

describe('a study session', () => {
  test('a rating moves on at once; a card back within minutes joins the end; the session ends when all are saved', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const flipped = run(start, { type: 'flip' });
    expect(flipped.flipped).toBe(true);
    const rated = run(flipped, { type: 'rated', card: card('a'), rating: 3 });
    expect(rated).toMatchObject({ flipped: false, ratings: 1, pending: 1, last: { reviewId: null, rating: 3 } });
    expect(rated.queue.map((item) => item.id)).toEqual(['b']);
    const saved = run(rated, { type: 'reviewSaved', cardId: 'a', reviewId: 'r1', requeue: card('a', 'learning'), counts, at: 5 });
    expect(saved.queue.map((item) => [item.id, item.phase])).toEqual([
      ['b', 'new'],
      ['a', 'learning'],
    ]);
    expect(saved.last?.reviewId).toBe('r1');
    expect(saved.finishedAt).toBeNull();
    const done = run(
      saved,
      { type: 'flip' },
      { type: 'rated', card: card('b'), rating: 1 },
      { type: 'flip' },
      { type: 'rated', card: card('a', 'learning'), rating: 3 },
      { type: 'reviewSaved', cardId: 'b', reviewId: 'r2', requeue: null, counts },
      { type: 'reviewSaved', cardId: 'a', reviewId: 'r3', requeue: null, counts, at: 42 },
    );
    expect(done).toMatchObject({ ratings: 3, again: 1, pending: 0, finishedAt: 42, queue: [] });
    expect(cardsStudied(done)).toBe(2);
  });

  test('undo brings the rated card back to the front, once, and un-counts its rating', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const rated = run(
      start,
      { type: 'flip' },
      { type: 'rated', card: card('a'), rating: 1 },
      { type: 'reviewSaved', cardId: 'a', reviewId: 'r1', requeue: card('a', 'learning'), counts },
    );
    const undone = run(rated, { type: 'undone', card: card('a'), rating: 1, counts });
    expect(undone.queue.map((item) => [item.id, item.phase])).toEqual([
      ['a', 'new'],
      ['b', 'new'],
    ]);
    expect(undone).toMatchObject({ ratings: 0, again: 0, last: null, flipped: false });
    expect(cardsStudied(undone)).toBe(0);
  });

  test('a rating the server refused puts the card back in front, not counted', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const failed = run(start, { type: 'flip' }, { type: 'rated', card: card('a'), rating: 2 }, { type: 'reviewFailed', card: card('a'), rating: 2 });
    expect(failed.queue.map((item) => item.id)).toEqual(['a', 'b']);
    expect(failed).toMatchObject({ ratings: 0, pending: 0, last: null });
  });
});
