import { eq } from 'drizzle-orm';
import { safeProfileImage } from '../../shared/profile';
import { canonicalTimeZone } from '../../shared/gamification-rules';
import type { BillingInfo } from '../../shared/billing';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { AppError } from '../errors';

const userNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'User not found.', messageKey: 'userNotFound' });

async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw userNotFound();
  return row;
}

/** The User entity of spec §3. A user may read only their own record; any other id answers NOT_FOUND. */
export async function getUser(options: { db: Db; actorId: string; userId: string }) {
  if (options.actorId !== options.userId) throw userNotFound();
  const row = await findUser(options.db, options.userId);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    image: safeProfileImage(row.image),
    createdAt: row.createdAt,
    locale: row.locale,
    stripeCurrentPeriodEnd: row.stripeCurrentPeriodEnd,
    stripeSubscriptionStart: row.stripeSubscriptionStart,
    referredBy: row.referredBy,
    isCanceled: row.isCanceled,
    isTrialActive: row.isTrialActive,
    isTrialCanceled: row.isTrialCanceled,
    currency: row.currency,
  };
}

export async function getBillingInfo(options: { db: Db; userId: string }): Promise<BillingInfo> {
  const row = await findUser(options.db, options.userId);
  return {
    plan: row.plan,
    isProSubscribed: row.plan === 'pro',
    isUltra: row.plan === 'ultra',
    isEnterprise: row.plan === 'enterprise',
    isTrialActive: row.isTrialActive,
    isTrialCanceled: row.isTrialCanceled,
    isCanceled: row.isCanceled,
    planInterval: row.planInterval,
    status: row.subscriptionStatus,
    currentPeriodEnd: row.stripeCurrentPeriodEnd,
    currency: row.currency,
    hasUsedTrial: row.hasUsedTrial,
  };
}

export async function setLocale(options: { db: Db; userId: string; locale: 'en' | 'de' }) {
  await options.db.update(user).set({ locale: options.locale, updatedAt: new Date() }).where(eq(user.id, options.userId));
  return { locale: options.locale };
}

const invalidTimeZone = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This time zone is not known. Reload the page to try again.',
    messageKey: 'invalidTimeZone',
  });

/**
 * The IANA time zone the user's days (streak, daily quests) are counted in; the browser reports it. Stored in its
 * canonical spelling; an unknown zone is refused.
 */
export async function setTimeZone(options: { db: Db; userId: string; timeZone: string }) {
  const timeZone = canonicalTimeZone(options.timeZone);
  if (!timeZone) throw invalidTimeZone();
  await options.db.update(user).set({ timeZone, updatedAt: new Date() }).where(eq(user.id, options.userId));
  return { timeZone };
}
