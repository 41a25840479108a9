import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardState, dailyActivity, deck, flashcard, reviewLog, user } from '../db/schema';
import { localDay } from '../../shared/gamification-rules';
import { STATE } from '../../shared/scheduler';

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
  /** What a session started now holds: cards due now (learning and review) and new cards within today's allowance. */
  toStudy: number;
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

/** Counts of each of `deckIds` (or of every deck of `fileId`) for `userId` at `now`, keyed by deck id. */
export async function deckCounts(
  db: Db,
  options: { userId: string; now: Date } & ({ deckIds: string[] } | { fileId: string }),
): Promise<Map<string, DeckCounts>> {
  const { userId, now } = options;
  const learningStates = sql`(${STATE.learning}, ${STATE.relearning})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      deckId: deck.id,
      total: sql<number>`count(${flashcard.id})::int`,
      new: sql<number>`(count(${flashcard.id}) filter (where ${cardState.cardId} is null))::int`,
      learning: sql<number>`(count(*) filter (where ${cardState.state} in ${learningStates}))::int`,
      learningDue: sql<number>`(count(*) filter (where ${cardState.state} in ${learningStates} and ${cardState.due} <= ${at}))::int`,
      due: sql<number>`(count(*) filter (where ${cardState.state} = ${STATE.review} and ${cardState.due} <= ${at}))::int`,
      nextDue: sql<Date | null>`min(${cardState.due}) filter (where ${cardState.due} > ${at})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(deck)
    .leftJoin(flashcard, eq(flashcard.deckId, deck.id))
    .leftJoin(cardState, and(eq(cardState.cardId, flashcard.id), eq(cardState.userId, userId)))
    .where('fileId' in options ? eq(deck.fileId, options.fileId) : inArray(deck.id, options.deckIds))
    .groupBy(deck.id);
  const started = await newStartedToday(
    db,
    userId,
    rows.map((row) => row.deckId),
    now,
  );
  const counts = new Map<string, DeckCounts>();
  for (const row of rows) {
    const newLeftToday = Math.max(0, NEW_CARDS_PER_DAY - (started.get(row.deckId) ?? 0));
    counts.set(row.deckId, {
      total: row.total,
      new: row.new,
      learning: row.learning,
      due: row.due,
      toStudy: row.learningDue + row.due + Math.min(row.new, newLeftToday),
      newLeftToday,
      nextDue: row.nextDue,
    });
  }
  return counts;
}

/** One deck's counts (a deck without cards counts zeros). */
export async function countsOfDeck(db: Db, userId: string, deckId: string, now: Date): Promise<DeckCounts> {
  const counts = (await deckCounts(db, { userId, now, deckIds: [deckId] })).get(deckId);
  return counts ?? { total: 0, new: 0, learning: 0, due: 0, toStudy: 0, newLeftToday: NEW_CARDS_PER_DAY, nextDue: null };
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
