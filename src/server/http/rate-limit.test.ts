import { afterAll, describe, expect, test } from 'vitest';
import { createTestServices, createUser, listen } from '../test/harness';

// Real sockets: the limit must be keyed on the peer address the server sees, which in-process requests do not have.
const LIMIT = 3;
const direct = await createTestServices({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
const behindProxy = await createTestServices({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: 'true' } });
const directServer = await listen(direct);
const proxiedServer = await listen(behindProxy);
afterAll(async () => {
  await Promise.all([directServer.close(), proxiedServer.close()]);
  await Promise.all([direct.close(), behindProxy.close()]);
});

async function signInAttempt(server: { url: string }, email: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: direct.config.appUrl, ...headers },
    body: JSON.stringify({ email, password: 'a wrong password' }),
  });
  await response.body?.cancel();
  return response.status;
}

describe('auth rate limit', () => {
  test('allows AUTH_RATE_LIMIT_MAX sign-in attempts per window from one address, then answers 429', async () => {
    const learner = await createUser(direct);
    const statuses = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) statuses.push(await signInAttempt(directServer, learner.user.email));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
  });

  test('counts sign-ups from one address too, whatever client-IP headers they carry', async () => {
    const statuses = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
      const response = await fetch(`${directServer.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: direct.config.appUrl,
          'x-studypath-client-ip': `10.0.0.${attempt}`,
          'x-forwarded-for': `10.1.0.${attempt}`,
        },
        body: JSON.stringify({ name: 'Spammer', username: `spam_${attempt}`, email: `spam${attempt}@example.test`, password: 'a long password' }),
      });
      await response.body?.cancel();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
  });

  test('behind a trusted proxy (TRUST_PROXY) the limit is per X-Forwarded-For client, not per proxy', async () => {
    const learner = await createUser(behindProxy);
    const fromClient = (ip: string) => signInAttempt(proxiedServer, learner.user.email, { 'x-forwarded-for': `${ip}, 10.9.9.9` });
    const first = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) first.push(await fromClient('203.0.113.7'));
    expect(first).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    expect(await fromClient('203.0.113.8')).toBe(401);
  });
});
