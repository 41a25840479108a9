import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { handleStripeWebhook } from '../billing/webhook';
import type { Services } from '../services';

/** Stripe's events are small; a larger body is not one of them. */
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * `POST /api/stripe/webhook`: Stripe's events about checkouts and subscriptions (src/server/billing/webhook.ts). The
 * signature covers the exact bytes Stripe sent, so the body is read raw, never parsed first. Stripe's servers are not
 * a browser on the app's origin: the route takes no session and no Origin check; the signature is its authentication.
 */
export function stripeWebhookRoutes(services: Services) {
  const app = new Hono();
  app.post(
    '/api/stripe/webhook',
    bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: (c) => c.json({ error: 'Event too large.' }, 413) }),
    async (c) => {
      const payload = Buffer.from(await c.req.arrayBuffer());
      const answer = await handleStripeWebhook({ services, payload, signature: c.req.header('stripe-signature') });
      return c.json(answer.body, answer.status);
    },
  );
  return app;
}
