import { eq } from 'drizzle-orm';
import { usernameSchema } from '../../shared/auth';
import type { Db } from '../db/client';
import { user } from '../db/schema';

/**
 * The sign-up body field carrying the username of a `/auth?ref=username` link. It is not a user field, so better-auth
 * ignores it; `referredBy` itself stays `input: false` (a body that sets it is refused).
 */
export const REFERRER_FIELD = 'referrer';

/**
 * Who referred a new account (spec §6: referred users get the longer trial): the stored username of the account named
 * by `value`, or null when it is not a username or nobody has it. Called while the account is created — before it
 * exists — so nobody can refer themselves, and referredBy is set once, never later.
 */
export async function referrerUsername(db: Db, value: unknown): Promise<string | null> {
  const parsed = usernameSchema.safeParse(value);
  if (!parsed.success) return null;
  const [row] = await db
    .select({ username: user.username })
    .from(user)
    .where(eq(user.username, parsed.data.toLowerCase()))
    .limit(1);
  return row?.username ?? null;
}
