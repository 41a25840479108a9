import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { Locale } from '../shared/schemas';
import { App } from './app';
import { AppFrame } from './features/shell/app-frame';
import { i18n, i18nReady } from './lib/i18n';
import { sessionQueryOptions } from './lib/session';
import { createQueryClient } from './lib/query-client';
import { readAll, splitHints } from './render-html';
import { createAppRouter } from './router';

/**
 * The pages a visitor opens first, made into HTML at build time (scripts/prerender.mjs) so a phone paints them before
 * any script has arrived; main.tsx takes the HTML over (hydrates it) with the very same tree. Each is made as a
 * visitor sees it: nobody signed in, nothing fetched.
 */
export const PRERENDERED_PAGES = [
  // The pages are imported as the router does (their own chunks), for the titles they set.
  { name: 'landing', href: '/', title: async () => (await import('./features/landing/landing-page')).landingTitle(i18n.getFixedT(null, 'landing')) },
  { name: 'sign-in', href: '/auth', title: async () => (await import('./features/auth/auth-page')).authTitle(i18n.getFixedT(null, 'auth'), 'sign-in') },
  { name: 'sign-up', href: '/auth?mode=sign-up', title: async () => (await import('./features/auth/auth-page')).authTitle(i18n.getFixedT(null, 'auth'), 'sign-up') },
] as const;

export type PrerenderedPageName = (typeof PRERENDERED_PAGES)[number]['name'];

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Resource hints React wrote for the page (its images' preloads), for the document's <head>. */
  head: string;
  /** The page's title, as the page sets it once it runs. */
  title: string;
  /** The page's description for search results and link previews, in its language. */
  description: string;
}

export async function renderPage(name: PrerenderedPageName, locale: Locale): Promise<PrerenderedPage> {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.name === name);
  if (!page) throw new Error(`No prerendered page is called ${name}`);
  const { href } = page;
  await i18nReady;
  await i18n.changeLanguage(locale);
  const queryClient = createQueryClient();
  // A visitor: /auth's guard finds no session without asking a server.
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  const router = createAppRouter({ queryClient }, { history: createMemoryHistory({ initialEntries: [href] }), scrollRestoration: false });
  await router.load();
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  const { head, html } = splitHints(await readAll(prelude));
  // The page sets its title in an effect, which a build never runs.
  return { html, head, title: await page.title(), description: i18n.t('landing:meta.description') };
}

/** The signed-in shell's frame (features/shell/app-frame.tsx) in a language: the server puts it into #root. */
export async function renderAppFrame(locale: Locale): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  const { prelude } = await prerender(<AppFrame />);
  return readAll(prelude);
}
