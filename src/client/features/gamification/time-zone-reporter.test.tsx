// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeServer, progress, renderPage } from './test-kit';
import { browserTimeZone, currentTimeZone, TimeZoneReporter, ZONE_FRESH_MS } from './time-zone-reporter';

beforeEach(async () => {
  window.localStorage.clear();
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

  it('reads the zone from the browser at most every six hours, keeping it between', () => {
    const now = Date.parse('2026-11-28T08:00:00Z');
    window.localStorage.setItem('studypath.timeZone', JSON.stringify({ zone: 'Pacific/Auckland', at: now - 60_000 }));
    expect(currentTimeZone(now)).toBe('Pacific/Auckland');
    // Stale, from the future, or not ours: read again, and kept with the time it was read.
    for (const kept of [{ zone: 'Pacific/Auckland', at: now - ZONE_FRESH_MS }, { zone: 'Pacific/Auckland', at: now + 60_000 }, 'garbage']) {
      window.localStorage.setItem('studypath.timeZone', typeof kept === 'string' ? kept : JSON.stringify(kept));
      expect(currentTimeZone(now)).toBe(browserTimeZone());
      expect(JSON.parse(window.localStorage.getItem('studypath.timeZone') ?? 'null')).toEqual({ zone: browserTimeZone(), at: now });
    }
  });

  it('reports the zone kept on this device when it is fresh', async () => {
    window.localStorage.setItem('studypath.timeZone', JSON.stringify({ zone: 'Pacific/Auckland', at: Date.now() }));
    const server = fakeServer({ 'gamification.getProgress': () => ({ data: progress({ timeZone: 'Europe/Berlin' }) }), 'user.setTimeZone': (input) => ({ data: { timeZone: String(input.timeZone) } }) });
    renderPage(TimeZoneReporter);
    await waitFor(() => expect(server.of('user.setTimeZone').map((call) => call.input)).toEqual([{ timeZone: 'Pacific/Auckland' }]));
  });
});
