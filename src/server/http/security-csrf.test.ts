import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, describe, expect, test } from 'vitest';
import { chatMessage, directory, file, user as userTable } from '../db/schema';
import { insertCourse } from '../test/courses';
import { createTestServices, createUser, type TestUser } from '../test/harness';
import type { AppRouter } from '../trpc/router';
import { createApp } from './app';
import { isSameOriginRequest } from './csrf';

const services = await createTestServices({ env: { LOCAL_TUTOR_WORD_MS: '0' } });
afterAll(() => services.close());
// The app itself, not requestApp: these requests choose their Origin and Referer, or send none.
const app = createApp(services);
const APP = services.config.appUrl;

function send(pathname: string, init: { method?: string; headers?: Headers | Record<string, string>; body?: BodyInit }) {
  return app.request(new URL(pathname, APP).toString(), { method: 'POST', ...init });
}

function withSession(user: TestUser, headers: Record<string, string>): Headers {
  const all = new Headers(user.headers);
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  return all;
}

/** The state-changing requests of each kind a page could be tricked into sending, and how to tell nothing happened. */
async function stateChangingRequests(user: TestUser) {
  const course = await insertCourse(services, user);
  const coursesOf = async () => (await services.db.select().from(directory).where(eq(directory.ownerId, user.user.id))).length;
  const filesOf = async () => (await services.db.select().from(file).where(eq(file.ownerId, user.user.id))).length;
  const messagesOf = async () => (await services.db.select().from(chatMessage).where(eq(chatMessage.userId, user.user.id))).length;
  const form = () => {
    const body = new FormData();
    body.set('directoryId', course.id);
    body.append('files', new Blob(['Cells are the unit of life.']), 'notes.txt');
    return body;
  };
  return [
    {
      route: 'a tRPC mutation',
      send: (headers: Record<string, string>) =>
        send('/api/trpc/directory.createDirectory?batch=1', {
          headers: withSession(user, { 'content-type': 'application/json', ...headers }),
          body: JSON.stringify({ 0: { json: { name: 'Planted' } } }),
        }),
      changes: coursesOf,
    },
    {
      route: 'POST /api/files',
      send: (headers: Record<string, string>) => send('/api/files', { headers: withSession(user, headers), body: form() }),
      changes: filesOf,
    },
    {
      route: 'POST /api/chat',
      send: (headers: Record<string, string>) =>
        send('/api/chat', {
          headers: withSession(user, { 'content-type': 'application/json', ...headers }),
          body: JSON.stringify({ directoryId: course.id, message: 'What is a cell?' }),
        }),
      changes: messagesOf,
    },
  ];
}

const foreign: Array<[string, Record<string, string>]> = [
  ['another origin', { origin: 'https://evil.example' }],
  ['a look-alike origin', { origin: `${APP}.evil.example` }],
  ['the same host on another port', { origin: 'http://localhost:3001' }],
  ['the same host over https', { origin: APP.replace('http:', 'https:') }],
  ['an opaque origin from elsewhere (a sandboxed frame)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ['an opaque origin without fetch metadata', { origin: 'null' }],
  ['no Origin and a foreign Referer', { referer: 'https://evil.example/page.html' }],
  ['no Origin and a malformed Referer', { referer: 'not a url' }],
  ['neither header, but a browser saying cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['neither header, but a browser saying same-site', { 'sec-fetch-site': 'same-site' }],
];

describe('CSRF: state-changing requests come from the app', () => {
  test.each(foreign)('%s is refused with 403 on every state-changing route, and nothing changes', async (_name, headers) => {
    const user = await createUser(services);
    for (const request of await stateChangingRequests(user)) {
      const before = await request.changes();
      const response = await request.send(headers);
      expect(response.status, request.route).toBe(403);
      const body = JSON.stringify(await response.json());
      expect(body, request.route).toContain('This request came from another site.');
      expect(body, request.route).toContain('foreignOrigin');
      expect(await request.changes(), request.route).toBe(before);
    }
  });

  test('the trusted origin, or its Referer alone, passes; so does a client sending neither header (a script)', async () => {
    const user = await createUser(services);
    // Pro: enough uploads a month for every request below to go through.
    await services.db.update(userTable).set({ plan: 'pro' }).where(eq(userTable.id, user.user.id));
    const allowed: Array<Record<string, string>> = [
      { origin: APP },
      { referer: `${APP}/dashboard` },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      {},
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of allowed) {
      for (const request of await stateChangingRequests(user)) {
        const response = await request.send(headers);
        expect(response.ok, `${request.route} with ${JSON.stringify(headers)}: ${response.status}`).toBe(true);
        await response.text();
      }
    }
  });

  test('a foreign origin is refused on better-auth routes and on routes nobody has written yet', async () => {
    const user = await createUser(services);
    const signOut = await send('/api/auth/sign-out', { headers: withSession(user, { origin: 'https://evil.example' }) });
    expect(signOut.status).toBe(403);
    expect(signOut.headers.getSetCookie()).toEqual([]);
    const unknown = await send('/api/something-new', { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    expect(unknown.status).toBe(403);
    // better-auth keeps its own check too, behind ours: its handler alone refuses the same request.
    const direct = await services.auth.handler(
      new Request(`${APP}/api/auth/sign-out`, { method: 'POST', headers: withSession(user, { origin: 'https://evil.example' }) }),
    );
    expect(direct.status).toBe(403);
  });

  test("reading is not refused, and Stripe's webhook is left to its signature", async () => {
    const health = await app.request(`${APP}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(health.status).toBe(200);
    const webhook = await send('/api/stripe/webhook', { headers: { origin: 'https://evil.example' }, body: '{}' });
    expect(webhook.status).not.toBe(403);
    expect(await webhook.text()).not.toContain('another site');
  });

  test('the tRPC client reads the refusal as a tRPC error with its message key, for every call of a batch', async () => {
    const user = await createUser(services);
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${APP}/api/trpc`,
          transformer: superjson,
          headers: () => withSession(user, { origin: 'https://evil.example' }),
          fetch: async (url, init) => app.request(url.toString(), init as RequestInit),
        }),
      ],
    });
    const calls = [client.directory.createDirectory.mutate({ name: 'One' }), client.directory.createDirectory.mutate({ name: 'Two' })];
    for (const outcome of await Promise.allSettled(calls)) {
      expect(outcome.status).toBe('rejected');
      const error = outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined;
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).message).toBe('This request came from another site.');
      expect((error as TRPCClientError<AppRouter>).data).toMatchObject({ httpStatus: 403, appCode: 'FORBIDDEN', messageKey: 'foreignOrigin' });
    }
  });
});

