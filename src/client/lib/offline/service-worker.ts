import { pageWithoutFirstQueries } from '../../../shared/first-queries';
import { whenIdle } from '../when-idle';

/**
 * The page's side of the service worker (src/client/sw/service-worker.ts, built to /sw.js): registered once the app
 * has started and the browser is idle, in a production build only (Vite's development server has no /sw.js, and a
 * worker keeping old code would confuse development).
 */

/** The cache the service worker keeps the app's pages in; shared with it. */
const PAGES_CACHE = 'studypath-pages';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (a private window, a browser setting): the app works as before, only not offline.
    });
  };
  whenIdle(register, { timeout: 5000, fallbackMs: 1000 });
}


/** The key the service worker keeps the last app page under (src/client/sw/service-worker.ts). */
const APP_PAGE_KEY = '/__app-page';

/**
 * Keeps the signed-in app page for starting offline, once the service worker is active. The worker keeps each page it
 * fetches, but the first visit's page was fetched before it existed, and signing in changes the page without fetching
 * one: so the signed-in shell asks for it once per visit (a few KB, never cached by the browser).
 */
export async function keepAppPage(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  await navigator.serviceWorker.ready;
  const response = await fetch('/dashboard', { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) return;
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(APP_PAGE_KEY, await pageWithoutFirstQueries(response));
}

/** Deletes the pages the service worker kept: they carry the signed-in user (signing out). */
export async function forgetAppPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PAGES_CACHE);
}
