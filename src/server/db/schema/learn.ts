import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { file } from './courses';
import { challenge, lesson, unit } from './study';

/**
 * The Exams tab (DESIGN §5): each user's attempts at challenges, their reports, and their best result per
 * lesson. Attempts carry their lesson and unit as well, so that the statistics group them in SQL without joining the
 * learn path's tables for every row. Everything goes with the user, and with the learn path when it is made again.
 */
export const challengeAttemptStatuses = ['correct', 'incorrect', 'skipped'] as const;
export type ChallengeAttemptStatus = (typeof challengeAttemptStatuses)[number];

export const challengeAttempt = pgTable(
  'challenge_attempt',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenge.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    unitId: text('unit_id')
      .notNull()
      .references(() => unit.id, { onDelete: 'cascade' }),
    status: text('status', { enum: challengeAttemptStatuses }).notNull(),
    /** Milliseconds from showing the challenge to the answer, clamped by the server to 0–30 minutes. */
    timeToCompleteMs: integer('time_to_complete_ms').notNull(),
    /** Played again after the lesson was completed: no hearts lost. */
    practice: boolean('practice').notNull().default(false),
    /** The lesson run the attempt belongs to (one play of a lesson from start to finish). */
    runId: text('run_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('challenge_attempt_user_lesson_idx').on(table.userId, table.lessonId, table.createdAt),
    index('challenge_attempt_user_unit_idx').on(table.userId, table.unitId),
    index('challenge_attempt_user_created_idx').on(table.userId, table.createdAt),
    index('challenge_attempt_run_idx').on(table.runId),
  ],
);

/** A challenge a user reported as wrong or unclear; unreporting deletes the row. */
export const challengeReport = pgTable(
  'challenge_report',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenge.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin reviewed the report (the /admin queue shows reports not yet reviewed). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.challengeId] })],
);

/** A user's best result of a lesson: completed once it was finished, best stars and accuracy kept. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    unitId: text('unit_id')
      .notNull()
      .references(() => unit.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bestStars: integer('best_stars').notNull().default(0),
    bestAccuracy: real('best_accuracy').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index('lesson_progress_user_unit_idx').on(table.userId, table.unitId)],
);

/**
 * A review of a file's mistakes (issue 22, learn.getReview): challenges drawn from every lesson of the file the user
 * has completed, the weakest first (shared/lesson-rules.ts weaknessOf), played as one practice run. The row holds
 * what was asked, so the run can only be answered with those challenges and finished once, with all of them right.
 */
export const reviewRun = pgTable(
  'review_run',
  {
    /** The run id the attempts carry. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    challengeIds: jsonb('challenge_ids').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('review_run_user_idx').on(table.userId, table.createdAt)],
);
