import { afterAll, expect, test } from 'vitest';
import { callerFor, createTestServices, createUser } from '../../test/harness';

const services = await createTestServices({ env: { FEEDBACK_URL: 'https://feedback.example.test/form' } });
afterAll(() => services.close());

test('system.getPublicConfig tells anyone, signed in or not, the configured feedback link', async () => {
  const expected = {
    feedbackUrl: 'https://feedback.example.test/form',
    supportChat: null,
    billingConfigured: false,
    trialsEnabled: false,
  };
  expect(await callerFor(services, null).system.getPublicConfig()).toEqual(expected);
  expect(await callerFor(services, await createUser(services)).system.getPublicConfig()).toEqual(expected);
});

test('system.getPublicConfig says whether billing is configured and trials are offered (only with billing)', async () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_system',
    STRIPE_WEBHOOK_SECRET: 'whsec_system',
    STRIPE_PRICE_IDS: JSON.stringify({ pro: { monthly: 'p1', yearly: 'p2' }, ultra: { monthly: 'p3', yearly: 'p4' } }),
  };
  const cases = [
    { env: { TRIALS_ENABLED: 'true' }, billingConfigured: false, trialsEnabled: false },
    { env: stripe, billingConfigured: true, trialsEnabled: false },
    { env: { ...stripe, TRIALS_ENABLED: 'true' }, billingConfigured: true, trialsEnabled: true },
  ];
  for (const { env, billingConfigured, trialsEnabled } of cases) {
    const configured = await createTestServices({ env });
    try {
      expect(await callerFor(configured, null).system.getPublicConfig()).toMatchObject({ billingConfigured, trialsEnabled });
    } finally {
      await configured.close();
    }
  }
});
