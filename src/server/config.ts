import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, PaidPlanSlug } from '../shared/pricing';

/**
 * Every environment variable the server reads, parsed once. This is the only module that touches process.env
 * (enforced by lint). Each variable has a safe default so `npm start` works with none set.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const s3BucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** GEOIP_URL is a template with `{ip}` (e.g. https://ipapi.co/{ip}/json/) or a base the address is appended to. */
function isGeoipUrl(value: string): boolean {
  const sample = geoipTemplate(value).replace('{ip}', '203.0.113.7');
  return URL.canParse(sample) && /^https?:$/.test(new URL(sample).protocol);
}

function geoipTemplate(value: string): string {
  return value.includes('{ip}') ? value : `${value.replace(/\/+$/, '')}/{ip}`;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value) || value.startsWith('memory://'),
    { message: 'must be a postgres:// or postgresql:// connection string' },
  ),
  BETTER_AUTH_SECRET: optionalString,
  APP_URL: optionalString.refine((value) => value === undefined || URL.canParse(value), { message: 'must be a URL' }),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  CHAT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  GENERATION_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  GENERATION_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  FEEDBACK_URL: z
    .string()
    .refine((value) => /^(https?:\/\/|mailto:)/.test(value), { message: 'must be an http(s):// or mailto: link' })
    .default('mailto:feedback@studypath.app'),
  ADMIN_EMAILS: optionalString,
  GEOIP_URL: optionalString.refine((value) => value === undefined || isGeoipUrl(value), {
    message: 'must be an http:// or https:// URL, with {ip} where the address goes (else it is appended)',
  }),
  S3_BUCKET: optionalString.refine((value) => value === undefined || s3BucketName.test(value), {
    message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
  }),
  S3_ENDPOINT: optionalString.refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  AI_BASE_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), {
    message: 'must be an http:// or https:// URL',
  }),
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(120),
  LOCAL_TUTOR_WORD_MS: z.coerce.number().int().min(0).max(1000).default(30),
  SUPPORT_CHAT_SCRIPT_URL: optionalString.refine((value) => value === undefined || /^https:\/\/[^/]/.test(value), {
    message: 'must be an https:// URL',
  }),
  SUPPORT_CHAT_APP_ID: optionalString,
  SUPPORT_CHAT_SECRET: optionalString,
  SUPPORT_CHAT_CSP_SOURCES: optionalString,
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  SMTP_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), {
    message: 'must be an http:// or https:// URL',
  }),
  STRIPE_PRICE_IDS: optionalString,
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  TRIALS_ENABLED: booleanFlag,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  database: { kind: 'pglite'; dataDir: string | undefined } | { kind: 'postgres'; url: string };
  authSecret: string;
  appUrl: string;
  /** Origins whose state-changing requests are accepted (CSRF check): APP_URL's, plus both loopback names when unset. */
  trustedOrigins: string[];
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: RateLimitRule;
  /** Requests per user (per client IP when signed out) and window, shared by every web process through the database. */
  rateLimits: Record<RateLimitedAction, RateLimitRule>;
  jobsEnabled: boolean;
  feedbackUrl: string;
  /** ADMIN_EMAILS in lower case: the accounts that may open /admin. Empty: nobody. */
  adminEmails: string[];
  /** The IP-geolocation service as a template with `{ip}` (GEOIP_URL); null: no detection, prices in usd. */
  geoipUrl: string | null;
  clientDir: string;
  /** S3-compatible storage for uploaded files when S3_BUCKET is set; otherwise they live in filesDir. */
  s3: S3Config | null;
  /** The OpenAI-compatible endpoint of the llm study engine when AI_BASE_URL or AI_API_KEY is set; else the local engine. */
  /** The local tutor streams its answer a word at a time, this many milliseconds apart. */
  localTutorWordMs: number;
  ai: AiConfig | null;
  /** The third-party support-chat widget (spec §7) when SUPPORT_CHAT_SCRIPT_URL and SUPPORT_CHAT_APP_ID are set. */
  supportChat: SupportChatConfig | null;
  /** Outgoing mail (invitations, issue 8) when SMTP_URL is set; without it nothing is sent. */
  mail: MailConfig | null;
  /** Stripe billing (issue 9) when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_IDS are set; else null. */
  stripe: StripeBillingConfig | null;
  /** TRIALS_ENABLED: Pro and Ultra may start with a free trial (spec §9: off by default). */
  trialsEnabled: boolean;
}

