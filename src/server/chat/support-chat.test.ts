import { createHmac } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { callerFor, createTestServices, createUser, requestApp } from '../test/harness';

/** The support-chat widget (spec §7): configured by SUPPORT_CHAT_*, absent without it; its secret never leaves. */
const env = {
  SUPPORT_CHAT_SCRIPT_URL: 'https://widget.support.example/widget/app-123',
  SUPPORT_CHAT_APP_ID: 'app-123',
  SUPPORT_CHAT_SECRET: 'support-secret',
  SUPPORT_CHAT_CSP_SOURCES: 'https://cdn.support.example wss://live.support.example',
};
const configured = await createTestServices({ env });
const plain = await createTestServices();
afterAll(async () => {
  await configured.close();
  await plain.close();
});

test('a configured widget is announced without its secret, and each user gets the hash that proves their id', async () => {
  const learner = await createUser(configured);
  const expected = { scriptUrl: env.SUPPORT_CHAT_SCRIPT_URL, appId: 'app-123' };
  expect((await callerFor(configured, null).system.getPublicConfig()).supportChat).toEqual(expected);
  expect(await callerFor(configured, learner).chat.supportIdentity()).toEqual({
    userId: learner.user.id,
    name: learner.user.name,
    email: learner.user.email,
    userHash: createHmac('sha256', 'support-secret').update(learner.user.id).digest('hex'),
  });
  await expect(callerFor(configured, null).chat.supportIdentity()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  const csp = (await requestApp(configured, '/api/health')).headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+' https:\/\/widget\.support\.example https:\/\/cdn\.support\.example wss:\/\/live\.support\.example/);
  expect(csp).toMatch(/connect-src 'self' https:\/\/widget\.support\.example/);
});

test('without configuration there is no widget, and the policy allows no other scripts', async () => {
  const learner = await createUser(plain);
  expect((await callerFor(plain, null).system.getPublicConfig()).supportChat).toBeNull();
  expect(await callerFor(plain, learner).chat.supportIdentity()).toBeNull();
  expect((await requestApp(plain, '/api/health')).headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/);
});

test('half a widget configuration stops the start with the variable named', () => {
  expect(() => loadConfig({ DATABASE_URL: 'memory://', SUPPORT_CHAT_APP_ID: 'app-123' })).toThrow(
    new ConfigError('Invalid configuration: SUPPORT_CHAT_SCRIPT_URL: must be set together with SUPPORT_CHAT_APP_ID'),
  );
  expect(() => loadConfig({ DATABASE_URL: 'memory://', SUPPORT_CHAT_SECRET: 'x' })).toThrow(/SUPPORT_CHAT_SCRIPT_URL: must be set/);
  expect(() => loadConfig({ DATABASE_URL: 'memory://', SUPPORT_CHAT_SCRIPT_URL: 'http://insecure.example/w.js', SUPPORT_CHAT_APP_ID: 'a' })).toThrow(
    /SUPPORT_CHAT_SCRIPT_URL: must be an https:\/\/ URL/,
  );
});
