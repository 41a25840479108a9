import type { Services } from '../services';

export type Session = Awaited<ReturnType<Services['auth']['api']['getSession']>>;

const sessions = new WeakMap<Request, Promise<Session>>();

/**
 * The session of a request, looked up once however many steps ask for it: the rate limit and then the route of an
 * upload or a chat message, the file routes, and the tRPC context all read this one lookup (one query to the session
 * table, not two). Kept with the request object itself, so it goes when the request does.
 */
export function requestSession(services: Services, request: Request): Promise<Session> {
  let session = sessions.get(request);
  if (!session) {
    session = services.auth.api.getSession({ headers: request.headers });
    sessions.set(request, session);
  }
  return session;
}
