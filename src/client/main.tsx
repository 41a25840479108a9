import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { i18n, i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { seedSession, takeEmbeddedSession } from './lib/session';
import { createAppRouter } from './router';
import './styles.css';

/**
 * The landing page and /auth come as HTML made at build time (prerender.tsx), painted before any script runs. It is
 * taken over (hydrated) when it shows exactly what this visit would render — the same address and language; otherwise
 * (a sign-in link carrying where to go next, a language chosen on this device the server could not know) the app
 * draws the page afresh over it.
 */
function matchesPrerendered(container: HTMLElement): boolean {
  const madeFor = container.dataset.prerendered;
  return madeFor !== undefined && madeFor === window.location.pathname + window.location.search && document.documentElement.lang === i18n.language;
}

/**
 * Lets the browser in between the start's steps: on a phone each (running the first chunk, making the router, reading
 * the page's texts) takes a good part of a frame, and one task doing them all would keep taps waiting.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(container: HTMLElement) {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // Who is signed in, as the server wrote it into the page: the shell's guard need not ask before drawing.
  const session = takeEmbeddedSession();
  if (session !== undefined) seedSession(queryClient, session);
  const router = createAppRouter({ queryClient });
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // At once for English; for German once its texts are in (the page would otherwise suspend on every text).
  await i18nReady.catch(() => undefined);
  await yieldToBrowser();
  if (matchesPrerendered(container)) {
    // The page's chunk and texts, and its route's checks, as the build had them when it made the HTML.
    await router.load();
    // As TanStack Router's own hydration does: the root then renders without the Suspense boundary it has on a client
    // that draws from scratch, the shape the HTML was made in (it was rendered as the router renders on a server).
    router.ssr = { manifest: undefined };
    // A transition: hydration yields to the browser every few milliseconds instead of blocking a phone's main thread.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // The page's chunk, texts and checks before the first render: drawn from scratch, the shell and its page then render
  // once, in a transition, in slices between which the browser takes taps. (Rendered first and completed by the
  // router as its chunk arrived, the page was a second render of the whole tree in one task: a router's state change
  // is not a transition.)
  await router.load().catch(() => undefined);
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
// The service worker (installable, review offline) once the page has loaded: nothing of it in the way of the first paint.
// The app starts after the first paint (shared/app-start.ts), by when a page may have finished loading already.
if (import.meta.env.PROD) {
  const register = () => void import('./lib/offline/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
