import { and, eq, ne } from 'drizzle-orm';
import type { Currency } from '../../shared/currency';
import type { UpdateProfileInput } from '../../shared/profile';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { AppError } from '../errors';

const usernameTaken = () =>
  new AppError({ code: 'CONFLICT', userMessage: 'This username is already taken. Choose another one.', messageKey: 'usernameTaken' });

/** PostgreSQL's unique_violation: another account took the username between our check and the update. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface Profile {
  name: string;
  username: string | null;
  image: string | null;
}

/**
 * Changes the caller's name, username or avatar (/settings). The input is already checked by
 * updateProfileSchema; fields left out stay as they are. A username is stored as better-auth's username plugin stores
 * it — lower case, with the spelling as typed kept as displayUsername — and is unique without regard to case.
 */
export async function updateProfile(options: { db: Db; userId: string; changes: UpdateProfileInput }): Promise<Profile> {
  const { db, userId, changes } = options;
  const set: Partial<typeof user.$inferInsert> = { updatedAt: new Date() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.image !== undefined) set.image = changes.image;
  if (changes.username !== undefined) {
    const username = changes.username.toLowerCase();
    const [other] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.username, username), ne(user.id, userId)))
      .limit(1);
    if (other) throw usernameTaken();
    set.username = username;
    set.displayUsername = changes.username;
  }
  try {
    const [row] = await db
      .update(user)
      .set(set)
      .where(eq(user.id, userId))
      .returning({ name: user.name, username: user.username, image: user.image });
    if (!row) throw new Error(`updateProfile: user ${userId} does not exist`);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** The currency the user chose in the settings (spec §3); detectCurrency answers it before any guess. */
export async function setCurrency(options: { db: Db; userId: string; currency: Currency }) {
  await options.db.update(user).set({ currency: options.currency, updatedAt: new Date() }).where(eq(user.id, options.userId));
  return { currency: options.currency };
}
