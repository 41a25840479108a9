import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { FIRST_QUERIES_ELEMENT_ID, pageQueriesFor } from '../../shared/first-queries';
import { type Locale, localeSchema } from '../../shared/schemas';
import { EMBEDDED_SESSION_ELEMENT_ID, type SessionData } from '../../shared/session';
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
  /** `<link rel="modulepreload">` of the shell chunk and the chunks it imports, from the build's manifest. */
  shellPreloads: string;
  /** By page path (PAGE_MODULES): preloads of that page's own chunks, beyond the shell's. */
  pagePreloads: ReadonlyMap<string, string>;
  /** The signed-in shell's frame per language (scripts/prerender.mjs), for #root; none in a build without them. */
  frames: ReadonlyMap<Locale, string>;
}

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

function preloadLinks({ files, styles }: { files: Set<string>; styles: Set<string> }): string {
  return [
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}

/** The shell chunk (vite.config.ts names it `shell`) with everything it imports statically, the entry apart. */
export function shellPreloads(manifest: Record<string, ManifestChunk>): string {
  return preloadLinks(chunksOf(manifest, shellKeys(manifest)));
}

const shellKeys = (manifest: Record<string, ManifestChunk>): string[] =>
  Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]?.name === 'shell' && key.endsWith('.js')).slice(0, 1);

/** Each page's own chunks (PAGE_MODULES) with what they import, less what the shell's preloads hold already. */
export function pagePreloads(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const shell = chunksOf(manifest, shellKeys(manifest));
  const byPage = new Map<string, string>();
  for (const [pagePath, modules] of Object.entries(PAGE_MODULES)) {
    const own = chunksOf(manifest, modules);
    const links = preloadLinks({
      files: new Set([...own.files].filter((file) => !shell.files.has(file))),
      styles: new Set([...own.styles].filter((file) => !shell.styles.has(file))),
    });
    if (links) byPage.set(pagePath, links);
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
  return { html: readFileSync(indexFile, 'utf8'), shellPreloads: shellPreloads(manifest), pagePreloads: pagePreloads(manifest), frames };
}

/** The session as the app keeps it: no token, dates as text. */
export function embeddedSession(session: Session): SessionData | null {
  if (!session) return null;
  const { user } = session;
  return {
    user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null, username: user.username ?? null },
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
  const preloads = data ? page.shellPreloads + (page.pagePreloads.get(url.pathname) ?? '') : '';
  const head = `${preloads}<script type="application/json" id="${EMBEDDED_SESSION_ELEMENT_ID}">${scriptJson(data)}</script>`;
  // The shell's first queries answered in the page (shared/first-queries.ts): superjson's JSON text, made safe to
  // stand inside <script> (a `<` can only be inside a JSON string, where \u003c reads the same).
  // A study tab's own queries about the open file too (shared/first-queries.ts PAGE_QUERIES).
  const answers = session ? await firstQueries(services, headers, session, pageQueriesFor(url.pathname, url.searchParams)) : null;
  const body = answers ? `<script type="application/json" id="${FIRST_QUERIES_ELEMENT_ID}">${scriptText(answers)}</script>` : '';
  // The page now carries who asked: never kept by a shared cache, and asked again each time.
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie');
  // Someone signed in sees the shell's frame at once, in the language the app will start in, until the app replaces it.
  const frame = session ? (page.frames.get(pageLocale(c)) ?? '') : '';
  return c.html(
    page.html
      // Replaced by functions: a `$&` or `$'` in a user's data is text, not a replacement pattern.
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${frame}</div>`)
      .replace('</body>', () => `${body}</body>`),
  );
}
