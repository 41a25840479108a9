import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { CARD_PHASES, RATING_NAMES, RATINGS, type CardPhase, type CardRating, type RatingName } from './decks';

/**
 * The FSRS scheduler (ts-fsrs) with its published default parameters: 90 % retention, learning steps 1 m and 10 m,
 * relearning step 10 m. Fuzz is off so that the same ratings give the same intervals, which tests, the interval shown
 * on a rating button and a rating made offline rely on: the server, the study session and the offline review all
 * compute a card's next schedule with these same functions, so a rating sent later is scheduled as it was shown.
 */
export const scheduler = fsrs({ enable_fuzz: false });

/**
 * How far ahead a card in its learning steps is shown again when nothing else is left (Anki's "learn ahead"): a
 * card rated Again or Good in its first steps comes back in the same session instead of minutes after it.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
export const STATE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

/** One user's schedule of one card: the columns of card_state that hold it (ts-fsrs `Card`). */
export interface ScheduleColumns {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

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

export const isLearning = (state: number) => state === STATE.learning || state === STATE.relearning;

/** Whether a card just scheduled `next` at `now` comes back within the same session (within LEARN_AHEAD_MS). */
export const comesBackInSession = (next: ScheduleColumns, now: Date) =>
  isLearning(next.state) && next.due.getTime() <= now.getTime() + LEARN_AHEAD_MS;
