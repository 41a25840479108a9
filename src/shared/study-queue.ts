import { isLearning, LEARN_AHEAD_MS } from './scheduler';

/**
 * What "to study now" means, in one place: the deck page's count (server/decks/counts.ts) is the length of the queue
 * a session started now gets (server/decks/study.ts getSession), both from `studyQueue`.
 *
 * A card in its learning steps counts from when it is rated until it graduates, as long as it comes back within
 * LEARN_AHEAD_MS: a rating "Again" keeps a card in the count (it comes back in the session) and never adds one. So
 * the count only goes down while a student studies: by one for each card that leaves the session.
 */

/** The most cards one session shows (a session started after it shows the rest). */
export const SESSION_SIZE = 100;

/** The part of a card's schedule the queue reads: ts-fsrs state and due; null for a card never studied. */
export interface QueueSchedule {
  state: number;
  due: Date;
}

/** Where a card stands in a session started at `now`, or null when it is not studied now. */
export function queueKind(schedule: QueueSchedule | null, now: Date): 'learning' | 'review' | 'new' | 'ahead' | null {
  if (!schedule) return 'new';
  const due = schedule.due.getTime();
  if (isLearning(schedule.state)) {
    if (due <= now.getTime()) return 'learning';
    return due <= now.getTime() + LEARN_AHEAD_MS ? 'ahead' : null;
  }
  return due <= now.getTime() ? 'review' : null;
}

/**
 * The cards a session started at `now` shows, in order: learning cards due now, then reviews due (oldest first), then
 * new cards in deck order within today's allowance (`newLeftToday`), then learning cards due within LEARN_AHEAD_MS;
 * at most `limit`. `cards` are in deck order.
 */
export function studyQueue<T extends { schedule: QueueSchedule | null }>(
  cards: readonly T[],
  { now, newLeftToday, limit = SESSION_SIZE }: { now: Date; newLeftToday: number; limit?: number },
): T[] {
  const byDue = (a: T, b: T) => (a.schedule?.due.getTime() ?? 0) - (b.schedule?.due.getTime() ?? 0);
  const of = (kind: ReturnType<typeof queueKind>) => cards.filter((card) => queueKind(card.schedule, now) === kind);
  return [
    ...of('learning').sort(byDue),
    ...of('review').sort(byDue),
    ...of('new').slice(0, Math.max(0, newLeftToday)),
    ...of('ahead').sort(byDue),
  ].slice(0, Math.max(0, limit));
}

/** The cards of a queue by the three counts a deck and a session show (learning includes those back within minutes). */
export function queueCounts(queue: readonly { schedule: QueueSchedule | null }[], now: Date): { new: number; learning: number; due: number } {
  const kinds = queue.map((card) => queueKind(card.schedule, now));
  return {
    new: kinds.filter((kind) => kind === 'new').length,
    learning: kinds.filter((kind) => kind === 'learning' || kind === 'ahead').length,
    due: kinds.filter((kind) => kind === 'review').length,
  };
}
