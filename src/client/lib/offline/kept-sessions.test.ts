// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import type { SessionCard } from '../../features/decks/decks-data';
import { keepRating, keepSession, keptSession, keptSessions } from './kept-sessions';
import { forgetSessions } from './store';

/** The sessions kept for review offline, over a real IndexedDB implementation (fake-indexeddb). */
const NOW = Date.parse('2026-11-28T10:00:00Z');
const MINUTE = 60_000;

function card(id: string, phase: SessionCard['phase'], dueInMs: number | null): SessionCard {
  return {
    id,
    deckId: 'deck-1',
    front: `Front ${id}`,
    back: `Back ${id}`,
    page: 1,
    kind: 'definition',
    phase,
    due: dueInMs === null ? null : new Date(NOW + dueInMs),
    schedule: null,
    intervals: { again: MINUTE, hard: 6 * MINUTE, good: 10 * MINUTE, easy: 8 * 24 * 60 * MINUTE },
  };
}

const counts = { total: 4, new: 1, learning: 1, due: 1, toStudy: 3, toStudyBy: { new: 1, learning: 1, due: 1 }, newLeftToday: 19, nextDue: null };
const deck = { id: 'deck-1', title: 'Cell biology', generated: true } as unknown as Parameters<typeof keepSession>[0]['deck'];

async function keep(userId: string, cards: SessionCard[], deckId = 'deck-1') {
  await keepSession({ userId, deckId, file: { id: 'file-1', name: 'cells.pdf', lowConfidencePages: null }, context: {}, deck, cards, counts });
}

describe('sessions kept for review offline', () => {
  test('offer the cards due by now: new, due, and learning steps a little ahead; not reviews due later', async () => {
    await forgetSessions();
    await keep('u1', [card('new', 'new', null), card('due', 'review', -MINUTE), card('step', 'learning', 5 * MINUTE), card('later', 'review', 60 * MINUTE)]);
    const kept = await keptSession('u1', 'deck-1', NOW);
    expect(kept?.cards.map((item) => item.id)).toEqual(['new', 'due', 'step']);
    expect(kept?.cards[1]?.due).toBeInstanceOf(Date);
    // An hour later the review is due too.
    expect((await keptSession('u1', 'deck-1', NOW + 61 * MINUTE))?.cards.map((item) => item.id)).toContain('later');
  });

  test('a rating takes the card out or puts its next step in, so it is not shown again as it was', async () => {
    await forgetSessions();
    await keep('u1', [card('a', 'new', null), card('b', 'new', null)]);
    await keepRating('u1', 'deck-1', 'a', null);
    await keepRating('u1', 'deck-1', 'b', card('b', 'learning', MINUTE));
    const kept = await keptSession('u1', 'deck-1', NOW);
    expect(kept?.cards.map((item) => [item.id, item.phase])).toEqual([['b', 'learning']]);
  });

  test("list only the user's own decks with cards due, and are forgotten on sign-out", async () => {
    await forgetSessions();
    await keep('u1', [card('a', 'new', null)], 'deck-1');
    await keep('u1', [card('x', 'review', 24 * 60 * MINUTE)], 'deck-2');
    await keep('u2', [card('b', 'new', null)], 'deck-1');
    expect((await keptSessions('u1', NOW)).map((kept) => kept.deckId)).toEqual(['deck-1']);
    expect((await keptSessions('u2', NOW)).map((kept) => kept.cards[0]?.id)).toEqual(['b']);
    await forgetSessions();
    expect(await keptSessions('u1', NOW)).toEqual([]);
  });
});
