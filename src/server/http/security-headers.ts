import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { APP_START_SCRIPT } from '../../shared/app-start';
import { THEME_BOOT_SCRIPT } from '../../shared/theme-boot';
import type { Config } from '../config';

const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The inline scripts a page may run, allowed by their hashes: the theme's first step (shared/theme-boot.ts)… */
export const THEME_BOOT_SOURCE = hashSource(THEME_BOOT_SCRIPT);
/** …and the app's start once the page has painted (shared/app-start.ts). */
export const APP_START_SOURCE = hashSource(APP_START_SCRIPT);

/** A year; browsers keep to HTTPS for the host (and its subdomains) this long after any HTTPS answer. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries: a strict Content-Security-Policy (scripts from this origin only, plus the support
 * chat's origins when one is configured; no inline script but the theme's first step and the app's start, no eval; never framed), nosniff, no Referer to other
 * sites, no framing for old browsers either. A route that sets one of them itself keeps its own (GET /api/file sends
 * a CSP fit for a stored document).
 */
export function securityHeaders(config: Pick<Config, 'supportChat'>): MiddlewareHandler {
  // The support-chat widget, when configured, loads its script and talks to its servers from these origins.
  const widget = config.supportChat?.cspSources ?? [];
  return secureHeaders({
    crossOriginEmbedderPolicy: false,
    overwrite: false,
    // Sent only over HTTPS, by httpsOnlyTransport below: on plain http://localhost it would mean nothing at best.
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: 'nosniff',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", THEME_BOOT_SOURCE, APP_START_SOURCE, ...widget],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Avatars are https:// addresses the user gives (user.updateProfile).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...widget],
      fontSrc: ["'self'", 'data:', ...widget],
      connectSrc: ["'self'", ...widget],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...widget],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  });
}

/**
 * Strict-Transport-Security, on answers served over HTTPS only: the public address (APP_URL) is https://, so a TLS
 * proxy stands in front; or, behind a proxy we trust (TRUST_PROXY), it says the browser used HTTPS.
 */
export function httpsOnlyTransport(config: Pick<Config, 'appUrl' | 'trustProxy'>): MiddlewareHandler {
  const publicHttps = config.appUrl.startsWith('https://');
  return async (c, next) => {
    await next();
    const forwardedProto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (publicHttps || (config.trustProxy && forwardedProto === 'https')) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
