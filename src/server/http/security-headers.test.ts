import { createHash } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import type { Services } from '../services';
import { APP_START_SCRIPT } from '../../shared/app-start';
import { THEME_BOOT_SCRIPT } from '../../shared/theme-boot';
import { createTestServices, requestApp } from '../test/harness';
import { APP_START_SOURCE, THEME_BOOT_SOURCE } from './security-headers';

// Plain http://localhost (the default), a public https:// address, and a plain address behind a trusted proxy.
const plain = await createTestServices();
const publicHttps = await createTestServices({ env: { APP_URL: 'https://study.example.org' } });
const behindProxy = await createTestServices({ env: { TRUST_PROXY: 'true' } });
const withWidget = await createTestServices({
  env: {
    SUPPORT_CHAT_SCRIPT_URL: 'https://widget.supportchat.example/loader.js',
    SUPPORT_CHAT_APP_ID: 'app-123',
    SUPPORT_CHAT_CSP_SOURCES: 'https://api.supportchat.example',
  },
});
afterAll(() => Promise.all([plain, publicHttps, behindProxy, withWidget].map((services) => services.close())));

/** The Content-Security-Policy as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

// An API answer, a page of the single-page app (503 here: no front end is built in tests), a refusal and a 404.
const answers = [
  ['GET /api/health', (services: Services) => requestApp(services, '/api/health')],
  ['GET /dashboard', (services: Services) => requestApp(services, '/dashboard')],
  ['POST /api/chat from another site', (services: Services) => requestApp(services, '/api/chat', { method: 'POST', headers: { origin: 'https://evil.example' }, json: {} })],
  ['GET /api/nothing', (services: Services) => requestApp(services, '/api/nothing')],
] as const;

describe('security headers on every answer', () => {
  test.each(answers)('%s: a strict CSP, never framed, nosniff, no referrer', async (_name, request) => {
    const response = await request(plain);
    const policy = policyOf(response);
    expect(policy.get('script-src')).toEqual(["'self'", THEME_BOOT_SOURCE, APP_START_SOURCE]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test("scripts may come from the support chat's configured origins, and only those", async () => {
    const policy = policyOf(await requestApp(withWidget, '/api/health'));
    expect(policy.get('script-src')).toEqual(["'self'", THEME_BOOT_SOURCE, APP_START_SOURCE, 'https://widget.supportchat.example', 'https://api.supportchat.example']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

test("the inline scripts allowed are the theme's first step and the app's start, by the hashes of their exact text", () => {
  for (const [script, source] of [
    [THEME_BOOT_SCRIPT, THEME_BOOT_SOURCE],
    [APP_START_SCRIPT, APP_START_SOURCE],
  ] as const) {
    const digest = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(source).toBe(`'sha256-${digest}'`);
    expect(script).not.toMatch(/<\/script/i);
  }
});

describe('Strict-Transport-Security only over HTTPS', () => {
  const hsts = (response: Response) => response.headers.get('strict-transport-security');

  test('never on plain http://localhost, whatever the client claims without a trusted proxy', async () => {
    expect(hsts(await requestApp(plain, '/api/health'))).toBeNull();
    expect(hsts(await requestApp(plain, '/dashboard'))).toBeNull();
    expect(hsts(await requestApp(plain, '/api/health', { headers: { 'x-forwarded-proto': 'https' } }))).toBeNull();
  });

  test('on every answer when APP_URL is https://', async () => {
    for (const [, request] of answers) {
      expect(hsts(await request(publicHttps))).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('behind a trusted proxy, when it says the browser used HTTPS', async () => {
    expect(hsts(await requestApp(behindProxy, '/api/health', { headers: { 'x-forwarded-proto': 'https' } }))).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(hsts(await requestApp(behindProxy, '/api/health', { headers: { 'x-forwarded-proto': 'http' } }))).toBeNull();
    expect(hsts(await requestApp(behindProxy, '/api/health'))).toBeNull();
  });
});
