// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../shared/locale-cookie';
import { changeLocale, i18n } from './i18n';

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
