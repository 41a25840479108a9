import { afterAll, describe, expect, test } from 'vitest';
import type { Services } from '../services';
import { createTestServices, requestApp } from '../test/harness';

const plain = await createTestServices();
const publicHttps = await createTestServices({ env: { APP_URL: 'https://study.example.org' } });
afterAll(() => Promise.all([plain.close(), publicHttps.close()]));

interface Cookie {
  name: string;
  attributes: Map<string, string>;
}

function parseCookie(header: string): Cookie {
  const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const [name = '', ...value] = part.split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  return { name: pair.slice(0, pair.indexOf('=')), attributes };
}

let count = 0;

/** Signs up through HTTP as the sign-up form does; returns the cookies the answer sets. */
async function signUp(services: Services) {
  count += 1;
  const response = await requestApp(services, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { name: 'Cookie Tester', username: `cookie_${count}`, email: `cookie${count}@example.test`, password: 'a long password' },
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map(parseCookie);
}

describe('session cookies', () => {
  test('on http://localhost: HttpOnly, SameSite=Lax, path /, not Secure (a browser would drop it over http)', async () => {
    const cookies = await signUp(plain);
    const session = cookies.find((cookie) => cookie.name === 'studypath.session_token');
    expect(session, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined();
    for (const cookie of cookies) {
      expect(cookie.attributes.has('httponly'), cookie.name).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase(), cookie.name).toBe('lax');
      expect(cookie.attributes.get('path'), cookie.name).toBe('/');
      expect(cookie.attributes.has('secure'), cookie.name).toBe(false);
      expect(cookie.attributes.has('domain'), cookie.name).toBe(false);
    }
  });

  test('when APP_URL is https://: also Secure, under the __Secure- prefix, and the session works', async () => {
    const cookies = await signUp(publicHttps);
    const session = cookies.find((cookie) => cookie.name === '__Secure-studypath.session_token');
    expect(session, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined();
    for (const cookie of cookies) {
      expect(cookie.name.startsWith('__Secure-'), cookie.name).toBe(true);
      expect(cookie.attributes.has('secure'), cookie.name).toBe(true);
      expect(cookie.attributes.has('httponly'), cookie.name).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase(), cookie.name).toBe('lax');
    }
    const signIn = await requestApp(publicHttps, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: `cookie${count}@example.test`, password: 'a long password' },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const sessionAnswer = await requestApp(publicHttps, '/api/auth/get-session', { headers: { cookie } });
    expect(((await sessionAnswer.json()) as { user?: { email: string } } | null)?.user?.email).toBe(`cookie${count}@example.test`);
  });
});
