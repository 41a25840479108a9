import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { EMBEDDED_SESSION_ELEMENT_ID, type SessionData } from '../../shared/session';

/**
 * Who is signed in, as GET /api/auth/get-session answers (better-auth: the session and its user, or null). Read with
 * a plain request rather than better-auth's client, which the first chunk would otherwise carry for every visitor;
 * that client (lib/auth-client.ts) loads with the forms that sign in, sign up and sign out.
 */
export type { SessionData, SessionUser } from '../../shared/session';

async function fetchSession(): Promise<SessionData | null> {
  const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  // As better-auth's client answered before: a refused or failed lookup is nobody signed in (the guards then offer the
  // sign-in, which brings the student back), never an error page. A lost connection still throws and is retried.
  if (!response.ok) return null;
  // better-auth answers `null` (the JSON literal) when nobody is signed in.
  const body = (await response.json()) as SessionData | null;
  return body?.user ? body : null;
}

/** A minute: signing in and out refetch it at once; otherwise who is signed in changes rarely. */
const SESSION_STALE_MS = 60_000;

/** The session as a query, so route guards and components share one cached request. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: fetchSession,
  staleTime: SESSION_STALE_MS,
});

/**
 * The session the server wrote into the page (null: nobody signed in), read once and removed; undefined when the page
 * carries none (a prerendered page, the dev server).
 */
export function takeEmbeddedSession(): SessionData | null | undefined {
  const element = document.getElementById(EMBEDDED_SESSION_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as SessionData | null;
    return value?.user ? value : null;
  } catch {
    return undefined;
  }
}

/**
 * Puts a session known without asking (written into the page) into the cache as if it had been fetched. Set with the
 * query's function as its default: a query set bare has none, and after signing in or out it would never be asked
 * again (react-query also skips refetching a query that has only initial data and no observer).
 */
export function seedSession(queryClient: QueryClient, session: SessionData | null): void {
  queryClient.setQueryDefaults(sessionQueryOptions.queryKey, { queryFn: fetchSession, staleTime: SESSION_STALE_MS });
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
}
