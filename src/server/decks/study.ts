import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { CardRating, CardPhase, RatingName } from '../../shared/decks';
import type { Db } from '../db/client';
import { recordActivity } from '../gamification/activity';
import { cardState, flashcard, reviewLog } from '../db/schema';
import type { SharedStudy } from '../sharing/study-access';
import { cardAccess, deckAccess, type CardRow } from './access';
import { comesBackInSession } from '../../shared/scheduler';
import { countsOfDeck, NEW_CARDS_PER_DAY } from './counts';
import { SESSION_SIZE, studyQueue } from '../../shared/study-queue';
import { cardNotFound, nothingToUndo } from './errors';
import {
  intervalsOf,
  phaseOf,
  rate,
  scheduleColumnsFromSnapshot,
  snapshotOf,
  type ScheduleColumns,
} from './scheduler';

/**
 * Studying a deck (FSRS through ts-fsrs): a session lists the cards to study now with what each rating would do,
 * a review stores the new schedule with a log row that keeps the old one, and the last review can be undone.
 */

/** How long after a rating it may still be undone: the session it was made in. */
export const UNDO_WINDOW_MS = 60 * 60 * 1000;

/** The most cards one session request answers. */
export const SESSION_LIMIT_MAX = 500;

export interface SessionCard {
  id: string;
  deckId: string;
  front: string;
  back: string;
  page: number | null;
  kind: string;
  phase: CardPhase;
  /** When it is due for this user; null for a new card. */
  due: Date | null;
  /** Milliseconds until the card would come back after each rating now (the client formats them). */
  intervals: Record<RatingName, number>;
  /**
   * The caller's schedule of the card (null while new): with it the session computes a rating's next schedule itself
   * (src/shared/scheduler.ts, as the server does), so a rating made without a connection still brings a card in its
   * learning steps back, with the intervals the server will store when the rating is sent.
   */
  schedule: ScheduleColumns | null;
}

function sessionCard(card: CardRow, schedule: ScheduleColumns | null, now: Date): SessionCard {
  return {
    id: card.id,
    deckId: card.deckId,
    front: card.front,
    back: card.back,
    page: card.page,
    kind: card.kind,
    phase: phaseOf(schedule),
    due: schedule?.due ?? null,
    intervals: intervalsOf(schedule, now),
    schedule,
  };
}

function scheduleOf(row: typeof cardState.$inferSelect | null): ScheduleColumns | null {
  if (!row) return null;
  const { userId: _userId, cardId: _cardId, updatedAt: _updatedAt, ...schedule } = row;
  return schedule;
}


/**
 * The cards to study now (studyQueue, src/shared/study-queue.ts, which the deck's `toStudy` count is the length of):
 * cards in their learning steps that are due, then reviews due (oldest first), then new cards in deck order within
 * today's new-card allowance, then learning cards due within LEARN_AHEAD_MS.
 */
export async function getSession(options: {
  db: Db;
  userId: string;
  deckId: string;
  limit?: number;
  now?: Date;
  shared?: SharedStudy | undefined;
}) {
  const { db, userId, deckId, limit = SESSION_SIZE, now = new Date() } = options;
  const { deck } = await deckAccess(db, userId, deckId, options.shared);
  const rows = await db
    .select({ card: flashcard, state: cardState })
    .from(flashcard)
    .leftJoin(cardState, and(eq(cardState.cardId, flashcard.id), eq(cardState.userId, userId)))
    .where(eq(flashcard.deckId, deckId))
    .orderBy(asc(flashcard.position));
  const counts = await countsOfDeck(db, userId, deckId, now);
  const cards = studyQueue(
    rows.map(({ card, state }) => ({ card, schedule: scheduleOf(state) })),
    { now, newLeftToday: counts.newLeftToday, limit: Math.min(limit, SESSION_LIMIT_MAX) },
  ).map(({ card, schedule }) => sessionCard(card, schedule, now));
  return { deck, cards, counts, newCardsPerDay: NEW_CARDS_PER_DAY };
}

/** How long after it was made a rating made without a connection is still scheduled when it is taken. */
export const OFFLINE_REVIEW_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When a rating counts: when it was made (`reviewedAt`, sent by a session that rated while offline), but never in
 * the future, never more than OFFLINE_REVIEW_MAX_AGE_MS back, and never before the card's last review (ratings of one
 * card sent out of order still schedule forwards).
 */
export function reviewTime(now: Date, reviewedAt: Date | undefined, lastReview: Date | null): Date {
  if (!reviewedAt) return now;
  const earliest = Math.max(now.getTime() - OFFLINE_REVIEW_MAX_AGE_MS, lastReview?.getTime() ?? 0);
  return new Date(Math.min(now.getTime(), Math.max(reviewedAt.getTime(), earliest)));
}

/** PostgreSQL's unique_violation (PGlite and node-postgres both carry the SQLSTATE as `code`, maybe on the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Rates a card for the caller: stores its next schedule and a review_log row holding the one before, then answers
 * the deck's counts and, for a card back within LEARN_AHEAD_MS, the card again to show later in the session.
 *
 * `reviewId`, chosen by the session, makes the rating idempotent: a rating sent again (a reply lost on a bad
 * connection, an offline rating sent twice) is stored once and answered as the first time. Another user's id is
 * refused like a card that does not exist.
 */
