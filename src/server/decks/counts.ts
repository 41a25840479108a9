import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardState, dailyActivity, deck, flashcard, reviewLog, user } from '../db/schema';
import { localDay } from '../../shared/gamification-rules';
import { isLearning } from '../../shared/scheduler';
import { queueCounts, queueKind, studyQueue, type QueueSchedule } from '../../shared/study-queue';

/**
 * The scheduling rules of a study session, and what a deck shows of one user's schedule (each user has their own:
 * card_state per user and card, a card without a row being new).
 */

/** New cards a user starts per deck and day (UTC), as Anki's default: reviews are never capped. */
export const NEW_CARDS_PER_DAY = 20;

export { LEARN_AHEAD_MS, STATE } from '../../shared/scheduler';

export interface DeckCounts {
  /** Every card of the deck. */
  total: number;
  /** Never studied by this user. */
  new: number;
  /** In their (re)learning steps, due now or within minutes. */
  learning: number;
  /** Learned cards whose review is due now. */
  due: number;
  /**
   * What a session started now holds (studyQueue): cards due now (learning and review), new cards within today's
   * allowance and cards in their learning steps due within LEARN_AHEAD_MS (they come back in the session).
   */
  toStudy: number;
  /** Those cards by kind, as a session started now counts them (new within today's allowance, learning, due). */
  toStudyBy: { new: number; learning: number; due: number };
  /** New cards still allowed today (NEW_CARDS_PER_DAY minus those started today). */
  newLeftToday: number;
  /** When the next studied card comes due, if none is due now; null when nothing is scheduled ahead. */
  nextDue: Date | null;
}

/** The UTC day `now` falls in, as usage counters count days (usagePeriod('day')). */
export function utcDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}

/** New cards of each deck this user started today: their first rating (no previous state) falls within the day. */
async function newStartedToday(db: Db, userId: string, deckIds: string[], now: Date): Promise<Map<string, number>> {
  if (deckIds.length === 0) return new Map();
  const { start, end } = utcDay(now);
  const rows = await db
    .select({ deckId: flashcard.deckId, count: sql<number>`count(*)::int` })
    .from(reviewLog)
    .innerJoin(flashcard, eq(flashcard.id, reviewLog.cardId))
    .where(
      and(
        eq(reviewLog.userId, userId),
        gte(reviewLog.reviewedAt, start),
        lt(reviewLog.reviewedAt, end),
        isNull(reviewLog.previous),
        inArray(flashcard.deckId, deckIds),
      ),
    )
    .groupBy(flashcard.deckId);
  return new Map(rows.map((row) => [row.deckId, row.count]));
}

/**
 * Counts of each of `deckIds` (or of every deck of `fileId`) for `userId` at `now`, keyed by deck id. `toStudy` is the
 * length of the queue a session started now gets (studyQueue, src/shared/study-queue.ts), so the two never differ.
 */
export async function deckCounts(
  db: Db,
  options: { userId: string; now: Date } & ({ deckIds: string[] } | { fileId: string }),
): Promise<Map<string, DeckCounts>> {
  const { userId, now } = options;
  const rows = await db
    .select({ deckId: deck.id, cardId: flashcard.id, state: cardState.state, due: cardState.due })
    .from(deck)
    .leftJoin(flashcard, eq(flashcard.deckId, deck.id))
    .leftJoin(cardState, and(eq(cardState.cardId, flashcard.id), eq(cardState.userId, userId)))
    .where('fileId' in options ? eq(deck.fileId, options.fileId) : inArray(deck.id, options.deckIds))
    .orderBy(asc(deck.id), asc(flashcard.position));
  const cardsOf = new Map<string, { schedule: QueueSchedule | null }[]>();
  for (const row of rows) {
    const cards = cardsOf.get(row.deckId) ?? [];
    cardsOf.set(row.deckId, cards);
    if (row.cardId === null) continue;
    cards.push({ schedule: row.state === null || row.due === null ? null : { state: row.state, due: row.due } });
  }
  const started = await newStartedToday(db, userId, [...cardsOf.keys()], now);
  const counts = new Map<string, DeckCounts>();
  for (const [deckId, cards] of cardsOf) {
    const newLeftToday = Math.max(0, NEW_CARDS_PER_DAY - (started.get(deckId) ?? 0));
    const queue = studyQueue(cards, { now, newLeftToday });
    const schedules = cards.flatMap(({ schedule }) => (schedule ? [schedule] : []));
    const nextDue = schedules.reduce<number | null>((next, { due }) => (due > now && (next === null || due.getTime() < next) ? due.getTime() : next), null);
    counts.set(deckId, {
      total: cards.length,
      new: cards.length - schedules.length,
      learning: schedules.filter(({ state }) => isLearning(state)).length,
      due: schedules.filter((schedule) => queueKind(schedule, now) === 'review').length,
      toStudy: queue.length,
      toStudyBy: queueCounts(queue, now),
      newLeftToday,
      nextDue: nextDue === null ? null : new Date(nextDue),
    });
  }
  return counts;
}

/** One deck's counts (a deck without cards counts zeros). */
export async function countsOfDeck(db: Db, userId: string, deckId: string, now: Date): Promise<DeckCounts> {
  const counts = (await deckCounts(db, { userId, now, deckIds: [deckId] })).get(deckId);
  return counts ?? { total: 0, new: 0, learning: 0, due: 0, toStudy: 0, toStudyBy: { new: 0, learning: 0, due: 0 }, newLeftToday: NEW_CARDS_PER_DAY, nextDue: null };
}

/**
 * Ratings this user made today and did not undo: the counter the daily flashcards quest reads, on the
 * user's local day in their time zone.
 */
export async function reviewsToday(db: Db, userId: string, now: Date = new Date()): Promise<number> {
  const [owner] = await db.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, userId));
  if (!owner) return 0;
  const [row] = await db
    .select({ count: dailyActivity.flashcards })
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, localDay(owner.timeZone, now))));
  return row?.count ?? 0;
}
