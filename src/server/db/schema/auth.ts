import { bigint, boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The tables better-auth needs (user, session, account, verification, rateLimit), with the user extended by the
 * product's own fields. Property names are what better-auth's adapter uses; column names are snake_case.
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    displayUsername: text('display_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    locale: text('locale', { enum: ['en', 'de'] }),
    referredBy: text('referred_by'),
    points: integer('points').notNull().default(0),
    hearts: integer('hearts').notNull().default(5),
    stars: integer('stars').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    /** The longest streak ever, the user's last counted day (their local date) and streak freezes owned. */
    longestStreak: integer('longest_streak').notNull().default(0),
    streakLastDay: date('streak_last_day', { mode: 'string' }),
    streakFreezes: integer('streak_freezes').notNull().default(0),
    /** Every point ever earned (spending in the shop does not lower it): the all-time leaderboard. */
    xpTotal: integer('xp_total').notNull().default(0),
    /** The IANA time zone the user's days (streaks, quests) are counted in; the browser reports it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    plan: text('plan', { enum: ['free', 'pro', 'ultra', 'enterprise'] })
      .notNull()
      .default('free'),
    planInterval: text('plan_interval', { enum: ['monthly', 'yearly'] }),
    subscriptionStatus: text('subscription_status'),
    stripeCurrentPeriodEnd: timestamp('stripe_current_period_end', { withTimezone: true }),
    stripeSubscriptionStart: timestamp('stripe_subscription_start', { withTimezone: true }),
    isCanceled: boolean('is_canceled').notNull().default(false),
    isTrialActive: boolean('is_trial_active').notNull().default(false),
    isTrialCanceled: boolean('is_trial_canceled').notNull().default(false),
    /** The Stripe customer, subscription and price the user's plan comes from (null without a subscription). */
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripePriceId: text('stripe_price_id'),
    /**
     * When the Stripe event last applied to this user's subscription was created: an older event arriving late (Stripe
     * does not guarantee order) must not undo a newer one.
     */
    billingEventAt: timestamp('billing_event_at', { withTimezone: true }),
    /** A user gets one free trial; set when a trial subscription is first created for them. */
    hasUsedTrial: boolean('has_used_trial').notNull().default(false),
    /** The currency the user pays in (usd, eur, gbp, cad, aud); the browser also keeps it locally as userCurrency. */
    currency: text('currency', { enum: ['usd', 'eur', 'gbp', 'cad', 'aud'] }),
    // No foreign keys: they would make this schema file and courses.ts import each other. The courses domain clears
    // both ids when it deletes what they point to, and every read joins on the owner, so a stale id reads as none.
    activeFileId: text('active_file_id'),
    activeDirectoryId: text('active_directory_id'),
  },
  (table) => [index('user_xp_total_idx').on(table.xpTotal)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Auth rate-limit counters live in the database so every web process sees the same counts. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Every Stripe webhook event already handled, by its id: a replayed or re-delivered event is acknowledged and
 * ignored (Stripe delivers at least once).
 */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
