import { namespacesOf } from './locale-resources';

/** The German texts: their own chunk, imported by lib/i18n.ts when German is first needed. */
export const german = namespacesOf(import.meta.glob<Record<string, unknown>>('../locales/de/*.json', { eager: true, import: 'default' }));