export interface RateLimitRule {
  windowSeconds: number;
  max: number;
}

/** What is limited besides auth: POST /api/files, POST /api/chat, and the procedures that start generation. */
export type RateLimitedAction = 'upload' | 'chat' | 'generation';

/** The Stripe price id of each paid plan and interval: `{ pro: { monthly, yearly }, ultra: { monthly, yearly } }`. */
export type StripePriceIds = Record<PaidPlanSlug, Record<BillingInterval, string>>;
export type StripeEnvironment = 'production' | 'test';

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

/** SMTP_URL (smtp[s]://user:pass@host:port) and the From address (SMTP_FROM, else no-reply at APP_URL's host). */
export interface MailConfig {
  smtpUrl: string;
  from: string;
}

/**
 * A customer-chat widget with the Intercom-style Messenger API (`window.Intercom('boot' | 'shutdown', …)`): its loader
 * script, app id, the identity-verification secret that signs each user's id (user_hash), and the origins the
 * Content-Security-Policy must allow for it (its script's origin at least).
 */
export interface SupportChatConfig {
  scriptUrl: string;
  appId: string;
  secret: string | undefined;
  cspSources: string[];
}

/** Matches createLlmEngine's options (src/server/study/engines/llm/llm-engine.ts). */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns zod issues into one line per variable, naming it, so a misconfigured server says exactly what is wrong. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)
    .join('; ');
}

/** The auth secret is generated once and kept in DATA_DIR so sessions survive restarts without any setup. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `PORT=` in an env file means "not set": blank values take the default instead of parsing as 0 or as ''. */
function withoutBlankValues(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
}

/**
 * S3 storage is all or nothing: a bucket without keys, or S3 settings without a bucket, would otherwise start a server
 * that fails on the first upload (or silently keeps files on local disk).
 */
function s3Config(env: Env): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (bucket === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const)
      .filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: S3_BUCKET: must be set to store files in S3 (set without it: ${stray.join(', ')})`);
    }
    return null;
  }
  const missing = [
    accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : undefined,
    secretAccessKey === undefined ? 'S3_SECRET_ACCESS_KEY' : undefined,
  ].filter((name) => name !== undefined);
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: must be set when S3_BUCKET is set`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    bucket,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    // S3-compatible servers mostly want path-style addressing; AWS itself wants the bucket in the host name.
    forcePathStyle: pathStyle === undefined ? env.S3_ENDPOINT !== undefined : ['true', '1', 'yes'].includes(pathStyle),
  };
}

/**
 * The llm engine is on when AI_BASE_URL or AI_API_KEY is set (a key alone means OpenAI itself). AI_MODEL or
 * AI_TIMEOUT_SECONDS without either would be silently ignored, so they stop the start instead.
 */
