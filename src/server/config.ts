import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aiConfig, type AiConfig } from './config/ai';
import { stripeConfig, type StripeBillingConfig } from './config/billing';
import { ConfigError } from './config/config-error';
import { geoipTemplate, parseEnv, type Env } from './config/env-schema';
import { mailConfig, type MailConfig } from './config/mail';
import {
  actionRateLimits,
  authRateLimit,
  type RateLimitedAction,
  type RateLimitRule,
  type SignInFailureLimits,
  signInFailureLimits,
} from './config/rate-limits';
import { s3Config, type S3Config } from './config/storage';
import { supportChatConfig, type SupportChatConfig } from './config/support-chat';

/**
 * Every environment variable the server reads, parsed once into a Config. This is the only module that touches
 * process.env (enforced by lint), so a test or a bench passes its own variables and nothing else leaks in. Each
 * variable has a safe default so `npm start` works with none set.
 *
 * The parts live in config/, one module per concern: the variables' schema (env-schema.ts), rate limits, S3 storage,
 * the AI model, the support chat, mail and Stripe billing. Import them from here.
 */
export { DEFAULT_AI_BASE_URL, type AiConfig } from './config/ai';
export type { StripeBillingConfig, StripeEnvironment, StripePriceIds } from './config/billing';
export { ConfigError } from './config/config-error';
export type { Env } from './config/env-schema';
export type { MailConfig } from './config/mail';
export type { RateLimitedAction, RateLimitRule, SignInFailureLimits } from './config/rate-limits';
export type { S3Config } from './config/storage';
export type { SupportChatConfig } from './config/support-chat';

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
  /** Failed sign-ins per account and per client address and window, across every password sign-in route. */
  signInFailures: SignInFailureLimits;
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
  /** The local tutor streams its answer a word at a time, this many milliseconds apart. */
  localTutorWordMs: number;
  /** The OpenAI-compatible endpoint of the llm study engine when AI_BASE_URL or AI_API_KEY is set; else the local engine. */
  ai: AiConfig | null;
  /** The third-party support-chat widget (spec §7) when SUPPORT_CHAT_SCRIPT_URL and SUPPORT_CHAT_APP_ID are set. */
  supportChat: SupportChatConfig | null;
  /** Outgoing mail (the invitation to a shared course) when SMTP_URL is set; without it nothing is sent. */
  mail: MailConfig | null;
  /** Stripe billing when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_IDS are set; else null. */
  stripe: StripeBillingConfig | null;
  /** TRIALS_ENABLED: Pro and Ultra may start with a free trial (spec §9: off by default). */
  trialsEnabled: boolean;
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

/** ADMIN_EMAILS: addresses separated by commas (or spaces), compared without regard to case. */
function adminEmails(value: string | undefined): string[] {
  const emails = (value ?? '').split(/[\s,]+/).map((email) => email.trim().toLowerCase()).filter(Boolean);
  const malformed = emails.filter((email) => !/^[^@\s]+@[^@\s]+$/.test(email));
  if (malformed.length > 0) {
    throw new ConfigError(`Invalid configuration: ADMIN_EMAILS: not an email address: ${malformed.join(', ')}`);
  }
  return [...new Set(emails)];
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const { env, given } = parseEnv(source);
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
    authRateLimit: authRateLimit(env),
    signInFailures: signInFailureLimits(env),
    rateLimits: actionRateLimits(env),
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
