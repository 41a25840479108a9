import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { APP_START_PRELOADS_MARK } from '../../shared/app-start';
import { FIRST_QUERIES_ELEMENT_ID, pageQueriesFor } from '../../shared/first-queries';
import { type Locale, localeSchema } from '../../shared/schemas';
import { safeProfileImage } from '../../shared/profile';
import { SERVER_RENDERED_ROOT, type SignedInRender, type SignedInRequest } from '../../shared/server-render';
import { EMBEDDED_SESSION_ELEMENT_ID, type SessionData } from '../../shared/session';
import { PHONE_WIDTH, parseViewportWidth, VIEWPORT_COOKIE } from '../../shared/viewport-cookie';
import type { Services } from '../services';
import { firstQueries } from './first-queries';
import { pageLocale } from './pages';
import { requestSession, type Session } from './session';

/**
 * The app's page (dist/client/index.html) for every address the app draws in the browser. Two things are written into
 * it per request so the signed-in shell's first screen waits for less (issue 21): who is signed in — the app would
 * otherwise ask GET /api/auth/get-session before drawing anything — and, for someone signed in, preloads of the shell's
 * chunks, which the browser would otherwise find only after the first chunk had run.
 */
export interface AppPage {
  html: string;
  /** The shell chunk and the chunks it imports, from the build's manifest. */
  shellPreloads: Preloads;
  /** By page path (PAGE_MODULES): that page's own chunks, beyond the shell's. */
  pagePreloads: ReadonlyMap<string, Preloads>;
  /** The signed-in shell's frame per language (scripts/prerender.mjs), for #root; none in a build without them. */
  frames: ReadonlyMap<Locale, string>;
  /** Renders a signed-in page on the server (client/server-render.tsx, built into dist/ssr); none without that build. */
  renderer?: Promise<SignedInRenderer | undefined>;
}

/** Chunks to load: `<link rel="modulepreload">` of the scripts, and the stylesheets' addresses. */
export interface Preloads {
  modules: string;
  styles: readonly string[];
}

export type SignedInRenderer = (request: SignedInRequest) => Promise<SignedInRender | undefined>;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * The modules a signed-in page draws its first screen with beyond the shell, by path: the route's lazy part and, for a
 * study tab, the view the page reads ahead at once (lib/read-ahead.ts). Preloaded by the page, they load alongside the
 * shell instead of one after another once the first chunk has run (entry → route → view → its renderer). Keys of
 * the build's manifest (source paths); app-page.test.ts checks the files exist.
 */
export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['src/client/features/courses/dashboard-page.tsx'],
  '/summary': ['src/client/routes/summary.lazy.tsx', 'src/client/features/summary/summary-view.tsx'],
  '/mindmap': ['src/client/routes/mindmap.lazy.tsx', 'src/client/features/mindmap/mindmap-view.tsx'],
  '/learn': ['src/client/routes/learn.lazy.tsx', 'src/client/features/learn/learn-path.tsx'],
  '/decks': ['src/client/routes/decks.lazy.tsx', 'src/client/features/decks/decks-view.tsx'],
  '/chat': ['src/client/routes/chat.lazy.tsx', 'src/client/features/chat/conversation.tsx'],
};

/** The chunks of `keys` and everything they import statically, the entry apart, with their styles. */
function chunksOf(manifest: Record<string, ManifestChunk>, keys: readonly string[]): { files: Set<string>; styles: Set<string> } {
  const files = new Set<string>();
  const styles = new Set<string>();
  const queue = [...keys];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || key === 'index.html') continue;
    files.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    queue.push(...(chunk.imports ?? []));
  }
  return { files, styles };
}

function preloadsOf({ files, styles }: { files: Set<string>; styles: Set<string> }): Preloads {
  return { modules: [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''), styles: [...styles] };
}