function aiConfig(env: Env, given: Record<string, string>): AiConfig | null {
  if (env.AI_BASE_URL === undefined && env.AI_API_KEY === undefined) {
    const stray = (['AI_MODEL', 'AI_TIMEOUT_SECONDS'] as const).filter((name) => given[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration: AI_BASE_URL or AI_API_KEY: must be set to use an AI model (set without them: ${stray.join(', ')})`,
      );
    }
    return null;
  }
  return {
    baseUrl: env.AI_BASE_URL ?? DEFAULT_AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
  };
}

function supportChatConfig(env: Env): SupportChatConfig | null {
  const { SUPPORT_CHAT_SCRIPT_URL: scriptUrl, SUPPORT_CHAT_APP_ID: appId } = env;
  if (scriptUrl === undefined && appId === undefined) {
    const stray = (['SUPPORT_CHAT_SECRET', 'SUPPORT_CHAT_CSP_SOURCES'] as const).filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: SUPPORT_CHAT_SCRIPT_URL: must be set for the support chat (set without it: ${stray.join(', ')})`);
    }
    return null;
  }
  if (scriptUrl === undefined || appId === undefined) {
    const missing = scriptUrl === undefined ? 'SUPPORT_CHAT_SCRIPT_URL' : 'SUPPORT_CHAT_APP_ID';
    throw new ConfigError(`Invalid configuration: ${missing}: must be set together with ${missing === 'SUPPORT_CHAT_APP_ID' ? 'SUPPORT_CHAT_SCRIPT_URL' : 'SUPPORT_CHAT_APP_ID'}`);
  }
  const extra = (env.SUPPORT_CHAT_CSP_SOURCES ?? '').split(/[\s,]+/).filter(Boolean);
  return { scriptUrl, appId, secret: env.SUPPORT_CHAT_SECRET, cspSources: [...new Set([new URL(scriptUrl).origin, ...extra])] };
}

/** ADMIN_EMAILS: addresses separated by commas (or spaces), compared without regard to case. */
function adminEmails(value: string | undefined): string[] {
  const emails = (value ?? '').split(/[\s,]+/).map((email) => email.trim().toLowerCase()).filter(Boolean);
  const malformed = emails.filter((email) => !/^[^@\s]+@[^@\s]+$/.test(email));
  if (malformed.length > 0) {
    throw new ConfigError(`Invalid configuration: ADMIN_EMAILS: not an email address: ${malformed.join(', ')}`);
  }
  return [...new Set(emails)];
}

function mailConfig(env: Env): MailConfig | null {
  if (env.SMTP_URL === undefined) {
    if (env.SMTP_FROM !== undefined) throw new ConfigError('Invalid configuration: SMTP_URL: must be set to send mail (set without it: SMTP_FROM)');
    return null;
  }
  const host = env.APP_URL ? new URL(env.APP_URL).hostname : 'localhost';
  return { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM ?? `StudyPath <no-reply@${host}>` };
}

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
function stripeConfig(env: Env, given: Record<string, string>): StripeBillingConfig | null {
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

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const given = withoutBlankValues(source);
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  const env = parsed.data;
  const s3 = s3Config(env);
  const ai = aiConfig(env, given);
  const dataDir = path.resolve(env.DATA_DIR);
  const database: Config['database'] =
    env.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'db') }
      : env.DATABASE_URL.startsWith('memory://')
        ? { kind: 'pglite', dataDir: undefined }
        : { kind: 'postgres', url: env.DATABASE_URL };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    database,
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    trustedOrigins: env.APP_URL
      ? [new URL(env.APP_URL).origin]
      : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    authRateLimit: { windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX },
    rateLimits: {
      upload: { windowSeconds: env.UPLOAD_RATE_LIMIT_WINDOW_SECONDS, max: env.UPLOAD_RATE_LIMIT_MAX },
      chat: { windowSeconds: env.CHAT_RATE_LIMIT_WINDOW_SECONDS, max: env.CHAT_RATE_LIMIT_MAX },
      generation: { windowSeconds: env.GENERATION_RATE_LIMIT_WINDOW_SECONDS, max: env.GENERATION_RATE_LIMIT_MAX },
    },
    jobsEnabled: env.JOBS_ENABLED,
    feedbackUrl: env.FEEDBACK_URL,
    adminEmails: adminEmails(env.ADMIN_EMAILS),
    geoipUrl: env.GEOIP_URL === undefined ? null : geoipTemplate(env.GEOIP_URL),
    clientDir: path.resolve('dist/client'),
    s3,
    ai,
    localTutorWordMs: env.LOCAL_TUTOR_WORD_MS,
    supportChat: supportChatConfig(env),
    mail: mailConfig(env),
    stripe: stripeConfig(env, given),
    trialsEnabled: env.TRIALS_ENABLED,
  };
}
