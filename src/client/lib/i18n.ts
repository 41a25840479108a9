import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/schemas';
import { namespacesOf } from './locale-resources';

/**
 * Every locales/<lang>/<namespace>.json file is a namespace; features own their namespace files. English is bundled
 * with the app (it is also every missing key's fallback); German is a chunk of its own, fetched when it is first
 * needed — at start for someone whose language it is, or on switching to it.
 */
const english = namespacesOf(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
const NAMESPACES = Object.keys(english);

export const LOCALES: readonly Locale[] = ['en', 'de'];
const STORAGE_KEY = 'studypath.locale';

/** i18next asks for each namespace of a language it lacks; they all come from one German chunk. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language !== 'de') {
      callback(null, {});
      return;
    }
    import('./locales-de').then(
      (module) => callback(null, module.german[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'de';
}

function initialLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2);
  return isLocale(browser) ? browser : 'en';
}

export const i18n = i18next.createInstance();
/** Settles once the starting language's texts are in; main.tsx renders after it, so no text flashes in English first. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: english } satisfies Resource,
    partialBundledLanguages: true,
    ns: NAMESPACES,
    lng: initialLocale(),
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Outside production builds German is fetched at once: component tests and the dev server switch languages without
// first waiting for (and, in tests, transforming) its files.
if (!import.meta.env.PROD) void i18n.loadLanguages('de');

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Switches the UI language and remembers it on this device; the caller also stores it on the user. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}