export async function reviewCard(options: {
  db: Db;
  userId: string;
  cardId: string;
  rating: CardRating;
  durationMs?: number | undefined;
  reviewId?: string | undefined;
  reviewedAt?: Date | undefined;
  now?: Date;
  shared?: SharedStudy | undefined;
}) {
  const { db, userId, cardId, rating, now = new Date() } = options;
  const { card, deck } = await cardAccess(db, userId, cardId, options.shared);
  const answer = async (reviewId: string, next: ScheduleColumns | null, at: Date) => ({
    reviewId,
    cardId,
    deckId: deck.id,
    rating,
    phase: phaseOf(next),
    due: next?.due ?? at,
    scheduledDays: next?.scheduledDays ?? 0,
    counts: await countsOfDeck(db, userId, deck.id, now),
    requeue: next && comesBackInSession(next, at) ? sessionCard(card, next, at) : null,
  });
  const stored = async () => {
    if (!options.reviewId) return null;
    const [row] = await db.select().from(reviewLog).where(eq(reviewLog.id, options.reviewId)).limit(1);
    if (!row) return null;
    if (row.userId !== userId || row.cardId !== cardId) throw cardNotFound();
    // Sent again: the rating already counted. Its answer is the card's schedule as it is now.
    const [current] = await db
      .select()
      .from(cardState)
      .where(and(eq(cardState.userId, userId), eq(cardState.cardId, cardId)))
      .limit(1);
    return answer(row.id, scheduleOf(current ?? null), row.reviewedAt);
  };
  const again = await stored();
  if (again) return again;
  try {
    const { reviewId, next, at } = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(cardState)
        .where(and(eq(cardState.userId, userId), eq(cardState.cardId, cardId)))
        .for('update');
      const previous = scheduleOf(current ?? null);
      const at = reviewTime(now, options.reviewedAt, previous?.lastReview ?? null);
      const scheduled = rate(previous, rating, at);
      await tx
        .insert(cardState)
        .values({ userId, cardId, ...scheduled, updatedAt: now })
        .onConflictDoUpdate({ target: [cardState.userId, cardState.cardId], set: { ...scheduled, updatedAt: now } });
      const [log] = await tx
        .insert(reviewLog)
        .values({
          ...(options.reviewId ? { id: options.reviewId } : {}),
          userId,
          cardId,
          rating,
          previous: previous ? snapshotOf(previous) : null,
          scheduledDays: scheduled.scheduledDays,
          durationMs: options.durationMs ?? null,
          reviewedAt: at,
        })
        .returning({ id: reviewLog.id });
      if (!log) throw new Error('no review logged');
      // The day the rating was made is the day it counts for (the streak, the daily quest).
      await recordActivity(tx, { userId, kind: 'flashcard', now: at });
      return { reviewId: log.id, next: scheduled, at };
    });
    return await answer(reviewId, next, at);
  } catch (error) {
    // The same rating sent twice at once: the other request stored it; answer as it did.
    const raced = isUniqueViolation(error) ? await stored() : null;
    if (raced) return raced;
    throw error;
  }
}

/**
 * Undoes the caller's last rating (made within UNDO_WINDOW_MS): the card's schedule is put back exactly as it was, or
 * removed for a card that was new, and the rating no longer counts. With `reviewId`, only if that is still the last.
 */
export async function undoReview(options: {
  db: Db;
  userId: string;
  reviewId?: string | undefined;
  now?: Date;
  shared?: SharedStudy | undefined;
}) {
  const { db, userId, reviewId, now = new Date() } = options;
  const mine = eq(reviewLog.userId, userId);
  const [last] = reviewId
    ? await db.select().from(reviewLog).where(and(mine, eq(reviewLog.id, reviewId))).limit(1)
    : await db.select().from(reviewLog).where(mine).orderBy(desc(reviewLog.reviewedAt), desc(reviewLog.id)).limit(1);
  if (!last || now.getTime() - last.reviewedAt.getTime() > UNDO_WINDOW_MS) throw nothingToUndo();
  // Ratings sent at once may be stored in either order; "last" is the latest made, so only a later one blocks it.
  const [later] = await db
    .select({ id: reviewLog.id })
    .from(reviewLog)
    .where(and(mine, gt(reviewLog.reviewedAt, last.reviewedAt)))
    .limit(1);
  if (later) throw nothingToUndo();
  const { card, deck } = await cardAccess(db, userId, last.cardId, options.shared);
  const restored = last.previous ? scheduleColumnsFromSnapshot(last.previous) : null;
  await db.transaction(async (tx) => {
    // Deleting the log row first and only if it is still there: two undos at once restore once.
    const [removed] = await tx.delete(reviewLog).where(eq(reviewLog.id, last.id)).returning({ id: reviewLog.id });
    if (!removed) throw nothingToUndo();
    // The rating no longer counts on the day it was made (a daily quest it completed stays completed).
    await recordActivity(tx, { userId, kind: 'flashcard', delta: -1, now: last.reviewedAt });
    const key = and(eq(cardState.userId, userId), eq(cardState.cardId, card.id));
    if (!restored) {
      await tx.delete(cardState).where(key);
      return;
    }
    await tx
      .insert(cardState)
      .values({ userId, cardId: card.id, ...restored, updatedAt: now })
      .onConflictDoUpdate({ target: [cardState.userId, cardState.cardId], set: { ...restored, updatedAt: now } });
  });
  return {
    reviewId: last.id,
    cardId: card.id,
    deckId: deck.id,
    rating: last.rating,
    card: sessionCard(card, restored, now),
    counts: await countsOfDeck(db, userId, deck.id, now),
  };
}
