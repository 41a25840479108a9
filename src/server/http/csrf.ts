import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { refuse } from './refusal';

/** Methods that change nothing; every other one is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const foreignOrigin = () =>
  new AppError({ code: 'FORBIDDEN', userMessage: 'This request came from another site.', messageKey: 'foreignOrigin' });

export const requestNotJson = () =>
  new AppError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    userMessage: 'Send this request as JSON (Content-Type: application/json).',
    messageKey: 'requestNotJson',
  });

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/**
 * Whether a state-changing request comes from one of the app's own pages, as the browser tells it:
 * - the Origin header, when there is one, must be a trusted origin. `null` is an opaque origin (a sandboxed document,
 *   a redirect, a form posted under Referrer-Policy no-referrer): trusted only when the browser's own Sec-Fetch-Site,
 *   which no page can set, says same-origin;
 * - without Origin, the Referer's origin must be trusted;
 * - with neither, the request is not a browser's: every browser sends Origin with a POST (and with PUT, PATCH,
 *   DELETE). Scripts, tests and server-side clients send none and carry no cookie a page of another site could ride
 *   on, so they pass, unless fetch metadata says a browser sent it from elsewhere.
 */
export function isSameOriginRequest(headers: Headers, trustedOrigins: readonly string[]): boolean {
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  if (origin === 'null') return fetchSite === 'same-origin';
  if (origin !== null) return trustedOrigins.includes(origin);
  const referer = headers.get('referer');
  if (referer !== null) {
    const refererOrigin = originOf(referer);
    return refererOrigin !== null && trustedOrigins.includes(refererOrigin);
  }
  return fetchSite === null || fetchSite === 'same-origin';
}

/**
 * The CSRF check of every state-changing request under /api: tRPC mutations, uploads, chat, better-auth (which checks
 * the Origin of cookie-carrying requests itself too) and any route added later. `exempt` lists the paths another
 * proof authenticates (Stripe's webhook: its signature). A refusal is 403 with 'This request came from another site.'
 */
export function sameOriginOnly(options: { trustedOrigins: readonly string[]; exempt: readonly string[]; log: Logger }): MiddlewareHandler {
  const { trustedOrigins, exempt, log } = options;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    if (isSameOriginRequest(c.req.raw.headers, trustedOrigins)) return next();
    log.info(
      { method: c.req.method, path: c.req.path, origin: c.req.header('origin'), referer: c.req.header('referer'), site: c.req.header('sec-fetch-site') },
      'cross-site request refused',
    );
    return refuse(c, foreignOrigin());
  };
}

/**
 * State-changing requests whose body must be JSON. An HTML form can post text/plain, urlencoded and multipart bodies to
 * any site without a CORS preflight; a JSON content type it cannot send. tRPC would otherwise accept multipart form data
 * (and octet streams) for a mutation.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') return refuse(c, requestNotJson());
    return next();
  };
}
