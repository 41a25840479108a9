import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import * as schema from '../db/schema';
import { REFERRER_FIELD, referrerUsername } from '../users/referral';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../../shared/auth';
import { profileImageSchema, safeProfileImage } from '../../shared/profile';

/** Set by our HTTP layer from the socket address (or X-Forwarded-For behind a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-studypath-client-ip';

export function createAuth(options: {
  db: Db;
  config: Pick<Config, 'authSecret' | 'appUrl' | 'trustedOrigins' | 'authRateLimit' | 'env'>;
  log: Logger;
}) {
  const { db, config, log } = options;
  return betterAuth({
    appName: 'StudyPath',
    secret: config.authSecret,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Into our JSON log instead of better-auth's own console lines. Its "errors" are mostly refused requests (wrong
    // password, foreign origin), so they go in at warn; a request that really fails is logged as an error by the
    // HTTP layer with its 5xx status. Level 'info' on purpose: with 'debug', 'warn' or 'error' better-auth also prints
    // every refused request to the console itself.
    logger: {
      level: 'info',
      log: (level, message, ...details) => {
        const entry = { component: 'auth', ...(details.length > 0 ? { details } : {}) };
        log[level === 'error' ? 'warn' : level](entry, message);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        locale: { type: 'string', required: false, input: false },
        referredBy: { type: 'string', required: false, input: false },
      },
    },
    // A `/auth?ref=username` sign-up sends that username along (src/server/users/referral.ts); an existing account's
    // username becomes referredBy, anything else is ignored and the sign-up goes on.
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            if (ctx?.path !== '/sign-up/email') return;
            const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
            const referredBy = await referrerUsername(db, body[REFERRER_FIELD]);
            return referredBy ? { data: { ...data, referredBy } } : undefined;
          },
        },
      },
    },
    // Profile changes go through user.updateProfile, which checks the avatar address and the name's length.
    disabledPaths: ['/update-user'],
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
    ],
    hooks: {
      // What better-auth does not check itself: the username plugin treats the username as optional, but in StudyPath
      // every account has one (leaderboard); and a name has the same length limit as in the sign-up form.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
        if (typeof body.username !== 'string' || body.username.trim() === '') {
          throw new APIError('BAD_REQUEST', { code: 'USERNAME_REQUIRED', message: 'Username is required' });
        }
        if (typeof body.name === 'string' && body.name.trim().length > NAME_MAX_LENGTH) {
          throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: 'Name is too long' });
        }
        // The avatar follows user.updateProfile's rule (https:// only, at most 2,000 characters); our sign-up form
        // sends none, so only a hand-made request meets this refusal.
        if (body.image !== undefined && !profileImageSchema.safeParse(body.image).success) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_IMAGE', message: 'Use the https:// address of an image.' });
        }
      }),
      // The session's user as better-auth answers it, except an avatar that fails user.updateProfile's check (stored
      // before that check, or written around it): null, so no page is ever sent an address it should not request.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/get-session') return;
        const returned: unknown = ctx.context.returned;
        if (typeof returned !== 'object' || returned === null || !('user' in returned)) return;
        const { user: sessionUser } = returned as { user: { image?: string | null } };
        const image = safeProfileImage(sessionUser.image);
        if (image === (sessionUser.image ?? null)) return;
        return ctx.json({ ...returned, user: { ...sessionUser, image } });
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
      // better-auth turns its origin (CSRF) check off when NODE_ENV=test or TEST is set; we want it everywhere, so
      // that tests exercise what production does and a stray variable cannot disable it.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Secure (and named __Secure-…) when the public address is https://. Said here rather than left to better-auth's
      // defaults: scripts never read the session cookie, and other sites' requests never carry it except on
      // top-level navigations (SameSite=Lax), which change nothing here.
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      cookiePrefix: 'studypath',
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
