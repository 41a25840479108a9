export interface AuthCall {
  path: string;
  body: Record<string, unknown>;
}

type Reply = { status: number; body: unknown } | Error;
type FetchHandler = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

let handler: FetchHandler = () => Promise.reject(new Error('No fake auth server is running'));

/**
 * better-auth's client keeps the fetch it finds when its module loads, so a test installs this delegate before any
 * import (inside vi.hoisted) and each fakeAuthServer then swaps what the delegate answers.
 */
export function installFetchDelegate(): void {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => handler(input, init)) as typeof fetch;
}

/**
 * Fakes the auth server at the network edge, so pages and forms run through the real better-auth client. `reply`
 * answers sign-in and sign-up calls; a 200 answer signs the visitor in, which get-session then reports.
 */
export function fakeAuthServer(reply: (call: AuthCall) => Reply, options: { signedIn?: boolean } = {}) {
  const calls: AuthCall[] = [];
  let session: unknown = options.signedIn ? SESSION : null;
  handler = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    if (path === '/get-session') return json(200, session);
    const call = { path, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> };
    calls.push(call);
    const answer = reply(call);
    if (answer instanceof Error) throw answer;
    if (answer.status === 200) session = SESSION;
    return json(answer.status, answer.body);
  };
  return { calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = { id: 'u1', name: 'Lena', email: 'lena@example.com', emailVerified: false, username: 'lena_h' };
const SESSION = { session: { id: 's1', userId: USER.id, token: 'token', expiresAt: '2099-01-01T00:00:00.000Z' }, user: USER };

export const SIGNED_IN = { status: 200, body: { token: 'token', user: USER } };
