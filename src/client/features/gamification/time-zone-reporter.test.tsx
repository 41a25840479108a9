// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeServer, progress, renderPage } from './test-kit';
import { browserTimeZone, TimeZoneReporter } from './time-zone-reporter';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TimeZoneReporter', () => {
  it('reports the browser’s time zone once when the server counts days in another, then refetches progress', async () => {
    const browser = browserTimeZone();
    expect(browser).toBeTruthy();
    let zone = browser === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
    const server = fakeServer({
      'gamification.getProgress': () => ({ data: progress({ timeZone: zone }) }),
      'user.setTimeZone': (input) => {
        zone = String(input.timeZone);
        return { data: { timeZone: zone } };
      },
    });
    renderPage(TimeZoneReporter);
    await waitFor(() => expect(server.of('user.setTimeZone').map((call) => call.input)).toEqual([{ timeZone: browser }]));
    await waitFor(() => expect(server.of('gamification.getProgress').length).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.of('user.setTimeZone')).toHaveLength(1);
  });

  it('says nothing when the zones agree', async () => {
    const server = fakeServer({ 'gamification.getProgress': () => ({ data: progress({ timeZone: browserTimeZone() ?? 'UTC' }) }) });
    renderPage(TimeZoneReporter);
    await waitFor(() => expect(server.of('gamification.getProgress').length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.of('user.setTimeZone')).toHaveLength(0);
  });
});
