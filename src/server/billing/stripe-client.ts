import Stripe from 'stripe';
import type { StripeBillingConfig } from '../config';

/**
 * The stripe client of one configuration: api.stripe.com, or the server STRIPE_API_URL names (the fake one in tests).
 * A request gives up after STRIPE_TIMEOUT_SECONDS and is retried once (Stripe's idempotency keys make that safe), so a
 * Stripe outage answers the user within seconds instead of holding the request.
 */
export function createStripeClient(config: StripeBillingConfig): Stripe {
  return new Stripe(config.secretKey, {
    timeout: config.timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}
