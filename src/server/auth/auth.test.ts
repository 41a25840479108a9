import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import { callerFor, createTestServices, createUser, requestApp, sessionHeaders, trpcQueryPath } from '../test/harness';

const services = await createTestServices();
afterAll(() => services.close());

let count = 0;
function newAccount() {
  count += 1;
  return { name: `Learner ${count}`, username: `learner_${count}`, email: `learner${count}@example.test`, password: 'a long enough password' };
}

const signUp = (body: Record<string, unknown>) => requestApp(services, '/api/auth/sign-up/email', { method: 'POST', json: body });
const signUpFrom = (origin: string, body: Record<string, unknown>) =>
  requestApp(services, '/api/auth/sign-up/email', { method: 'POST', json: body, headers: { origin } });
const signIn = (path: 'email' | 'username', body: Record<string, unknown>) =>
  requestApp(services, `/api/auth/sign-in/${path}`, { method: 'POST', json: body });

async function sessionOf(headers: Headers) {
  const response = await requestApp(services, '/api/auth/get-session', { headers });
  return (await response.json()) as { user: { id: string; username: string } } | null;
}

describe('sign-up', () => {
  test('with name, username, email and password creates the account and signs it in', async () => {
    const account = newAccount();
    const response = await signUp({ ...account, username: 'Mixed.Case_1' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ name: account.name, email: account.email, username: 'mixed.case_1' });
    const session = await sessionOf(sessionHeaders(response.headers));
    expect(session?.user).toMatchObject({ id: body.user.id, username: 'mixed.case_1' });
  });

  test.each([
    ['missing', undefined],
    ['blank', '   '],
  ])('refuses a %s username with USERNAME_REQUIRED', async (_case, username) => {
    const response = await signUp({ ...newAccount(), username });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'USERNAME_REQUIRED', message: 'Username is required' });
  });

  test.each([
    ['characters outside letters, digits, _ and .', { username: 'no spaces!' }, 'INVALID_USERNAME'],
    ['a username shorter than 3 characters', { username: 'ab' }, 'USERNAME_TOO_SHORT'],
    ['a username longer than 30 characters', { username: 'a'.repeat(31) }, 'USERNAME_TOO_LONG'],
    ['a name longer than 100 characters', { name: 'N'.repeat(101) }, 'NAME_TOO_LONG'],
  ])('refuses %s', async (_case, change, code) => {
    const response = await signUp({ ...newAccount(), ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });

  test('refuses an email that already has an account', async () => {
    const existing = await createUser(services);
    const response = await signUp({ ...newAccount(), email: existing.user.email });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
  });

  test('refuses a username already taken, whatever its case', async () => {
    const existing = await createUser(services);
    const response = await signUp({ ...newAccount(), username: existing.user.username.toUpperCase() });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'USERNAME_IS_ALREADY_TAKEN' });
  });

  test.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['an http:// address inside the server', 'http://127.0.0.1/api/trpc/user.getUser'],
    ['an https:// address longer than 2,000 characters', `https://images.example.test/${'a'.repeat(60_000)}.png`],
    ['something that is no address', 'not an address'],
  ])('refuses %s as the image, and no account is made', async (_case, image) => {
    const account = newAccount();
    const response = await signUp({ ...account, image });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_IMAGE', message: 'Use the https:// address of an image.' });
    const rows = await services.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    expect(rows).toEqual([]);
  });

  test('accepts an https:// image, which user.getUser then returns', async () => {
    const image = 'https://images.example.test/avatars/ada.png';
    const response = await signUp({ ...newAccount(), image });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    const profile = await callerFor(services, { headers: sessionHeaders(response.headers) }).user.getUser({ id: body.user.id });
    expect(profile.image).toBe(image);
  });

  test("GET /api/auth/get-session answers a stored avatar only when it passes user.updateProfile's check", async () => {
    const learner = await createUser(services);
    const sessionImage = async (image: string) => {
      await services.db.update(user).set({ image }).where(eq(user.id, learner.user.id));
      const response = await requestApp(services, '/api/auth/get-session', { headers: learner.headers });
      return ((await response.json()) as { user: { id: string; image: string | null } }).user;
    };
    expect(await sessionImage('https://images.example.test/me.png')).toMatchObject({ id: learner.user.id, image: 'https://images.example.test/me.png' });
    expect(await sessionImage('javascript:alert(1)')).toMatchObject({ id: learner.user.id, image: null });
    expect(await sessionImage('http://127.0.0.1/api/trpc/user.getUser')).toMatchObject({ id: learner.user.id, image: null });
  });

  test('refuses a password shorter than 8 characters', async () => {
    const response = await signUp({ ...newAccount(), password: 'short12' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});

describe('sign-in', () => {
  test('by email with the right password starts a session', async () => {
    const learner = await createUser(services);
    const response = await signIn('email', { email: learner.user.email, password: learner.password });
    expect(response.status).toBe(200);
    expect((await sessionOf(sessionHeaders(response.headers)))?.user.id).toBe(learner.user.id);
  });

  test('by username, in any case, starts a session', async () => {
    const learner = await createUser(services);
    const response = await signIn('username', { username: learner.user.username.toUpperCase(), password: learner.password });
    expect(response.status).toBe(200);
    expect((await sessionOf(sessionHeaders(response.headers)))?.user.id).toBe(learner.user.id);
  });

  test('with a wrong password is refused without a session', async () => {
    const learner = await createUser(services);
    const response = await signIn('email', { email: learner.user.email, password: 'not the password' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('sign-out', () => {
  test('ends the session: the old cookie no longer signs anything in', async () => {
    const learner = await createUser(services);
    const response = await requestApp(services, '/api/auth/sign-out', { method: 'POST', headers: learner.headers, json: {} });
    expect(response.status).toBe(200);
    expect(await sessionOf(learner.headers)).toBeNull();
    const progress = await requestApp(services, trpcQueryPath('gamification.getProgress'), { headers: learner.headers });
    expect(progress.status).toBe(401);
  });

  test('from the same server reached as 127.0.0.1 instead of localhost is accepted when APP_URL is not set', async () => {
    // A blank APP_URL counts as unset: the server then answers to both loopback names of its port.
    const local = await createTestServices({ env: { APP_URL: '' } });
    try {
      const body = JSON.stringify(newAccount());
      const headers = { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' };
      const response = await requestApp(local, '/api/auth/sign-up/email', { method: 'POST', body, headers });
      expect(response.status).toBe(200);
      const foreign = await signUpFrom('http://127.0.0.1:3000', newAccount());
      expect(foreign.status).toBe(403);
    } finally {
      await local.close();
    }
  });

  test('from another site, carrying the session cookie, is refused', async () => {
    const learner = await createUser(services);
    const headers = new Headers(learner.headers);
    headers.set('origin', 'https://attacker.example');
    const response = await requestApp(services, '/api/auth/sign-out', { method: 'POST', headers, json: {} });
    expect(response.status).toBe(403);
    expect((await sessionOf(learner.headers))?.user.id).toBe(learner.user.id);
  });
});
