/**
 * The width of the window the app last ran in on this device, in CSS pixels, kept in a cookie so the server can render
 * a signed-in page in the layout the app will draw (the shell's phone or desktop variant, features/shell/
 * use-media-query.ts) before any script runs (server/http/app-page.ts). Written by main.tsx on each start and when the
 * page is left.
 */
export const VIEWPORT_COOKIE = 'studypath.width';
/** A year, renewed with every visit. */
export const VIEWPORT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Widths outside this are no window a layout is made for (and no value worth rendering for). */
const MIN_WIDTH = 200;
const MAX_WIDTH = 10_000;

/** The cookie's width, or undefined when it is missing or not a plain whole number of pixels in range. */
export function parseViewportWidth(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{3,5}$/.test(value)) return undefined;
  const width = Number(value);
  return width >= MIN_WIDTH && width <= MAX_WIDTH ? width : undefined;
}

/** The width a phone is rendered at when only the browser's `Sec-CH-UA-Mobile: ?1` says it is one. */
export const PHONE_WIDTH = 390;

/**
 * Whether a `(min-width: …)` query (rem at the browser's default 16 px, or px) holds at `width`; undefined for any
 * other query, which a server cannot answer.
 */
export function minWidthMatches(query: string, width: number): boolean | undefined {
  const match = /^\(min-width:\s*(\d+(?:\.\d+)?)(rem|px)\)$/.exec(query.trim());
  if (!match) return undefined;
  const pixels = Number(match[1]) * (match[2] === 'rem' ? 16 : 1);
  return width >= pixels;
}
