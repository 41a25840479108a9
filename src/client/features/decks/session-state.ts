import type { CardRating } from '../../../shared/decks';
import { comesBackInSession, intervalsOf, phaseOf, rate } from '../../../shared/scheduler';
import type { DeckCounts, SessionCard } from './decks-data';

/**
 * A study session's state, kept apart from the screen so its rules are plain to test: a rating moves on at once and
 * is scheduled here with the server's own rules (src/shared/scheduler.ts), so a card the rating brings back within
 * minutes joins the end of the queue whether or not the server has answered yet, or can (offline). A rating waiting
 * for a connection is "parked": the session goes on and can end; it counts once the server has it. A rating the server
 * refused puts the card back; undo brings the last rated card back to the front.
 */
export interface SessionState {
  /** Cards still to show; the first is on screen. A card comes back by moving to the end: it is never in it twice. */
  queue: SessionCard[];
  /** The different cards of the session: the queue it started with. A card that comes back does not add to it. */
  total: number;
  flipped: boolean;
  /** Ratings made and not undone. */
  ratings: number;
  /** Of those, ratings "Again". */
  again: number;
  /** Ratings per card id, for the number of different cards studied. */
  perCard: Record<string, number>;
  /** The last rating: undoable once the server has it (`saved`) or while it waits for a connection (`parked`). */
  last: { card: SessionCard; rating: CardRating; reviewId: string; status: 'sending' | 'saved' | 'parked' } | null;
  /** Ratings sent and not answered yet. */
  pending: number;
  /** Ratings waiting for a connection (their review ids). */
  parked: string[];
  /** The deck's counts as the server last answered them. */
  counts: DeckCounts;
  startedAt: number;
  /** When the queue ran out and nothing was still being sent (the session's end), null while it runs. */
  finishedAt: number | null;
}

export type SessionAction =
  | { type: 'flip' }
  | { type: 'rated'; card: SessionCard; rating: CardRating; reviewId: string; requeue: SessionCard | null }
  | { type: 'reviewSaved'; reviewId: string; counts: DeckCounts; at?: number }
  | { type: 'reviewParked'; reviewId: string; at?: number }
  | { type: 'reviewFailed'; card: SessionCard; rating: CardRating; reviewId: string }
  | { type: 'undone'; card: SessionCard; rating: CardRating; counts: DeckCounts }
  | { type: 'undoUnavailable' };

export function initialSession({ cards, counts, now = Date.now() }: { cards: SessionCard[]; counts: DeckCounts; now?: number }): SessionState {
  return { queue: cards, total: cards.length, flipped: false, ratings: 0, again: 0, perCard: {}, last: null, pending: 0, parked: [], counts, startedAt: now, finishedAt: null };
}

/**
 * The card as the session shows it again after `rating` at `now`, when the rating brings it back within the session
 * (LEARN_AHEAD_MS), else null: the same schedule and intervals the server computes and stores.
 */
export function requeueAfter(card: SessionCard, rating: CardRating, now: Date): SessionCard | null {
  const next = rate(card.schedule, rating, now);
  if (!comesBackInSession(next, now)) return null;
  return { ...card, phase: phaseOf(next), due: next.due, schedule: next, intervals: intervalsOf(next, now) };
}

function countRating(state: SessionState, cardId: string, rating: CardRating, step: 1 | -1): Pick<SessionState, 'ratings' | 'again' | 'perCard'> {
  return {
    ratings: state.ratings + step,
    again: state.again + (rating === 1 ? step : 0),
    perCard: { ...state.perCard, [cardId]: Math.max(0, (state.perCard[cardId] ?? 0) + step) },
  };
}

/** The session's end: nothing left to show and nothing being sent (parked ratings do not hold it up). */
function withEnd(state: SessionState, at: number | undefined): SessionState {
  const finishedAt = state.queue.length === 0 && state.pending === 0 ? (state.finishedAt ?? at ?? Date.now()) : null;
  return { ...state, finishedAt };
}

/** A rating no longer on its way: out of `parked` if it waited there, else one fewer sent and not answered. */
function settled(state: SessionState, reviewId: string): Pick<SessionState, 'pending' | 'parked'> {
  return state.parked.includes(reviewId)
    ? { pending: state.pending, parked: state.parked.filter((id) => id !== reviewId) }
    : { pending: Math.max(0, state.pending - 1), parked: state.parked };
}

const withStatus = (last: SessionState['last'], reviewId: string, status: 'saved' | 'parked'): SessionState['last'] =>
  last && last.reviewId === reviewId ? { ...last, status } : last;

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'flip':
      return state.queue.length > 0 ? { ...state, flipped: true } : state;
    case 'rated': {
      const rest = state.queue.slice(1);
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, 1),
        queue: action.requeue ? [...rest, action.requeue] : rest,
        flipped: false,
        last: { card: action.card, rating: action.rating, reviewId: action.reviewId, status: 'sending' },
        pending: state.pending + 1,
      };
    }
    case 'reviewSaved':
      return withEnd({ ...state, ...settled(state, action.reviewId), last: withStatus(state.last, action.reviewId, 'saved'), counts: action.counts }, action.at);
    case 'reviewParked':
      if (state.parked.includes(action.reviewId)) return state;
      return withEnd(
        { ...state, pending: Math.max(0, state.pending - 1), parked: [...state.parked, action.reviewId], last: withStatus(state.last, action.reviewId, 'parked') },
        action.at,
      );
    case 'reviewFailed':
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, -1),
        ...settled(state, action.reviewId),
        queue: [action.card, ...state.queue.filter((card) => card.id !== action.card.id)],
        flipped: false,
        last: state.last?.reviewId === action.reviewId ? null : state.last,
        finishedAt: null,
      };
    case 'undone':
      return {
        ...state,
        ...countRating(state, action.card.id, action.rating, -1),
        ...(state.last ? { parked: state.parked.filter((id) => id !== state.last?.reviewId) } : {}),
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

/**
 * What the session shows of its progress, as the deck page counts it (studyQueue, src/shared/study-queue.ts): `left`,
 * the cards still to show, goes down by one when a card leaves the session and stays when a rating brings the card
 * back; `comingBack` of those were rated in this session already (a learning step); `done` + `left` is always `total`.
 */
export function sessionProgress(state: SessionState): { left: number; done: number; total: number; comingBack: number } {
  const left = state.queue.length;
  const total = Math.max(state.total, left);
  return { left, done: total - left, total, comingBack: state.queue.filter((card) => comesBack(state, card)).length };
}

/** Whether `card` was rated in this session and is shown again (a rating kept it in its learning steps). */
export const comesBack = (state: SessionState, card: SessionCard): boolean => (state.perCard[card.id] ?? 0) > 0;

/** Different cards rated at least once in the session. */
export function cardsStudied(state: SessionState): number {
  return Object.values(state.perCard).filter((count) => count > 0).length;
}
