/**
 * Every locales/<lang>/<namespace>.json file, bundled: lib/i18n.ts imports this outside production builds only (tests
 * and the dev server), where waiting for files would only slow things down.
 */
export const allLocaleFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
