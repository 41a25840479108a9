import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimit, user } from '../db/schema';
import type { Services } from '../services';
import { consumeRateLimit } from './rate-limits';

/**
 * The better-auth routes that check a password without a session, and the body field naming the account. (Changing
 * the password or deleting the account checks one too, but needs a signed-in session first.)
 */
const PASSWORD_SIGN_IN_ROUTES: Readonly<Record<string, 'email' | 'username'>> = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-in/username': 'username',
};

export const TOO_MANY_FAILED_SIGN_INS = 'TOO_MANY_FAILED_SIGN_INS';

export function tooManyFailedSignInsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** The identifier given, lower-cased, or null when the body has none (better-auth then refuses the request itself). */
async function identifierOf(request: Request, field: 'email' | 'username'): Promise<string | null> {
  try {
    const body: unknown = await request.clone().json();
    const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Longer than any email address (254) or username: no account has it, and it is not looked up. */
const IDENTIFIER_MAX_LENGTH = 320;

/**
 * The counter of the account the identifier names, so its email and its username share one; else of the identifier,
 * by its hash (whatever was sent: a key of bounded length, and no byte the database refuses).
 */
async function accountKey(db: Db, field: 'email' | 'username', identifier: string): Promise<string> {
  const column = field === 'email' ? user.email : user.username;
  const searchable = identifier.length <= IDENTIFIER_MAX_LENGTH && !identifier.includes('\u0000');
  const [found] = searchable
    ? await db.select({ id: user.id }).from(user).where(sql`lower(${column}) = ${identifier}`).limit(1)
    : [];
  if (found) return `studypath:sign-in-failures:account:${found.id}`;
  return `studypath:sign-in-failures:${field}:${createHash('sha256').update(identifier).digest('hex')}`;
}

/** Takes back one count of a window still running: the attempt turned out not to be a failed sign-in. */
async function refund(db: Db, key: string, now: number): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, key), gt(rateLimit.lastRequest, now)));
}

/**
 * Failed sign-ins, counted per client address and per account across every password sign-in route, in the
 * database's rate_limit table (shared by every web process, expired rows pruned by better-auth's limiter). Each attempt
 * counts up front, so that concurrent attempts cannot all slip in under the limit; an attempt that was not a wrong
 * identifier or password (a 401) is taken back, and a successful sign-in clears the account's count (not the
 * address's). Past either limit the attempt is refused with 429 before better-auth checks the password — the right
 * one included — until the window ends.
 */
export async function limitedSignIn(
  services: Services,
  request: Request,
  ip: string,
  signIn: () => Promise<Response>,
  now: number = Date.now(),
): Promise<Response> {
  const field = request.method === 'POST' ? PASSWORD_SIGN_IN_ROUTES[new URL(request.url).pathname] : undefined;
  if (!field) return signIn();
  const { db, config } = services;
  const limits = config.signInFailures;
  const identifier = await identifierOf(request, field);
  const keys = [
    { key: `studypath:sign-in-failures:ip:${ip}`, max: limits.perAddress },
    ...(identifier ? [{ key: await accountKey(db, field, identifier), max: limits.perAccount }] : []),
  ];
  const decisions = await Promise.all(
    keys.map(({ key, max }) => consumeRateLimit(db, { key, rule: { max, windowSeconds: limits.windowSeconds }, now })),
  );
  const waits = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
  if (waits.length > 0) {
    const seconds = Math.max(...waits);
    services.log.info({ ip, retryAfterSeconds: seconds }, 'failed sign-in limit reached');
    return Response.json(
      { code: TOO_MANY_FAILED_SIGN_INS, message: tooManyFailedSignInsMessage(seconds) },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    );
  }
  const response = await signIn();
  if (response.status === 401) return response;
  await Promise.all(keys.map(({ key }, index) => (response.ok && index > 0 ? db.delete(rateLimit).where(eq(rateLimit.key, key)) : refund(db, key, now))));
  return response;
}
