import type { Env } from './env-schema';

/**
 * The request limits (AUTH_, UPLOAD_, CHAT_ and GENERATION_RATE_LIMIT_*): how many requests a window of seconds allows.
 * Sign-in and sign-up have a rule of their own because better-auth enforces it (auth/auth.ts); the others are counted
 * in the database by http/rate-limits.ts.
 */
export interface RateLimitRule {
  windowSeconds: number;
  max: number;
}

/** What is limited besides auth: POST /api/files, POST /api/chat, and the procedures that start generation. */
export type RateLimitedAction = 'upload' | 'chat' | 'generation';

export function authRateLimit(env: Env): RateLimitRule {
  return { windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX };
}

/**
 * Failed sign-ins (SIGN_IN_FAILURE_*), counted across every password sign-in route by http/sign-in-limits.ts: per
 * account (the account an email or username names, else that identifier) and per client address, in one fixed window.
 */
export interface SignInFailureLimits {
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
}

export function signInFailureLimits(env: Env): SignInFailureLimits {
  return {
    windowSeconds: env.SIGN_IN_FAILURE_WINDOW_SECONDS,
    perAccount: env.SIGN_IN_FAILURE_MAX_PER_ACCOUNT,
    perAddress: env.SIGN_IN_FAILURE_MAX_PER_ADDRESS,
  };
}

export function actionRateLimits(env: Env): Record<RateLimitedAction, RateLimitRule> {
  return {
    upload: { windowSeconds: env.UPLOAD_RATE_LIMIT_WINDOW_SECONDS, max: env.UPLOAD_RATE_LIMIT_MAX },
    chat: { windowSeconds: env.CHAT_RATE_LIMIT_WINDOW_SECONDS, max: env.CHAT_RATE_LIMIT_MAX },
    generation: { windowSeconds: env.GENERATION_RATE_LIMIT_WINDOW_SECONDS, max: env.GENERATION_RATE_LIMIT_MAX },
  };
}