describe('no simple cross-site form can reach a JSON endpoint', () => {
  // An HTML form posts these without a CORS preflight; tRPC itself would take multipart and octet streams.
  const formTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'];

  test.each(formTypes)('a tRPC mutation sent as %s is refused with 415 and runs nothing, even from the app', async (contentType) => {
    const user = await createUser(services);
    const before = await services.db.select().from(directory).where(eq(directory.ownerId, user.user.id));
    const response = await send('/api/trpc/directory.createDirectory', {
      headers: withSession(user, { origin: APP, 'content-type': contentType }),
      body: '{"json":{"name":"Planted"}}',
    });
    expect(response.status).toBe(415);
    expect(JSON.stringify(await response.json())).toContain('requestNotJson');
    expect(await services.db.select().from(directory).where(eq(directory.ownerId, user.user.id))).toEqual(before);
  });

  test('a mutation without input cannot be posted as form data either', async () => {
    const user = await createUser(services);
    const body = new FormData();
    body.set('anything', 'x');
    const response = await send('/api/trpc/subscription.cancelSubscription', { headers: withSession(user, { origin: APP }), body });
    expect(response.status).toBe(415);
  });

  test('the chat takes JSON only: a text/plain body shaped like JSON is refused', async () => {
    const user = await createUser(services);
    const course = await insertCourse(services, user);
    const response = await send('/api/chat', {
      headers: withSession(user, { origin: APP, 'content-type': 'text/plain' }),
      body: JSON.stringify({ directoryId: course.id, message: 'What is a cell?' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', messageKey: 'requestNotJson' } });
    expect(await services.db.select().from(chatMessage).where(eq(chatMessage.userId, user.user.id))).toEqual([]);
  });

  test('queries stay readable by GET, with no body and no content type', async () => {
    const user = await createUser(services);
    const response = await app.request(`${APP}/api/trpc/directory.getDirectories`, { headers: user.headers });
    expect(response.status).toBe(200);
  });
});

describe('isSameOriginRequest', () => {
  const trusted = ['http://localhost:3000', 'http://127.0.0.1:3000'];
  test.each([
    [{ origin: 'http://127.0.0.1:3000' }, true],
    [{ origin: 'http://LOCALHOST:3000' }, false],
    [{ origin: 'http://localhost:3000', referer: 'https://evil.example/' }, true],
    [{ origin: 'https://evil.example', referer: 'http://localhost:3000/' }, false],
    [{ referer: 'http://localhost:3000/settings?x=1' }, true],
    [{ referer: 'http://localhost:30000/' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{}, true],
  ])('%j → %s', (headers, expected) => {
    expect(isSameOriginRequest(new Headers(headers), trusted)).toBe(expected);
  });
});
