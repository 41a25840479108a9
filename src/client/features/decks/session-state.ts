import type { CardRating } from '../../../shared/decks';
import type { DeckCounts, SessionCard } from './decks-data';

/**
 * A study session's state, kept apart from the screen so its rules are plain to test: a rating moves on at once
 * (the server answers in the background), a failed save puts the card back, a card the server schedules again within
 * minutes joins the end of the queue, and undo brings the last rated card back to the front.
 */
export interface SessionState {
  /** Cards still to show; the first is on screen. */
  queue: SessionCard[];
  flipped: boolean;
  /** Ratings made and not undone. */
  ratings: number;
  /** Of those, ratings "Again". */
  again: number;
  /** Ratings per card id, for the number of different cards studied. */
  perCard: Record<string, number>;
  /** The last rating, undoable once the server has saved it (reviewId). */
  last: { card: SessionCard; rating: CardRating; reviewId: string | null } | null;
  /** Ratings sent and not answered yet. */
  pending: number;
  /** The deck's counts as the server last answered them. */
  counts: DeckCounts;
  startedAt: number;
  /** When the queue ran out (the session's end), null while it runs. */
  finishedAt: number | null;
}

export type SessionAction =
  | { type: 'flip' }
  | { type: 'rated'; card: SessionCard; rating: CardRating }
  | { type: 'reviewSaved'; cardId: string; reviewId: string; requeue: SessionCard | null; counts: DeckCounts; at?: number }
  | { type: 'reviewFailed'; card: SessionCard; rating: CardRating }
  | { type: 'undone'; card: SessionCard; rating: CardRating; counts: DeckCounts }
  | { type: 'undoUnavailable' };

export function initialSession({ cards, counts, now = Date.now() }: { cards: SessionCard[]; counts: DeckCounts; now?: number }): SessionState {
  return { queue: cards, flipped: false, ratings: 0, again: 0, perCard: {}, last: null, pending: 0, counts, startedAt: now, finishedAt: null };
}

function countRating(state: SessionState, cardId: string, rating: CardRating, step: 1 | -1): Pick<SessionState, 'ratings' | 'again' | 'perCard'> {
  return {
    ratings: state.ratings + step,
    again: state.again + (rating === 1 ? step : 0),
    perCard: { ...state.perCard, [cardId]: Math.max(0, (state.perCard[cardId] ?? 0) + step) },
  };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'flip':
      return state.queue.length > 0 ? { ...state, flipped: true } : state;
    case 'rated':
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, 1),
        queue: state.queue.slice(1),
        flipped: false,
        last: { card: action.card, rating: action.rating, reviewId: null },
        pending: state.pending + 1,
      };
    case 'reviewSaved': {
      const queue = action.requeue ? [...state.queue, action.requeue] : state.queue;
      const pending = state.pending - 1;
      const last = state.last && state.last.card.id === action.cardId && !state.last.reviewId ? { ...state.last, reviewId: action.reviewId } : state.last;
      const finishedAt = queue.length === 0 && pending === 0 ? (action.at ?? Date.now()) : null;
      return { ...state, queue, pending, last, counts: action.counts, finishedAt };
    }
    case 'reviewFailed':
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, -1),
        queue: [action.card, ...state.queue],
        flipped: false,
        pending: state.pending - 1,
        last: state.last?.card.id === action.card.id ? null : state.last,
      };
    case 'undone':
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, -1),
        queue: [action.card, ...state.queue.filter((card) => card.id !== action.card.id)],
        flipped: false,
        last: null,
        counts: action.counts,
        finishedAt: null,
      };
    case 'undoUnavailable':
      return { ...state, last: null };
  }
}

/** Different cards rated at least once in the session. */
export function cardsStudied(state: SessionState): number {
  return Object.values(state.perCard).filter((count) => count > 0).length;
}
