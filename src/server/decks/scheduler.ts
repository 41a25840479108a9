import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { cardState, CardStateSnapshot } from '../db/schema';
import { CARD_PHASES, RATING_NAMES, RATINGS, type CardPhase, type CardRating, type RatingName } from '../../shared/decks';

/**
 * The FSRS scheduler (ts-fsrs) with its published default parameters: 90 % retention, learning steps 1 m and 10 m,
 * relearning step 10 m. Fuzz is off so that the same ratings give the same intervals, which tests and the interval
 * shown on a rating button rely on.
 */
export const scheduler = fsrs({ enable_fuzz: false });

export type CardStateRow = typeof cardState.$inferSelect;
/** The columns of card_state that hold the schedule (everything but the keys and updatedAt). */
export type ScheduleColumns = Omit<CardStateRow, 'userId' | 'cardId' | 'updatedAt'>;

const GRADES: Record<CardRating, Grade> = { 1: Rating.Again, 2: Rating.Hard, 3: Rating.Good, 4: Rating.Easy };

/** The ts-fsrs card for a stored schedule; a card never studied (no row) is an empty card due now. */
export function fsrsCardOf(row: ScheduleColumns | null, now: Date): Card {
  if (!row) return createEmptyCard(now);
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

export function scheduleColumnsOf(card: Card): ScheduleColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The schedule as review_log keeps it (JSON), so an undo can put it back exactly. */
export function snapshotOf(row: ScheduleColumns): CardStateSnapshot {
  return {
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    due: row.due.toISOString(),
    lastReview: row.lastReview ? row.lastReview.toISOString() : null,
  };
}

export function scheduleColumnsFromSnapshot(snapshot: CardStateSnapshot): ScheduleColumns {
  return { ...snapshot, due: new Date(snapshot.due), lastReview: snapshot.lastReview ? new Date(snapshot.lastReview) : null };
}

/** The card's schedule after `rating` at `now`. */
export function rate(row: ScheduleColumns | null, rating: CardRating, now: Date): ScheduleColumns {
  return scheduleColumnsOf(scheduler.next(fsrsCardOf(row, now), now, GRADES[rating]).card);
}

/** For each rating, how long (ms) until the card would come back if rated so at `now`: what the buttons show. */
export function intervalsOf(row: ScheduleColumns | null, now: Date): Record<RatingName, number> {
  const preview = scheduler.repeat(fsrsCardOf(row, now), now);
  const intervals = { again: 0, hard: 0, good: 0, easy: 0 };
  for (const rating of RATINGS) {
    intervals[RATING_NAMES[rating]] = Math.max(0, preview[GRADES[rating]].card.due.getTime() - now.getTime());
  }
  return intervals;
}

export function phaseOf(row: Pick<ScheduleColumns, 'state'> | null): CardPhase {
  return CARD_PHASES[row?.state ?? State.New] ?? 'new';
}
