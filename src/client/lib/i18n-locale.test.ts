// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../shared/locale-cookie';
import { changeLocale, i18n, localeFileUrl } from './i18n';

describe('the language chosen on this device', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  it('is also a cookie, so the server sends the prerendered pages in it', async () => {
    await changeLocale('de');
    expect(i18n.language).toBe('de');
    expect(localStorage.getItem('studypath.locale')).toBe('de');
    expect(document.cookie.split('; ')).toContain(`${LOCALE_COOKIE}=de`);
    expect(document.documentElement.lang).toBe('de');
    await changeLocale('en');
    expect(document.cookie.split('; ')).toContain(`${LOCALE_COOKIE}=en`);
    expect(document.cookie.split('; ')).not.toContain(`${LOCALE_COOKIE}=de`);
  });
});

describe("a namespace's file in the browser build", () => {
  const files = { version: '0a1b2c3d4e', namespaces: ['common', 'courses'] };

  it('is named by language, namespace and the texts\' version', () => {
    expect(localeFileUrl('de', 'courses', files)).toBe('/assets/locale-de-courses-0a1b2c3d4e.json');
    expect(localeFileUrl('en', 'common', files)).toBe('/assets/locale-en-common-0a1b2c3d4e.json');
  });

  it('is none for a language or namespace the build has no file of, so nothing is fetched', () => {
    expect(localeFileUrl('fr', 'courses', files)).toBeNull();
    expect(localeFileUrl('de', 'unknown', files)).toBeNull();
    expect(localeFileUrl('de', '../../etc', files)).toBeNull();
  });
});
