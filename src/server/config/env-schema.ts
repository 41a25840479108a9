import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * The zod schema of every environment variable the server reads, with its default. One schema for all of them, so a
 * misconfigured server names every wrong variable in one message; the concerns' modules (storage.ts, ai.ts,
 * billing.ts, …) then check how their variables go together and build their part of the Config.
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

export function geoipTemplate(value: string): string {
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
  SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SIGN_IN_FAILURE_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SIGN_IN_FAILURE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
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

/**
 * The variables that were set, with a value (blank ones left out). A variable with a default reads the same in Env
 * whether it was set or not, so the checks of what may be set without what (AI_MODEL without an AI endpoint, …) look
 * here instead.
 */
export type GivenEnv = Record<string, string>;

/** Turns zod issues into one line per variable, naming it, so a misconfigured server says exactly what is wrong. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)
    .join('; ');
}

/** `PORT=` in an env file means "not set": blank values take the default instead of parsing as 0 or as ''. */
function withoutBlankValues(source: Record<string, string | undefined>): GivenEnv {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
}

/** Parses the environment it is given (the caller reads process.env), or throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): { env: Env; given: GivenEnv } {
  const given = withoutBlankValues(source);
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  return { env: parsed.data, given };
}
