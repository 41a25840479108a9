import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE } from '../../shared/locale-cookie';
import { safeRedirect } from '../../shared/safe-redirect';
import { type Locale, localeSchema } from '../../shared/schemas';
import type { Services } from '../services';
import { requestSession } from './session';

/**
 * The landing page and /auth as HTML made at build time (scripts/prerender.mjs writes
 * dist/client/prerendered/<locale>/<page>.html), so a phone paints them before any script arrives. The language is
 * the one the student chose on this device (the locale cookie the app keeps, lib/i18n.ts), else the browser's first
 * of ours in Accept-Language, else English — the same order the app itself follows.
 */
const LOCALES: readonly Locale[] = localeSchema.options;
const PAGE_NAMES = ['landing', 'sign-in', 'sign-up'] as const;
type PageName = (typeof PAGE_NAMES)[number];

export type PrerenderedPages = ReadonlyMap<string, string>;

/** The built pages by `<locale>/<name>`; empty without a build that made them (tests, an older build). */
export function loadPrerenderedPages(clientDir: string): PrerenderedPages {
  const pages = new Map<string, string>();
  for (const locale of LOCALES) {
    for (const name of PAGE_NAMES) {
      const file = path.join(clientDir, 'prerendered', locale, `${name}.html`);
      if (existsSync(file)) pages.set(`${locale}/${name}`, readFileSync(file, 'utf8'));
    }
  }
  return pages;
}

/** The first of our languages the browser lists, by its weights (`de-CH;q=0.9, en;q=0.8`). */
export function acceptedLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { language: tag.trim().slice(0, 2).toLowerCase(), weight: weight === undefined ? 1 : Number(weight), order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) {
    const locale = localeSchema.safeParse(entry.language);
    if (locale.success) return locale.data;
  }
  return undefined;
}

export function pageLocale(c: Context): Locale {
  const chosen = localeSchema.safeParse(getCookie(c, LOCALE_COOKIE));
  if (chosen.success) return chosen.data;
  return acceptedLocale(c.req.header('accept-language')) ?? 'en';
}

/** /auth in the mode it opens in: sign-up when asked for, or for a referral link (the page's own rule). */
function authPage(url: URL): PageName {
  const mode = url.searchParams.get('mode');
  if (mode === 'sign-up' || (mode !== 'sign-in' && url.searchParams.get('ref'))) return 'sign-up';
  return 'sign-in';
}

/**
 * GET / and GET /auth: the prerendered page, or undefined to fall through to the app's index.html. Someone signed in
 * opening /auth goes straight on to where they were headed, as the page itself would send them.
 */
export async function prerenderedPage(c: Context, services: Services, pages: PrerenderedPages): Promise<Response | undefined> {
  if (pages.size === 0) return undefined;
  const url = new URL(c.req.url);
  let name: PageName = 'landing';
  if (url.pathname === '/auth') {
    const session = c.req.header('cookie') ? await requestSession(services, c.req.raw) : null;
    if (session) return c.redirect(safeRedirect(url.searchParams.get('redirect') ?? undefined), 302);
    name = authPage(url);
  }
  const html = pages.get(`${pageLocale(c)}/${name}`);
  if (!html) return undefined;
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Cookie, Accept-Language');
  return c.html(html);
}
