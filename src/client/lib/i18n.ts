import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '../../shared/locale-cookie';
import { setDeviceCookie } from './device-cookie';
import type { Locale } from '../../shared/schemas';

type Texts = Record<string, unknown>;

/**
 * Every locales/<lang>/<namespace>.json file is a namespace; features own their namespace files.
 *
 * In the production build only the core namespace's English is in the first chunk: the texts any screen may show
 * before a page's own texts are in — `common` (buttons, loading words; the default namespace). `errors` (the server's
 * message keys) comes with the pages that send requests: the shell's and /auth's loaders fetch it. Every other
 * namespace, and every German file, is a JSON file of the build that the backend below fetches: a route's loader
 * asks for its page's namespaces through `loadNamespaces`, so they load alongside the page's code instead of after
 * it, and a component that renders before its texts are in suspends (react-i18next) rather than showing keys. German
 * readers also wait for German core before the first render (`i18nReady`).
 *
 * The globs' patterns must be literal, so the core list is written out twice here; i18n-namespaces.test.ts
 * checks they agree.
 */
export const CORE_NAMESPACES: readonly string[] = ['common'];

/**
 * The files in the first chunk. Outside production builds that is every file, as before: component tests and the dev
 * server switch languages without first waiting for (and, in tests, transforming) their files. They come through a
 * module of their own because a build drops this branch, import and all; an eager glob here would put its static
 * imports in the first chunk whichever branch used it.
 */
const bundled: Record<string, Texts> = import.meta.env.PROD
  ? import.meta.glob<Texts>('../locales/en/common.json', { eager: true, import: 'default' })
  : (await import('./locales-all')).allLocaleFiles;

/**
 * The build-time renderer (scripts/prerender.mjs, a bundle for Node) imports the files it lacks as modules; the
 * browser build fetches them instead (`localeFileUrl`). Elsewhere (tests, dev) nothing is fetched: all is bundled.
 */
const imported: Record<string, () => Promise<{ default: Texts }>> = import.meta.env.PROD && import.meta.env.SSR
  ? import.meta.glob<{ default: Texts }>(['../locales/*/*.json', '!../locales/en/common.json'])
  : {};

/** Written by vite.config.ts (`localeFiles`) into the browser build: the namespaces and the texts' version. */
declare const __LOCALE_FILES__: { version: string; namespaces: readonly string[] };

/**
 * Where the browser build keeps a namespace's file, `/assets/locale-<lang>-<namespace>-<version>.json`
 * (vite.config.ts writes them), or null when there is none: an unknown language or namespace.
 */
export function localeFileUrl(language: string, namespace: string, files: { version: string; namespaces: readonly string[] }): string | null {
  if (!isLocale(language) || !files.namespaces.includes(namespace)) return null;
  return `/assets/locale-${language}-${namespace}-${files.version}.json`;
}

async function fetchTexts(url: string): Promise<Texts> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return (await response.json()) as Texts;
}

/** A namespace's texts in a language from where this build keeps them; null when it has no such file. */
function loadTexts(language: string, namespace: string): Promise<Texts> | null {
  if (import.meta.env.PROD && !import.meta.env.SSR) {
    const url = localeFileUrl(language, namespace, __LOCALE_FILES__);
    return url ? fetchTexts(url) : null;
  }
  const load = imported[`../locales/${language}/${namespace}.json`];
  return load ? load().then((module) => module.default) : null;
}

/** `{ lang: { namespace: texts } }` from globbed locales/<lang>/<namespace>.json files. */
function byLanguage(files: Record<string, Texts>): Resource {
  const resources: Resource = {};
  for (const [file, texts] of Object.entries(files)) {
    const match = /\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match) (resources[match[1]!] ??= {})[match[2]!] = texts;
  }
  return resources;
}

export const LOCALES: readonly Locale[] = ['en', 'de'];
const STORAGE_KEY = 'studypath.locale';

/** i18next asks for each namespace of a language it lacks (the reader's language and English, the fallback). */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const texts = loadTexts(language, namespace);
    // Nothing to fetch (a namespace or language without a file): empty, so i18next falls back rather than retrying.
    if (!texts) {
      callback(null, {});
      return;
    }
    texts.then(
      (loaded) => callback(null, loaded),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'de';
}

/**
 * The language chosen on this device, also as a cookie: the server answers the prerendered landing page and /auth in
 * it (server/http/pages.ts), before any script could read localStorage. Written only when it differs.
 */
function rememberForServer(locale: Locale): void {
  if (typeof document === 'undefined' || document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) return;
  setDeviceCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_SECONDS);
}

function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) {
    // A choice made before the cookie existed reaches the server from this visit on.
    rememberForServer(stored);
    return stored;
  }
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2);
  return isLocale(browser) ? browser : 'en';
}

const resources = byLanguage(bundled);

export const i18n = i18next.createInstance();
/** Settles once the starting language's core texts are in; main.tsx renders after it, so no text flashes in English first. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    // i18next reads ten files at a time by default; a German reader opening an app page asks for about twenty (each
    // namespace in German and English), and queuing them would bring back the wait the route loaders avoid.
    maxParallelReads: 64,
    // What init loads: core, or (tests, dev) everything, which is all bundled.
    ns: import.meta.env.PROD ? [...CORE_NAMESPACES] : Object.keys(resources.en ?? {}),
    lng: initialLocale(),
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Starts fetching the namespaces' texts in the current language and English (the fallback) and settles once they are
 * in; at once for those already in. Route loaders call it, so a page's texts load in parallel with its code chunk and
 * the page renders with them. Once asked for, a namespace is also fetched on switching language, before the switch.
 */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

function applyDocumentLanguage(locale: string) {
  // Only on a change: setting <html lang> makes the browser restyle the whole page, even to the same value.
  if (typeof document !== 'undefined' && document.documentElement.lang !== locale) document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Switches the UI language and remembers it on this device (and for the server); the caller also stores it on the user. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  rememberForServer(locale);
  await i18n.changeLanguage(locale);
}
