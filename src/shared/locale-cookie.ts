/**
 * The language a student chose on this device, kept in a cookie as well as in localStorage so the server can answer
 * the prerendered pages (the landing page, /auth) in it before any script runs (server/http/pages.ts).
 */
export const LOCALE_COOKIE = 'studypath.locale';
/** A year, renewed with every choice. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
