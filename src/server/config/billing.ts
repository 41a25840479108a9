import { z } from 'zod';
import type { BillingInterval, PaidPlanSlug } from '../../shared/pricing';
import { ConfigError } from './config-error';
import type { Env, GivenEnv } from './env-schema';

/**
 * Stripe billing (STRIPE_*): the keys, the API address and timeout, and the price id of each paid plan and interval per
 * Stripe environment. The secret key decides the environment, so one STRIPE_PRICE_IDS can serve a test and a live
 * deployment alike.
 */
export interface StripeBillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL split for the stripe client (a fake server in tests); undefined means api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  timeoutMs: number;
  /** The environment the secret key belongs to: live keys (sk_live_, rk_live_) are production, any other test. */
  environment: StripeEnvironment;
  /** Price ids per environment; both point at the same table when STRIPE_PRICE_IDS holds a single one. */
  priceIds: Record<StripeEnvironment, StripePriceIds | undefined>;
}

/** The Stripe price id of each paid plan and interval: `{ pro: { monthly, yearly }, ultra: { monthly, yearly } }`. */
export type StripePriceIds = Record<PaidPlanSlug, Record<BillingInterval, string>>;
export type StripeEnvironment = 'production' | 'test';

const priceId = z.string().trim().min(1).max(255);
const intervalPriceIdsSchema = z.object({ monthly: priceId, yearly: priceId }).strict();
const priceIdTableSchema = z
  .object({ pro: intervalPriceIdsSchema, ultra: intervalPriceIdsSchema })
  .strict()
  .refine((table) => {
    const ids = Object.values(table).flatMap((intervals) => Object.values(intervals));
    return new Set(ids).size === ids.length;
  }, 'every plan and interval needs its own price id');

const priceIdsSchema = z.union([
  priceIdTableSchema.transform((table) => ({ production: table, test: table })),
  z
    .object({ production: priceIdTableSchema.optional(), test: priceIdTableSchema.optional() })
    .strict()
    .refine((sets) => sets.production !== undefined || sets.test !== undefined, 'needs a production or a test set'),
]);

const PRICE_IDS_SHAPE =
  'must be JSON like {"pro":{"monthly":"price_…","yearly":"price_…"},"ultra":{"monthly":"price_…","yearly":"price_…"}}, ' +
  'or {"production":{…},"test":{…}} with that shape inside';

/**
 * Billing is on when the secret key, the webhook secret and the price ids are all set; some without the others, or
 * STRIPE_API_URL / STRIPE_TIMEOUT_SECONDS without them, stop the start (a half-configured Stripe would fail at checkout).
 */
export function stripeConfig(env: Env, given: GivenEnv): StripeBillingConfig | null {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_IDS'] as const;
  const present = required.filter((name) => env[name] !== undefined);
  if (present.length === 0) {
    const stray = (['STRIPE_API_URL', 'STRIPE_TIMEOUT_SECONDS'] as const).filter((name) => given[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: STRIPE_SECRET_KEY: must be set for billing (set without it: ${stray.join(', ')})`);
    }
    return null;
  }
  const missing = required.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: must be set together with ${present.join(', ')}`);
  }
  const secretKey = env.STRIPE_SECRET_KEY as string;
  let json: unknown;
  try {
    json = JSON.parse(env.STRIPE_PRICE_IDS as string);
  } catch {
    throw new ConfigError(`Invalid configuration: STRIPE_PRICE_IDS: ${PRICE_IDS_SHAPE}`);
  }
  const parsed = priceIdsSchema.safeParse(json);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: STRIPE_PRICE_IDS: ${PRICE_IDS_SHAPE}`);
  const environment: StripeEnvironment = /^(sk|rk)_live_/.test(secretKey) ? 'production' : 'test';
  if (parsed.data[environment] === undefined) {
    throw new ConfigError(`Invalid configuration: STRIPE_PRICE_IDS: needs a "${environment}" set for this ${environment} secret key`);
  }
  const apiUrl = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const protocol = apiUrl?.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
    api: apiUrl
      ? { host: apiUrl.hostname, port: apiUrl.port ? Number(apiUrl.port) : protocol === 'http' ? 80 : 443, protocol }
      : undefined,
    timeoutMs: Math.round(env.STRIPE_TIMEOUT_SECONDS * 1000),
    environment,
    priceIds: { production: parsed.data.production, test: parsed.data.test },
  };
}
