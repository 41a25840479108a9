import { describe, expect, test } from 'vitest';
import type { DeckCounts, SessionCard } from './decks-data';
import { intervalsOf, rate } from '../../../shared/scheduler';
import { cardsStudied, comesBack, initialSession, requeueAfter, sessionProgress, sessionReducer, type SessionAction, type SessionState } from './session-state';

const counts: DeckCounts = { total: 3, new: 3, learning: 0, due: 0, toStudy: 3, toStudyBy: { new: 3, learning: 0, due: 0 }, newLeftToday: 20, nextDue: null };

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
    schedule: null,
    intervals: { again: 60_000, hard: 360_000, good: 600_000, easy: 691_200_000 },
  };
}

const run = (state: SessionState, ...actions: SessionAction[]) => actions.reduce(sessionReducer, state);

describe('a study session', () => {
  test('a rating moves on at once; a card back within minutes joins the end; the session ends when all are saved', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const flipped = run(start, { type: 'flip' });
    expect(flipped.flipped).toBe(true);
    const rated = run(flipped, { type: 'rated', card: card('a'), rating: 3, reviewId: 'r1', requeue: card('a', 'learning') });
    expect(rated).toMatchObject({ flipped: false, ratings: 1, pending: 1, last: { reviewId: 'r1', status: 'sending', rating: 3 } });
    expect(rated.queue.map((item) => [item.id, item.phase])).toEqual([
      ['b', 'new'],
      ['a', 'learning'],
    ]);
    const saved = run(rated, { type: 'reviewSaved', reviewId: 'r1', counts, at: 5 });
    expect(saved.last?.status).toBe('saved');
    expect(saved.finishedAt).toBeNull();
    const done = run(
      saved,
      { type: 'flip' },
      { type: 'rated', card: card('b'), rating: 1, reviewId: 'r2', requeue: null },
      { type: 'flip' },
      { type: 'rated', card: card('a', 'learning'), rating: 3, reviewId: 'r3', requeue: null },
      { type: 'reviewSaved', reviewId: 'r2', counts },
      { type: 'reviewSaved', reviewId: 'r3', counts, at: 42 },
    );
    expect(done).toMatchObject({ ratings: 3, again: 1, pending: 0, finishedAt: 42, queue: [] });
    expect(cardsStudied(done)).toBe(2);
  });

  test('the card a rating brings back is scheduled as the server schedules it', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const fresh: SessionCard = { ...card('a'), intervals: intervalsOf(null, now) };
    const again = requeueAfter(fresh, 1, now);
    const next = rate(null, 1, now);
    expect(again).toMatchObject({ id: 'a', phase: 'learning', due: next.due, schedule: next, intervals: intervalsOf(next, now) });
    // Easy on a new card schedules it days ahead: not back in this session.
    expect(requeueAfter(fresh, 4, now)).toBeNull();
    // Its next step: Good twice graduates it.
    expect(requeueAfter(again!, 3, new Date(now.getTime() + 60_000))?.phase).toBe('learning');
  });

  test('ratings waiting for a connection let the session go on and end, and count when they are sent', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const offline = run(
      start,
      { type: 'flip' },
      { type: 'rated', card: card('a'), rating: 3, reviewId: 'r1', requeue: null },
      { type: 'reviewParked', reviewId: 'r1' },
      { type: 'flip' },
      { type: 'rated', card: card('b'), rating: 3, reviewId: 'r2', requeue: null },
      { type: 'reviewParked', reviewId: 'r2', at: 9 },
    );
    expect(offline).toMatchObject({ pending: 0, parked: ['r1', 'r2'], finishedAt: 9, last: { reviewId: 'r2', status: 'parked' } });
    const back = run(offline, { type: 'reviewSaved', reviewId: 'r1', counts }, { type: 'reviewSaved', reviewId: 'r2', counts });
    expect(back).toMatchObject({ pending: 0, parked: [], finishedAt: 9, ratings: 2, last: { reviewId: 'r2', status: 'saved' } });
  });

  test('undo brings the rated card back to the front, once, and un-counts its rating', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const rated = run(
      start,
      { type: 'flip' },
      { type: 'rated', card: card('a'), rating: 1, reviewId: 'r1', requeue: card('a', 'learning') },
      { type: 'reviewSaved', reviewId: 'r1', counts },
    );
    const undone = run(rated, { type: 'undone', card: card('a'), rating: 1, counts });
    expect(undone.queue.map((item) => [item.id, item.phase])).toEqual([
      ['a', 'new'],
      ['b', 'new'],
    ]);
    expect(undone).toMatchObject({ ratings: 0, again: 0, last: null, flipped: false });
    expect(cardsStudied(undone)).toBe(0);

    const parked = run(start, { type: 'flip' }, { type: 'rated', card: card('a'), rating: 3, reviewId: 'r9', requeue: null }, { type: 'reviewParked', reviewId: 'r9' });
    expect(run(parked, { type: 'undone', card: card('a'), rating: 3, counts })).toMatchObject({ parked: [], ratings: 0, last: null });
  });

  test('a rating the server refused puts the card back in front (without its requeued copy), not counted', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const failed = run(
      start,
      { type: 'flip' },
      { type: 'rated', card: card('a'), rating: 1, reviewId: 'r1', requeue: card('a', 'learning') },
      { type: 'reviewFailed', card: card('a'), rating: 1, reviewId: 'r1' },
    );
    expect(failed.queue.map((item) => [item.id, item.phase])).toEqual([
      ['a', 'new'],
      ['b', 'new'],
    ]);
    expect(failed).toMatchObject({ ratings: 0, pending: 0, last: null });
  });

  test('a play-through with Again ratings: the cards left only go down, a card back again is one of them, the total stays', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const fresh = (id: string): SessionCard => ({ ...card(id), intervals: intervalsOf(null, now) });
    let state = initialSession({ cards: [fresh('a'), fresh('b'), fresh('c')], counts, now: 0 });
    expect(sessionProgress(state)).toEqual({ left: 3, done: 0, total: 3, comingBack: 0 });
    const seen = [sessionProgress(state)];
    // Again, Again, Good, Good on what comes back, Easy …: as a student rates what is on screen.
    for (const rating of [1, 1, 3, 3, 1, 4, 3, 3, 3] as const) {
      const current = state.queue[0];
      if (!current) break;
      const requeue = requeueAfter(current, rating, now);
      state = run(state, { type: 'flip' }, { type: 'rated', card: current, rating, reviewId: `r${state.ratings}`, requeue });
      seen.push(sessionProgress(state));
    }
    expect(seen.map(({ left }) => left)).toEqual([3, 3, 3, 3, 3, 3, 2, 1, 1, 0]);
    expect(seen.every(({ total }) => total === 3)).toBe(true);
    expect(seen.every(({ left, done, total }) => left + done === total)).toBe(true);
    // After the first two Agains, both cards are in the queue as cards coming back, behind the one not seen yet.
    expect(seen[2]).toEqual({ left: 3, done: 0, total: 3, comingBack: 2 });
    expect(state.queue).toEqual([]);
    expect(state.ratings).toBe(9);
  });

  test('a card back again is marked as such; undoing its only rating makes it a first look again', () => {
    const start = initialSession({ cards: [card('a'), card('b')], counts, now: 0 });
    const rated = run(start, { type: 'flip' }, { type: 'rated', card: card('a'), rating: 1, reviewId: 'r1', requeue: card('a', 'learning') });
    expect(comesBack(rated, rated.queue[0]!)).toBe(false);
    expect(comesBack(rated, rated.queue[1]!)).toBe(true);
    expect(sessionProgress(rated)).toEqual({ left: 2, done: 0, total: 2, comingBack: 1 });
    const undone = run(rated, { type: 'undone', card: card('a'), rating: 1, counts });
    expect(comesBack(undone, undone.queue[0]!)).toBe(false);
    expect(sessionProgress(undone)).toEqual({ left: 2, done: 0, total: 2, comingBack: 0 });
  });
});
