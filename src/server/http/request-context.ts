import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import type { Services } from '../services';
import { sharedStudyOf, type SharedStudy } from '../sharing/study-access';
import { requestSession, type Session } from './session';

/** What the routes a student calls beside tRPC (uploads, the file routes, the chat) know of the caller. */
export type CallerEnv = { Variables: { session: Session; shared: SharedStudy | undefined } };

/** Where a route's clients send the shared-course context: in the query, or in the JSON body beside the request's data. */
type ContextSource = 'query' | 'json-body';

async function sharedOfRequest(c: HonoContext, source: ContextSource): Promise<SharedStudy | undefined> {
  if (source === 'query') {
    const uuid = c.req.query('uuid');
    return uuid ? { uuid: uuid.slice(0, 100) } : undefined;
  }
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) return undefined;
  // Hono keeps the parsed body, so the route reads the same object again without reading the stream twice.
  return sharedStudyOf(await c.req.json().catch(() => undefined));
}

/**
 * The caller of an HTTP route, resolved once per request as the study procedures' context is (src/server/trpc/init.ts):
 * the session (the request's one lookup, http/session.ts, which the rate limit may have made already) and the
 * shared-course context, the same value as the procedures' `ctx.shared` — from the query (`?uuid=`, the uploads and
 * file routes) or from the JSON body (`uuid`, the chat). A query's link id longer than any real one is kept cut to its
 * first 100 characters, so it names no course and the route answers its own not-found, as for any unknown link. A
 * route reading the body place it after its body limit.
 */
export function callerContext(services: Services, source: ContextSource): MiddlewareHandler<CallerEnv> {
  return async (c, next) => {
    c.set('session', await requestSession(services, c.req.raw));
    c.set('shared', await sharedOfRequest(c, source));
    await next();
  };
}
