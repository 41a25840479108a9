import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { SignedInRender, SignedInRequest } from '../shared/server-render';
import { App } from './app';
import { setRenderWidth } from './features/shell/use-media-query';
import { seedAnswers } from './lib/first-queries';
import { i18n, i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { seedSession } from './lib/session';
import { readAll, splitHints } from './render-html';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * How long a render may take before what is not ready is left as its loading state: the answers are all given, so
 * only a part that would ask the server for more (which a render here cannot) waits this long.
 */
const RENDER_BUDGET_MS = 250;

/** The i18n instance and the shell's layout width are the module's: renders take turns. */
let turn: Promise<unknown> = Promise.resolve();
let waiting = 0;
/**
 * Renders waiting their turn beyond which a page is answered with the shell's frame instead: a burst of page loads
 * must not queue behind each other's renders (each takes a few to a few tens of milliseconds of the server's thread).
 */
const MAX_WAITING = 8;

/** One render of the app's tree to HTML, within the budget. */
async function renderOnce(queryClient: QueryClient, router: AppRouter, onError: SignedInRequest['onError']): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RENDER_BUDGET_MS);
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
      // A part that failed (it needed what only a browser has) shows its loading state; the app draws it.
      // Every finished part inline, in place: React would otherwise put a large one (the summary) at the end with a
      // script to move it.
      { signal: controller.signal, onError: (error) => onError?.(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return await readAll(prelude);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A signed-in page rendered on the server, per request (issue 21): the shell and the page's content as HTML in the
 * student's language and layout, from the answers the server puts into the page anyway (shared/first-queries.ts), so
 * a phone paints the dashboard's courses or the summary before any script has run. The app then draws its own over it
 * (main.tsx: the same tree, from the same answers). Built by scripts/prerender.mjs into dist/ssr, loaded by the
 * server (server/http/app-page.ts), which falls back to the shell's plain frame whenever this answers nothing.
 */
export function renderSignedInPage(request: SignedInRequest): Promise<SignedInRender | undefined> {
  if (waiting >= MAX_WAITING) return Promise.resolve(undefined);
  waiting += 1;
  const result = turn.then(() => render(request)).finally(() => {
    waiting -= 1;
  });
  turn = result.catch(() => undefined);
  return result;
}

async function render({ href, locale, session, answers, width, onError }: SignedInRequest): Promise<SignedInRender | undefined> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  const queryClient = createQueryClient();
  // Nothing here can reach the API (no address to ask): a query the answers lack fails at once and is not retried.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  seedSession(queryClient, session);
  if (answers) seedAnswers(queryClient, session.user.id, answers);
  const router = createAppRouter({ queryClient }, { history: createMemoryHistory({ initialEntries: [href] }), scrollRestoration: false });
  setRenderWidth(width);
  try {
    await router.load();
    // Sent elsewhere (a guard's redirect) or a route that failed: the app decides in the browser; the frame stands in.
    const { location, matches } = router.state;
    if (location.href !== href || matches.some((match) => match.status !== 'success')) return undefined;
    // A part whose code was not loaded yet in this process (a lazily loaded view, the first time) finishes after the
    // rest, and React then moves it into place with an inline script, which the page's Content-Security-Policy refuses
    // to run. Rendered once more, its code is in; a page that still has one gets the frame.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const markup = await renderOnce(queryClient, router, onError);
      if (!markup.includes('<script')) return splitHints(markup);
    }
    return undefined;
  } finally {
    setRenderWidth(undefined);
    queryClient.clear();
  }
}
