/**
 * The service worker (issue 21, decision 010): StudySpace installable and usable for review without a connection.
 * Bundled by scripts/service-worker.mjs into dist/client/sw.js, with the build's asset list and version put in.
 *
 * - Install: the app's code, styles, fonts and texts (every built asset but source maps, the PDF viewer with its
 *   worker and KaTeX's fonts, which are cached when first used) are kept, so the app starts offline.
 * - Pages (navigations): from the network; the last app page is kept, and offline any app address is answered with
 *   it, so the app starts and draws what it keeps on the device (lib/offline). The landing page and /auth are kept
 *   under their own addresses. Signing out deletes the kept pages (they carry the signed-in user).
 * - /assets/*: from the cache first (their names carry a content hash), else the network, kept for next time.
 * - The API is never cached here: what the app keeps offline, it keeps itself (IndexedDB), per user.
 *
 * Typed with the few service-worker interfaces it uses: the project's TypeScript program has the DOM library, which
 * cannot be combined with the WebWorker one.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ServiceWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

import { pageWithoutFirstQueries } from '../../shared/first-queries';

// A module, so that this `self` (the worker's scope) stands in for the DOM's window-typed one.
export {};
declare const self: ServiceWorkerScope;
/** Put in by scripts/service-worker.mjs: the build's assets to keep at install, and a hash of them. */
declare const __PRECACHE__: string[];
declare const __VERSION__: string;

const ASSETS = `studypath-assets-${__VERSION__}`;
/** Shared with the page (lib/offline/service-worker.ts), which deletes it on sign-out. */
const PAGES = 'studypath-pages';
/** The key the last app page is kept under: any app address is answered with it offline. */
const APP_PAGE = '/__app-page';
const VISITOR_PAGES = new Set(['/', '/auth']);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      await cache.addAll(__PRECACHE__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('studypath-assets-') && name !== ASSETS) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSETS);
    await cache.put(request, response.clone());
  }
  return response;
}

async function page(request: Request, url: URL): Promise<Response> {
  const key = VISITOR_PAGES.has(url.pathname) ? url.pathname : APP_PAGE;
  try {
    const response = await fetch(request);
    const html = response.headers.get('content-type')?.includes('text/html');
    if (response.status === 200 && html && !response.redirected) {
      const cache = await caches.open(PAGES);
      await cache.put(key, await pageWithoutFirstQueries(response.clone()));
    }
    return response;
  } catch (error) {
    // No connection: the page kept for this kind of address (the app's, or the visitor page's own).
    const cache = await caches.open(PAGES);
    const kept = (await cache.match(key, { ignoreVary: true })) ?? (await cache.match(APP_PAGE, { ignoreVary: true }));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheFirst(request));
});
