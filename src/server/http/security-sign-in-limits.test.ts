import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { rateLimit } from '../db/schema';
import { createTestServices, createUser, requestApp, type TestUser } from '../test/harness';
import type { Services } from '../services';
import { createApp } from './app';

// Behind a trusted proxy, so that every test signs in from client addresses of its own.
const services = await createTestServices({ env: { TRUST_PROXY: 'true' } });
const ADDRESS_MAX = 4;
const addressLimited = await createTestServices({ env: { TRUST_PROXY: 'true', SIGN_IN_FAILURE_MAX_PER_ADDRESS: String(ADDRESS_MAX) } });
afterAll(() => Promise.all([services.close(), addressLimited.close()]));

const WRONG = 'a wrong password';
const FIFTEEN_MINUTES = 15 * 60;
let addressCount = 0;
const newAddress = () => `203.0.113.${(addressCount += 1)}`;

function signIn(on: Services, address: string, route: 'email' | 'username', identifier: string, password: string) {
  return requestApp(on, `/api/auth/sign-in/${route}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
    json: { [route]: identifier, password },
  });
}

async function expectFailedSignInLimit(response: Response) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(FIFTEEN_MINUTES - 60);
  expect(seconds).toBeLessThanOrEqual(FIFTEEN_MINUTES);
  expect(await response.json()).toEqual({
    code: 'TOO_MANY_FAILED_SIGN_INS',
    message: 'Too many failed sign-ins. Please wait 15 minutes and try again.',
  });
}

/** The rows counting `student`'s failed sign-ins (their account's counter). */
const accountRows = (on: Services, student: TestUser) =>
  on.db.select().from(rateLimit).where(eq(rateLimit.key, `studypath:sign-in-failures:account:${student.user.id}`));

describe('failed sign-ins per account, across every sign-in route', () => {
  test('10 wrong passwords by email, then the 11th attempt by username answers 429 — and so does the right password', async () => {
    const student = await createUser(services);
    const address = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(services, address, 'email', student.user.email, WRONG)).status).toBe(401);
    }
    await expectFailedSignInLimit(await signIn(services, address, 'username', student.user.username, WRONG));
    // From another address, in another spelling, with the right password: the account is still held.
    await expectFailedSignInLimit(await signIn(services, newAddress(), 'username', student.user.username.toUpperCase(), student.password));
    await expectFailedSignInLimit(await signIn(services, newAddress(), 'email', student.user.email.toUpperCase(), student.password));
  });

  test('attempts sent all at once do not slip past the limit: 10 are checked, the rest refused', async () => {
    const student = await createUser(services);
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        signIn(services, newAddress(), index % 2 === 0 ? 'email' : 'username', index % 2 === 0 ? student.user.email : student.user.username, WRONG),
      ),
    );
    expect(responses.filter((response) => response.status === 401)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(6);
  });

  test('unknown names are counted per name given too, so probing one is limited', async () => {
    const name = `nobody_${crypto.randomUUID().slice(0, 8)}`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(services, newAddress(), 'username', name, WRONG)).status).toBe(401);
    }
    await expectFailedSignInLimit(await signIn(services, newAddress(), 'username', name.toUpperCase(), WRONG));
  });

  test('a name no account can have (a NUL byte, 10,000 characters) is counted too, never a server error', async () => {
    for (const name of ['nobody\u0000@example.test', `${'x'.repeat(10_000)}@example.test`]) {
      const address = newAddress();
      const response = await signIn(services, address, 'email', name, WRONG);
      expect(response.status).toBeLessThan(500);
      const keys = (await services.db.select().from(rateLimit).where(like(rateLimit.key, 'studypath:sign-in-failures:email:%'))).map((row) => row.key);
      expect(keys.every((key) => key.length < 100)).toBe(true);
    }
  });

  test('a successful sign-in does not count, and clears its account count (the address keeps its own)', async () => {
    const student = await createUser(services);
    const address = newAddress();
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await signIn(services, address, 'email', student.user.email, WRONG)).status).toBe(401);
    }
    expect((await signIn(services, address, 'username', student.user.username, student.password)).status).toBe(200);
    expect(await accountRows(services, student)).toEqual([]);
    const [addressRow] = await services.db.select().from(rateLimit).where(eq(rateLimit.key, `studypath:sign-in-failures:ip:${address}`));
    expect(addressRow?.count).toBe(9);
    expect((await signIn(services, address, 'email', student.user.email, WRONG)).status).toBe(401);
  });

  test('when the window is over, the right password lets the student in again', async () => {
    const student = await createUser(services);
    const address = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(services, address, 'email', student.user.email, WRONG)).status).toBe(401);
    }
    await expectFailedSignInLimit(await signIn(services, address, 'email', student.user.email, student.password));
    // The window ends: the rows' window end (last_request) now lies in the past.
    await services.db.update(rateLimit).set({ lastRequest: Date.now() - 1 }).where(like(rateLimit.key, 'studypath:sign-in-failures:%'));
    expect((await signIn(services, address, 'email', student.user.email, student.password)).status).toBe(200);
  });
});

describe('failed sign-ins per client address, across accounts', () => {
  test('SIGN_IN_FAILURE_MAX_PER_ADDRESS failures over several accounts and routes, then 429 for any account', async () => {
    const [first, second, third] = [await createUser(addressLimited), await createUser(addressLimited), await createUser(addressLimited)];
    const address = newAddress();
    expect((await signIn(addressLimited, address, 'email', first.user.email, WRONG)).status).toBe(401);
    expect((await signIn(addressLimited, address, 'username', second.user.username, WRONG)).status).toBe(401);
    expect((await signIn(addressLimited, address, 'email', 'nobody@example.test', WRONG)).status).toBe(401);
    expect((await signIn(addressLimited, address, 'username', first.user.username, WRONG)).status).toBe(401);
    await expectFailedSignInLimit(await signIn(addressLimited, address, 'email', third.user.email, third.password));
    // Another address, and the accounts themselves, are not held.
    expect((await signIn(addressLimited, newAddress(), 'email', third.user.email, third.password)).status).toBe(200);
    expect((await signIn(addressLimited, newAddress(), 'username', first.user.username, first.password)).status).toBe(200);
  });
});

describe('the count lives in the database, shared by every web process', () => {
  test('failures made through one app instance hold the account in another', async () => {
    const student = await createUser(services);
    const [one, two] = [createApp(services), createApp(services)];
    const post = (app: typeof one, password: string) =>
      app.request(`${services.config.appUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: services.config.appUrl, 'x-forwarded-for': newAddress() },
        body: JSON.stringify({ email: student.user.email, password }),
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(one, WRONG)).status).toBe(401);
      expect((await post(two, WRONG)).status).toBe(401);
    }
    await expectFailedSignInLimit(await post(one, student.password));
    expect((await accountRows(services, student))[0]?.count).toBe(11);
  });
});

describe('configuration', () => {
  test('10 failures per account and 30 per address in 15 minutes by default; each can be set', () => {
    const base = { DATA_DIR: '/nonexistent/studypath', BETTER_AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).signInFailures).toEqual({ windowSeconds: 900, perAccount: 10, perAddress: 30 });
    const set = loadConfig({
      ...base,
      SIGN_IN_FAILURE_WINDOW_SECONDS: '600',
      SIGN_IN_FAILURE_MAX_PER_ACCOUNT: '5',
      SIGN_IN_FAILURE_MAX_PER_ADDRESS: '50',
    });
    expect(set.signInFailures).toEqual({ windowSeconds: 600, perAccount: 5, perAddress: 50 });
  });
});
