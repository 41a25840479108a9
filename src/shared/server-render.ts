import type { Locale } from './schemas';
import type { SessionData } from './session';

/**
 * What the server asks of the build's renderer of signed-in pages (client/server-render.tsx, built into dist/ssr and
 * loaded by server/http/app-page.ts), and what it gets back.
 */
export interface SignedInRequest {
  /** The address asked for (path and query). */
  href: string;
  locale: Locale;
  session: SessionData;
  /** The page's first queries' answers: superjson's JSON text, as written into the page. */
  answers: string | null;
  /** The window's width the app will lay the shell out for (shared/viewport-cookie.ts). */
  width: number;
  /** Told of each part that failed to render (it then shows its loading state). */
  onError?: (error: unknown) => void;
}

export interface SignedInRender {
  /** The markup for #root. */
  html: string;
  /** Resource hints React made (images' preloads), for <head>. */
  head: string;
}

/** How #root opens when it holds a page rendered on the server: inert until the app draws its own (client/app.tsx). */
export const SERVER_RENDERED_ROOT = '<div id="root" data-rendered="server" inert>';
