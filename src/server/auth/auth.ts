import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

/** Set by our HTTP layer from the socket address (or X-Forwarded-For behind a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-studypath-client-ip';

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;

export function createAuth(options: {
  db: Db;
  config: Pick<Config, 'authSecret' | 'appUrl' | 'authRateLimit' | 'env'>;
}) {
  const { db, config } = options;
  return betterAuth({
    appName: 'StudyPath',
    secret: config.authSecret,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        locale: { type: 'string', required: false, input: false },
        referredBy: { type: 'string', required: false, input: false },
      },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
    ],
    hooks: {
      // The username plugin treats the username as optional; in StudyPath every account has one (leaderboard).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body: unknown = ctx.body;
        const value = typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : undefined;
        if (typeof value !== 'string' || value.trim() === '') {
          throw new APIError('BAD_REQUEST', { code: 'USERNAME_REQUIRED', message: 'Username is required' });
        }
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: config.authRateLimit.windowSeconds,
      max: config.authRateLimit.max * 10,
      customRules: {
        '/sign-in/email': { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max },
        '/sign-in/username': { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max },
        '/sign-up/email': { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max },
        '/get-session': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      cookiePrefix: 'studypath',
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
