import { afterAll, expect, test } from 'vitest';
import { callerFor, createTestServices, createUser } from '../../test/harness';

const services = await createTestServices({ env: { FEEDBACK_URL: 'https://feedback.example.test/form' } });
afterAll(() => services.close());

test('system.getPublicConfig tells anyone, signed in or not, the configured feedback link', async () => {
  const expected = { feedbackUrl: 'https://feedback.example.test/form', supportChat: null };
  expect(await callerFor(services, null).system.getPublicConfig()).toEqual(expected);
  expect(await callerFor(services, await createUser(services)).system.getPublicConfig()).toEqual(expected);
});
