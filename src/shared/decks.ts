/**
 * Rules of flashcards both sides apply: the server refuses what breaks them, the card form says so before sending.
 */

/** The most characters one side of a card may hold (after trimming). */
export const CARD_SIDE_MAX = 5_000;

export type CardSide = 'front' | 'back';

export type CardTextProblem = 'empty' | 'tooLong';

/** What is wrong with one side's text, or null when it may be stored (as `text.trim()`). */
export function cardTextProblem(text: string): CardTextProblem | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > CARD_SIDE_MAX) return 'tooLong';
  return null;
}

/** The four ratings of a review (ts-fsrs `Rating`): Again, Hard, Good, Easy. */
export const RATINGS = [1, 2, 3, 4] as const;
export type CardRating = (typeof RATINGS)[number];
export const RATING_NAMES = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' } as const satisfies Record<CardRating, string>;
export type RatingName = (typeof RATING_NAMES)[CardRating];

/** How a user's schedule sees a card: never studied, in its learning steps, graduated, or relearning after a lapse. */
export const CARD_PHASES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardPhase = (typeof CARD_PHASES)[number];
