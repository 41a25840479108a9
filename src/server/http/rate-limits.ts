import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { RateLimitedAction, RateLimitRule } from '../config';
import type { Db } from '../db/client';
import { rateLimit } from '../db/schema';
import { AppError } from '../errors';
import type { Services } from '../services';
import { clientIp } from './client-ip';
import { refuse } from './refusal';
import { requestSession } from './session';

/** The procedures that start generation (a job, or a model call): their calls count against the 'generation' limit. */
export const GENERATION_PROCEDURES: readonly string[] = [
  'file.regenerateArtefact',
  'file.retryProcessing',
  'decks.generate',
  'spaces.generateDescriptionAndTags',
];

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError({
    code: 'TOO_MANY_REQUESTS',
    userMessage: `Too many requests. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`,
    messageKey: 'tooManyRequests',
    messageParams: { count: retryAfterSeconds },
  });

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts `cost` requests of `key` in fixed windows of `rule.windowSeconds`: one atomic upsert into better-auth's
 * rate_limit table, so that every web process shares the count (DESIGN §8) and nothing lives in a process's memory.
 * Our keys begin with "studypath:", better-auth's with a client address, so the two never meet. For our rows
 * last_request holds the end of the current window: better-auth prunes rows whose last_request lies more than its
 * longest window in the past, which for ours means windows long over.
 */
export async function consumeRateLimit(
  db: Db,
  options: { key: string; rule: RateLimitRule; cost?: number; now?: number },
): Promise<RateLimitDecision> {
  const { key, rule, cost = 1, now = Date.now() } = options;
  const windowEnd = now + rule.windowSeconds * 1000;
  const windowOver = sql`${rateLimit.lastRequest} <= ${now}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: cost, lastRequest: windowEnd })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${windowOver} then ${cost} else ${rateLimit.count} + ${cost} end`,
        lastRequest: sql`case when ${windowOver} then ${windowEnd} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowEnd: rateLimit.lastRequest });
  if (!row) throw new Error('the rate limit upsert returned no row');
  if (row.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.windowEnd) - now) / 1000)) };
}

/** Whom a limit counts: the signed-in user wherever they come from, else the client's address. */
function limitKey(action: RateLimitedAction, userId: string | undefined, ip: string): string {
  return userId ? `studypath:${action}:user:${userId}` : `studypath:${action}:ip:${ip}`;
}

async function decide(services: Services, action: RateLimitedAction, userId: string | undefined, ip: string, cost: number) {
  const decision = await consumeRateLimit(services.db, { key: limitKey(action, userId, ip), rule: services.config.rateLimits[action], cost });
  if (!decision.allowed) {
    services.log.info({ action, userId, ip: userId ? undefined : ip, retryAfterSeconds: decision.retryAfterSeconds }, 'rate limit reached');
  }
  return decision;
}

/**
 * The limit of an HTTP route (POST /api/files, POST /api/chat), checked before the route reads the body: 429 with
 * 'Too many requests. Please wait N seconds and try again.' and Retry-After.
 */
export function rateLimited(services: Services, action: RateLimitedAction): MiddlewareHandler {
  return async (c, next) => {
    const session = await requestSession(services, c.req.raw);
    const decision = await decide(services, action, session?.user.id, clientIp(c, services.config.trustProxy), 1);
    if (decision.allowed) return next();
    const seconds = decision.retryAfterSeconds;
    return refuse(c, tooManyRequests(seconds), { 'Retry-After': String(seconds) });
  };
}

/**
 * The generation limit of a tRPC request, from the calls tRPC itself parsed (a batch counts each generating call).
 * Thrown from the request's context, a refusal fails every call of the batch with the AppError's message key, and
 * Retry-After goes out with it through `resHeaders`.
 */
export async function limitGeneration(options: {
  services: Services;
  paths: readonly string[];
  userId: string | undefined;
  ip: string;
  resHeaders: Headers;
}): Promise<void> {
  const { services, paths, userId, ip, resHeaders } = options;
  const cost = paths.filter((path) => GENERATION_PROCEDURES.includes(path)).length;
  if (cost === 0) return;
  const decision = await decide(services, 'generation', userId, ip, cost);
  if (decision.allowed) return;
  resHeaders.set('Retry-After', String(decision.retryAfterSeconds));
  const error = tooManyRequests(decision.retryAfterSeconds);
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.userMessage, cause: error });
}
