import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Gamification (DESIGN §5): what a user did per day of their own calendar (the quests' counters and the
 * streak's days), XP per week for the leaderboard, completed quests, and shop purchases. The user row holds the running
 * balances (points, hearts, streak, freezes, xpTotal); every change to them happens in one transaction with the rows
 * here, the user row locked.
 */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The user's local date (their time zone at the moment of the activity). */
    day: date('day', { mode: 'string' }).notNull(),
    /** Challenges answered (right or wrong; skips do not count). */
    challenges: integer('challenges').notNull().default(0),
    /** Flashcard ratings (an undone rating is taken back). */
    flashcards: integer('flashcards').notNull().default(0),
    /** Questions asked to the tutor. */
    messages: integer('messages').notNull().default(0),
    /** Lessons finished (practice included). */
    lessons: integer('lessons').notNull().default(0),
    /** Points earned this day. */
    xp: integer('xp').notNull().default(0),
    /** A day without activity that a streak freeze covered. */
    freezeUsed: boolean('freeze_used').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** XP earned per week (weeks start Monday 00:00 UTC); the weekly leaderboard. */
export const weeklyXp = pgTable(
  'weekly_xp',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The Monday (UTC) the week starts. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    xp: integer('xp').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] }), index('weekly_xp_week_xp_idx').on(table.weekStart, table.xp)],
);

/**
 * A quest the user completed: a daily one once per local day (`period` 'YYYY-MM-DD'), an XP milestone once ever
 * (`period` 'once'). The points were awarded in the same transaction; `seenAt` is set when the celebration was shown.
 */
export const questCompletion = pgTable(
  'quest_completion',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    questId: text('quest_id').notNull(),
    period: text('period').notNull(),
    points: integer('points').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.questId, table.period] })],
);

export const shopItems = ['heart_refill', 'streak_freeze'] as const;
export type ShopItem = (typeof shopItems)[number];

/**
 * A purchase in the shop. The client sends a request id per click; a replay of the same request finds its row and is
 * answered without charging again.
 */
export const purchase = pgTable(
  'purchase',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    item: text('item', { enum: shopItems }).notNull(),
    cost: integer('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('purchase_user_request_idx').on(table.userId, table.requestId)],
);
