import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import superjson from 'superjson';
import { type AppError, httpStatusOf, trpcCodeOf } from '../errors';

/** The paths tRPC answers; a refusal there has tRPC's error shape, so that the client reads its message key. */
export const TRPC_PREFIX = '/api/trpc/';

/**
 * The JSON body of a refusal made before a route runs (another site, too many requests, a body that is not JSON), in
 * the shape that route's clients read: POST /api/files, /api/chat and the file routes answer
 * `{ error: { code, message, messageKey, messageParams } }`; tRPC clients get the error envelope the procedures' errors
 * have (one object stands for every call of a batch), with the same fields the error formatter gives an AppError.
 */
function refusalBody(path: string, error: AppError) {
  const { code, userMessage: message, messageKey, messageParams } = error;
  if (!path.startsWith(TRPC_PREFIX)) return routeErrorBody(error);
  const fields = { code, httpStatus: httpStatusOf[code], appCode: code, messageKey, messageParams };
  // Absent fields are left out rather than sent as superjson's `undefined` markers.
  const data = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { error: superjson.serialize({ message, code: TRPC_ERROR_CODES_BY_KEY[trpcCodeOf(code)], data }) };
}

/**
 * Answers `error` before the route has read the request's body; the connection is closed so that a client still
 * sending a large body (an upload) stops instead of having it drained.
 */
export function refuse(c: HonoContext, error: AppError, headers: Record<string, string> = {}): Response {
  return c.json(refusalBody(c.req.path, error), httpStatusOf[error.code] as ContentfulStatusCode, {
    Connection: 'close',
    ...headers,
  });
}

/** The body of a refusal of POST /api/files, /api/chat and the file routes: `{ error: { code, message, messageKey, messageParams } }`. */
function routeErrorBody(error: AppError) {
  const { code, userMessage: message, messageKey, messageParams } = error;
  return { error: { code, message, messageKey, messageParams } };
}

/** A refusal those routes make themselves (after reading the request), with the code's status. */
export function errorResponse(c: HonoContext, error: AppError): Response {
  return c.json(routeErrorBody(error), httpStatusOf[error.code] as ContentfulStatusCode);
}
