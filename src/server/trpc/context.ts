import type { Logger } from '../logger';
import type { SessionUser } from '../../shared/session';
import type { Services } from '../services';

// The signed-in user as both sides keep it (the client reads the same shape from the page and GET /api/auth/get-session).
export type { SessionUser } from '../../shared/session';

export interface Context {
  services: Services;
  log: Logger;
  user: SessionUser | null;
  headers: Headers;
}

/**
 * Builds the tRPC context of one request: the services and, when the request carries a valid session, its user. Over
 * HTTP the session is the request's one lookup (`session`, from http/session.ts); callers without a request (tests, the
 * server's own calls) pass headers only.
 */
export async function createContext(
  services: Services,
  headers: Headers,
  session?: Promise<{ user: SessionUser } | null>,
): Promise<Context> {
  const found = await (session ?? services.auth.api.getSession({ headers }));
  return { services, log: services.log, user: found?.user ?? null, headers };
}
