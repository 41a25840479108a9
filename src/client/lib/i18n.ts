import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/schemas';

/** Every locales/<lang>/<namespace>.json file is a namespace; features own their namespace files. */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

export const LOCALES: readonly Locale[] = ['en', 'de'];
const STORAGE_KEY = 'studypath.locale';

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(modules)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang = '', namespace = ''] = match;
    resources[lang] ??= {};
    resources[lang][namespace] = module.default;
  }
  return resources;
}

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
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initialLocale(),
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

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