/** The shell chunk (vite.config.ts names it `shell`) with everything it imports statically, the entry apart. */
export function shellPreloads(manifest: Record<string, ManifestChunk>): Preloads {
  return preloadsOf(chunksOf(manifest, shellKeys(manifest)));
}

const shellKeys = (manifest: Record<string, ManifestChunk>): string[] =>
  Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]?.name === 'shell' && key.endsWith('.js')).slice(0, 1);

/** Each page's own chunks (PAGE_MODULES) with what they import, less what the shell's preloads hold already. */
export function pagePreloads(manifest: Record<string, ManifestChunk>): Map<string, Preloads> {
  const shell = chunksOf(manifest, shellKeys(manifest));
  const byPage = new Map<string, Preloads>();
  for (const [pagePath, modules] of Object.entries(PAGE_MODULES)) {
    const own = chunksOf(manifest, modules);
    const files = new Set([...own.files].filter((file) => !shell.files.has(file)));
    const styles = new Set([...own.styles].filter((file) => !shell.styles.has(file)));
    if (files.size || styles.size) byPage.set(pagePath, preloadsOf({ files, styles }));
  }
  return byPage;
}

export function loadAppPage(clientDir: string): AppPage | undefined {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const frames = new Map<Locale, string>();
  for (const locale of localeSchema.options) {
    const file = path.join(clientDir, 'prerendered', locale, 'app-frame.html');
    if (existsSync(file)) frames.set(locale, readFileSync(file, 'utf8'));
  }
  return {
    html: readFileSync(indexFile, 'utf8'),
    shellPreloads: shellPreloads(manifest),
    pagePreloads: pagePreloads(manifest),
    frames,
    renderer: loadRenderer(path.join(path.dirname(clientDir), 'ssr', 'server-render.js')),
  };
}

/** The server-side bundle's renderer, loaded once in the background; undefined without it or if it does not load. */
function loadRenderer(file: string): Promise<SignedInRenderer | undefined> | undefined {
  if (!existsSync(file)) return undefined;
  return (import(pathToFileURL(file).href) as Promise<{ renderSignedInPage?: SignedInRenderer }>).then(
    (module) => module.renderSignedInPage,
    () => undefined,
  );
}

/**
 * The pages rendered on the server for someone signed in: where a student lands (the dashboard, a study tab), whose
 * first screen the page's answers hold (shared/first-queries.ts). Others show the shell's frame until the app draws.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set(Object.keys(PAGE_MODULES));

/**
 * The width to render for: the window's the app last ran in on this device (its cookie); else a phone's when the
 * browser says it is one (`Sec-CH-UA-Mobile: ?1`, sent by Chromium browsers unasked); else unknown — a first visit
 * from a computer, whose window could be any size, gets the frame.
 */
export function renderWidth(c: Context): number | undefined {
  return parseViewportWidth(getCookie(c, VIEWPORT_COOKIE)) ?? (c.req.header('sec-ch-ua-mobile') === '?1' ? PHONE_WIDTH : undefined);
}

/**
 * The page as HTML for #root, rendered on the server from the answers already in the page; undefined when it cannot
 * be (no renderer, a page not rendered here, an unknown width, not a page the browser opens, a render that failed or
 * was sent elsewhere).
 */
async function serverRendered(
  c: Context,
  services: Services,
  page: AppPage,
  request: Omit<SignedInRequest, 'width' | 'onError'>,
): Promise<SignedInRender | undefined> {
  const width = renderWidth(c);
  // Only for a page the browser opens (a script's fetch — the service worker keeping the app page — gets the frame).
  const mode = c.req.header('sec-fetch-mode');
  const opened = mode === undefined || mode === 'navigate';
  if (!page.renderer || width === undefined || !opened || !SERVER_RENDERED_PAGES.has(new URL(c.req.url).pathname)) return undefined;
  const render = await page.renderer;
  if (!render) return undefined;
  const onError = (error: unknown) => services.log.debug({ err: error, path: c.req.path }, 'part of a page not rendered on the server');
  try {
    const rendered = await render({ ...request, width, onError });
    // Never a script in the page's markup: the Content-Security-Policy would refuse it (and log an error).
    return rendered?.html.includes('<script') ? undefined : rendered;
  } catch (error) {
    services.log.warn({ err: error, path: c.req.path }, 'page not rendered on the server');
    return undefined;
  }
}

