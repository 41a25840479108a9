/**
 * Server test harness: real services (database, auth, tRPC) per test file, users with sessions, and calls as a user.
 *
 *   const services = await createTestServices();          // own database: PGlite snapshot, or PostgreSQL in CI
 *   afterAll(() => services.close());
 *
 *   test('only the owner reads a profile', async () => {
 *     const owner = await createUser(services);
 *     const me = await callerFor(services, owner).user.getUser({ id: owner.user.id });
 *     expect(me.id).toBe(owner.user.id);
 *     await expectRefused({
 *       services,
 *       call: (caller) => caller.user.getUser({ id: owner.user.id }),
 *       actors: ['anonymous', 'stranger'],                  // or { name: 'viewer', headers: viewer.headers, code: 'FORBIDDEN' }
 *     });
 *   });
 *
 * `requestApp` goes through the whole Hono app (auth routes, tRPC over HTTP, error formatting) without a socket.
 * Everything third-party is real; what a test needs faked is faked at the network edge, never by mocking our modules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import pino from 'pino';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import { createApp } from '../http/app';
import { createLogger, type Logger } from '../logger';
import { createServices, type Services } from '../services';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { createPostgresDatabase, loadPgliteSnapshot } from './database';

/** The environment every test server starts from; a test changes single variables through `overrides.env`. */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  BETTER_AUTH_SECRET: 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  APP_URL: 'http://localhost:3000',
  // High so that tests signing up many users never meet the limit; the rate-limit test sets its own.
  AUTH_RATE_LIMIT_MAX: '1000',
} satisfies Record<string, string>;

export interface TestServicesOverrides {
  /** Environment variables on top of the test defaults (the database is the harness's choice). */
  env?: Record<string, string>;
  /** A logger to read what the server logged, e.g. from captureLog(); by default nothing is logged. */
  log?: Logger;
}

/** Services on a database of their own; `close()` also deletes that database and the temporary DATA_DIR. */
export async function createTestServices(overrides: TestServicesOverrides = {}): Promise<Services> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-test-'));
  const target = inject('testDatabase');
  const postgres = target.kind === 'postgres' ? await createPostgresDatabase(target) : undefined;
  const config = loadConfig({
    ...TEST_ENV,
    ...overrides.env,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? 'memory://',
  });
  const pglite = target.kind === 'pglite' ? loadPgliteSnapshot(target.snapshotFile) : undefined;
  const services = await createServices(config, overrides.log ?? createLogger(config), pglite ? { pglite } : {});
  return {
    ...services,
    async close() {
      await services.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger that keeps every entry (debug and up) as parsed JSON, for tests of what the server logs. */
export function captureLog(): { log: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => entries.push(JSON.parse(line) as LogEntry) });
  return { log, entries };
}

export interface TestUser {
  user: { id: string; name: string; email: string; username: string };
  /** Request headers carrying the session cookie: pass them to requestApp, or use callerFor. */
  headers: Headers;
  password: string;
}

let userCount = 0;

/** Signs a user up through better-auth (as the sign-up form does) and keeps the session it starts. */
export async function createUser(
  services: Services,
  overrides: Partial<{ name: string; username: string; email: string; password: string }> = {},
): Promise<TestUser> {
  userCount += 1;
  const unique = `${userCount}_${Math.random().toString(36).slice(2, 8)}`;
  const body = {
    name: `Test User ${userCount}`,
    username: `user_${unique}`,
    email: `user_${unique}@example.test`,
    password: 'correct horse battery staple',
    ...overrides,
  };
  const { headers, response } = await services.auth.api.signUpEmail({ body, returnHeaders: true });
  return {
    // The username plugin stores the lower-cased form (and the typed one as displayUsername).
    user: { id: response.user.id, name: body.name, email: body.email, username: body.username.toLowerCase() },
    headers: sessionHeaders(headers),
    password: body.password,
  };
}

/** Turns a response's Set-Cookie headers into the Cookie header a browser would send back. */
export function sessionHeaders(responseHeaders: Headers): Headers {
  const cookies = responseHeaders.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return new Headers({ cookie: cookies.join('; ') });
}

