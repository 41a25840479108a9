/**
 * The fake Stripe (src/server/test/fake-stripe.ts) as a process of its own, for a Playwright webServer entry:
 *
 *   npx tsx tests/e2e/fake-stripe-server.ts
 *
 * FAKE_STRIPE_PORT (default 12111) is where it listens on 127.0.0.1; FAKE_STRIPE_WEBHOOK_URL (default
 * http://127.0.0.1:$E2E_PORT/api/stripe/webhook, E2E_PORT 3123) is where it delivers its signed events;
 * STRIPE_WEBHOOK_SECRET (default the fake's own) signs them. GET /health answers 'ok' once it listens.
 *
 * The app under test then needs, with the same port:
 *   STRIPE_SECRET_KEY=sk_test_fake_studypath  STRIPE_WEBHOOK_SECRET=whsec_fake_studypath
 *   STRIPE_API_URL=http://127.0.0.1:12111     STRIPE_PRICE_IDS=<the JSON this prints>
 * (`fakeStripeAppEnv(port)` below builds exactly that.)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAKE_STRIPE_PRICE_IDS, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../../src/server/test/fake-stripe';

export const FAKE_STRIPE_DEFAULT_PORT = 12111;

/** The environment of an app server that uses the fake Stripe listening on `port`. */
export function fakeStripeAppEnv(port: number = FAKE_STRIPE_DEFAULT_PORT, webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET) {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
    STRIPE_PRICE_IDS: JSON.stringify(FAKE_STRIPE_PRICE_IDS),
  };
}

async function main() {
  const port = Number(process.env.FAKE_STRIPE_PORT ?? FAKE_STRIPE_DEFAULT_PORT);
  const appPort = process.env.E2E_PORT ?? '3123';
  const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL ?? `http://127.0.0.1:${appPort}/api/stripe/webhook`;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const fake = await startFakeStripe({ port, webhookUrl, webhookSecret });
  console.log(`fake Stripe on ${fake.url}, webhooks to ${webhookUrl}, STRIPE_PRICE_IDS=${JSON.stringify(fake.priceIds)}`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Run as a script (not when a config imports fakeStripeAppEnv).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