/** The session as the app keeps it: no token, dates as text. */
export function embeddedSession(session: Session): SessionData | null {
  if (!session) return null;
  const { user } = session;
  return {
    user: { id: user.id, name: user.name, email: user.email, image: safeProfileImage(user.image), username: user.username ?? null },
    session: { id: session.session.id, expiresAt: new Date(session.session.expiresAt).toISOString() },
  };
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, and the two line separators JavaScript once refused. */
function scriptJson(value: unknown): string {
  return scriptText(JSON.stringify(value));
}

function scriptText(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * `headers`: the request's, as the API's procedures see them (the client's address added); the page's first queries
 * run with them.
 */
export async function appPageResponse(c: Context, services: Services, page: AppPage, headers: Headers = c.req.raw.headers): Promise<Response> {
  const session = c.req.header('cookie') ? await requestSession(services, c.req.raw) : null;
  const data = embeddedSession(session);
  const url = new URL(c.req.url);
  // The shell's first queries answered in the page (shared/first-queries.ts): superjson's JSON text, made safe to
  // stand inside <script> (a `<` can only be inside a JSON string, where \u003c reads the same).
  // A study tab's own queries about the open file too (shared/first-queries.ts PAGE_QUERIES).
  const answers = session ? await firstQueries(services, headers, session, pageQueriesFor(url.pathname, url.searchParams)) : null;
  // Someone signed in sees the page rendered on the server, or else the shell's frame, at once, in the language the app
  // will start in, until the app draws its own over it.
  const locale = pageLocale(c);
  const rendered = data ? await serverRendered(c, services, page, { href: url.pathname + url.search, locale, session: data, answers }) : undefined;
  // Inert until the app has drawn its own (client/app.tsx): to read and scroll, not yet to use.
  const root = rendered ? `${SERVER_RENDERED_ROOT}${rendered.html}</div>` : `<div id="root">${session ? (page.frames.get(locale) ?? '') : ''}</div>`;
  const own = data ? [page.shellPreloads, page.pagePreloads.get(url.pathname) ?? { modules: '', styles: [] }] : [];
  const modules = own.map((preloads) => preloads.modules).join('');
  // A page rendered here is drawn with its chunks' styles from the first paint (they are small); otherwise they load
  // alongside the scripts.
  const styles = own
    .flatMap((preloads) => preloads.styles)
    .map((file) => (rendered ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="preload" as="style" crossorigin href="/${file}">`))
    .join('');
  const head = `${styles}${rendered?.head ?? ''}<script type="application/json" id="${EMBEDDED_SESSION_ELEMENT_ID}">${scriptJson(data)}</script>`;
  const body = answers ? `<script type="application/json" id="${FIRST_QUERIES_ELEMENT_ID}">${scriptText(answers)}</script>` : '';
  // The page now carries who asked: never kept by a shared cache, and asked again each time.
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, Sec-CH-UA-Mobile');
  // The shell's chunks load with the app, once the page has painted (shared/app-start.ts); a page built without that
  // start (the development server's) preloads them in <head>.
  const started = page.html.includes(APP_START_PRELOADS_MARK);
  return c.html(
    page.html
      // The language the page is drawn in (the frame's, the server's render): the app keeps it so when it starts.
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      // Replaced by functions: a `$&` or `$'` in a user's data is text, not a replacement pattern.
      .replace('</head>', () => `${started ? '' : modules}${head}</head>`)
      .replace(APP_START_PRELOADS_MARK, () => modules)
      .replace('<div id="root"></div>', () => root)
      .replace('</body>', () => `${body}</body>`),
  );
}