export type Caller = ReturnType<typeof appRouter.createCaller>;

/** The tRPC router called in-process as `actor` (null: signed out), with the context a request would get. */
export function callerFor(services: Services, actor: Pick<TestUser, 'headers'> | null): Caller {
  return appRouter.createCaller(() => createContext(services, actor?.headers ?? new Headers()));
}

const apps = new WeakMap<Services, ReturnType<typeof createApp>>();

function appFor(services: Services): ReturnType<typeof createApp> {
  let app = apps.get(services);
  if (!app) {
    app = createApp(services);
    apps.set(services, app);
  }
  return app;
}

/**
 * A request through the whole HTTP app. It carries the app's own Origin (better-auth refuses other origins);
 * `json` sets a JSON body. Pass `headers: user.headers` to send a user's session.
 */
export async function requestApp(
  services: Services,
  pathname: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('origin')) headers.set('origin', services.config.appUrl);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const body = json !== undefined ? JSON.stringify(json) : rest.body;
  return appFor(services).request(new URL(pathname, services.config.appUrl).toString(), { ...rest, headers, body });
}

/**
 * The app on a real socket at 127.0.0.1 (a free port), for what only a socket has: the peer address, streaming, a
 * browser-like client. `close()` stops it; the services stay open.
 */
export async function listen(services: Services): Promise<{ url: string; close: () => Promise<void> }> {
  // Without createServer options it is a plain node:http server.
  const server = createAdaptorServer({ fetch: appFor(services).fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The URL of a tRPC query over HTTP, with its input encoded as the client's superjson link does. */
export function trpcQueryPath(procedure: string, input?: unknown): string {
  if (input === undefined) return `/api/trpc/${procedure}`;
  return `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
}

export type RefusalCode = TRPC_ERROR_CODE_KEY;

/**
 * Someone a procedure must refuse, and the code it must refuse them with. `headers` null means signed out. The
 * built-in actors need no headers: 'anonymous' (signed out, UNAUTHORIZED) and 'stranger' (a new user with no tie to
 * anything, NOT_FOUND unless declared otherwise, e.g. `{ name: 'stranger', code: 'FORBIDDEN' }`).
 */
export interface RefusedActor {
  name: string;
  code: RefusalCode;
  headers?: Headers | null;
}

const builtInActors = {
  anonymous: { code: 'UNAUTHORIZED', headers: async () => null },
  stranger: { code: 'NOT_FOUND', headers: async (services: Services) => (await createUser(services)).headers },
} satisfies Record<string, { code: RefusalCode; headers: (services: Services) => Promise<Headers | null> }>;

type BuiltInActorName = keyof typeof builtInActors;

function isBuiltIn(name: string): name is BuiltInActorName {
  return Object.hasOwn(builtInActors, name);
}

async function resolveActor(services: Services, actor: BuiltInActorName | RefusedActor) {
  const declared = typeof actor === 'string' ? { name: actor, code: builtInActors[actor].code } : actor;
  if (declared.headers !== undefined) return { ...declared, headers: declared.headers };
  if (!isBuiltIn(declared.name)) throw new Error(`actor '${declared.name}' needs headers (null for signed out)`);
  return { ...declared, headers: await builtInActors[declared.name].headers(services) };
}

/** What a call ended in: the tRPC error code it was refused with, or a description of anything else. */
async function outcomeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'success';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    return `a non-tRPC error (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Asserts that every actor is refused by `call` with its declared code; lists every actor that was not. */
export async function expectRefused(options: {
  services: Services;
  call: (caller: Caller) => Promise<unknown>;
  actors: Array<BuiltInActorName | RefusedActor>;
}): Promise<void> {
  const mismatches: string[] = [];
  for (const actor of options.actors) {
    const { name, code, headers } = await resolveActor(options.services, actor);
    const outcome = await outcomeOf(() => options.call(callerFor(options.services, headers ? { headers } : null)));
    if (outcome !== code) mismatches.push(`${name}: expected ${code}, got ${outcome}`);
  }
  if (mismatches.length > 0) {
    throw new Error(`Not refused as declared:\n  ${mismatches.join('\n  ')}`);
  }
}
