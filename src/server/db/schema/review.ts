import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { flashcard } from './study';

/**
 * Spaced repetition (DESIGN §5, ts-fsrs): each user's own schedule of each card they have studied, and a log of their
 * ratings. A card never studied has no row (it is new). Both go with the card (a regenerated deck starts afresh) and
 * with the user.
 */

/** The FSRS state of one card for one user (ts-fsrs `Card`; `state` 0 new, 1 learning, 2 review, 3 relearning). */
export const cardState = pgTable(
  'card_state',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => flashcard.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.cardId] }), index('card_state_user_due_idx').on(table.userId, table.due)],
);

/** The card's state before a rating, kept with the rating so that the last one can be undone exactly. */
export type CardStateSnapshot = Omit<typeof cardState.$inferSelect, 'userId' | 'cardId' | 'updatedAt' | 'due' | 'lastReview'> & {
  due: string;
  lastReview: string | null;
};

/** One rating (1 Again, 2 Hard, 3 Good, 4 Easy) of one card by one user. */
export const reviewLog = pgTable(
  'review_log',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => flashcard.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** The state the rating moved the card from; null when the card was new (undo removes its state row). */
    previous: jsonb('previous').$type<CardStateSnapshot | null>(),
    /** The interval the rating scheduled, in days (0 for a step within the day). */
    scheduledDays: integer('scheduled_days').notNull(),
    /** How long the card was shown before the rating, when the client measured it. */
    durationMs: integer('duration_ms'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('review_log_user_reviewed_idx').on(table.userId, table.reviewedAt)],
);
