import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Services } from '../services';
import { createTestServices, createUser, type TestUser } from '../test/harness';
import { acceptedLocale, loadPrerenderedPages, prerenderedPage, type PrerenderedPages } from './pages';

describe('the language of a prerendered page', () => {
  test.each([
    [undefined, undefined],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR, de-CH;q=0.8, en;q=0.9', 'en'],
    ['en-GB;q=0.2, DE;q=0.7', 'de'],
    ['fr, it', undefined],
    ['de;q=0, en;q=0.1', 'en'],
    ['*', undefined],
  ])('Accept-Language %s → %s', (header, locale) => {
    expect(acceptedLocale(header)).toBe(locale);
  });
});

describe('GET / and /auth answered with the prerendered pages', () => {
  let services: Services;
  let student: TestUser;
  let clientDir: string;
  let pages: PrerenderedPages;
  let app: Hono;

  beforeAll(async () => {
    services = await createTestServices();
    student = await createUser(services);
    clientDir = mkdtempSync(path.join(tmpdir(), 'studypath-pages-'));
    for (const locale of ['en', 'de']) {
      mkdirSync(path.join(clientDir, 'prerendered', locale), { recursive: true });
      for (const name of ['landing', 'sign-in', 'sign-up']) writeFileSync(path.join(clientDir, 'prerendered', locale, `${name}.html`), `${locale}/${name}`);
    }
    pages = loadPrerenderedPages(clientDir);
    app = new Hono();
    for (const page of ['/', '/auth']) app.get(page, async (c) => (await prerenderedPage(c, services, pages)) ?? c.text('the app', 200));
  });

  afterAll(async () => {
    await services.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (address: string, headers: Record<string, string> = {}) => app.request(`http://localhost${address}`, { headers });

  test('all six pages are read from the build', () => {
    expect([...pages.keys()].sort()).toEqual(['de/landing', 'de/sign-in', 'de/sign-up', 'en/landing', 'en/sign-in', 'en/sign-up']);
    expect(loadPrerenderedPages(path.join(clientDir, 'nothing-built')).size).toBe(0);
  });

  test('in the language chosen on this device, else the browser’s, else English; never cached stale', async () => {
    expect(await (await get('/')).text()).toBe('en/landing');
    expect(await (await get('/', { 'accept-language': 'de-AT,de;q=0.9' })).text()).toBe('de/landing');
    const chosen = await get('/', { 'accept-language': 'de-AT', cookie: 'studypath.locale=en' });
    expect(await chosen.text()).toBe('en/landing');
    expect(chosen.headers.get('cache-control')).toBe('no-cache');
    expect(chosen.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(await (await get('/auth', { cookie: 'studypath.locale=de' })).text()).toBe('de/sign-in');
    // A cookie that is not one of our languages is ignored.
    expect(await (await get('/auth', { cookie: 'studypath.locale=xx', 'accept-language': 'de' })).text()).toBe('de/sign-in');
  });

  test('/auth in the mode it opens in: sign-up when asked or for a referral link', async () => {
    expect(await (await get('/auth?mode=sign-up')).text()).toBe('en/sign-up');
    expect(await (await get('/auth?ref=lena_h')).text()).toBe('en/sign-up');
    expect(await (await get('/auth?mode=sign-in&ref=lena_h')).text()).toBe('en/sign-in');
    expect(await (await get('/auth?redirect=%2Fdecks')).text()).toBe('en/sign-in');
  });

  test('someone signed in opening /auth goes on to where they were headed, never off the site', async () => {
    const cookie = student.headers.get('cookie') ?? '';
    const onward = await get('/auth?redirect=%2Fdecks%3Fid%3D7', { cookie });
    expect(onward.status).toBe(302);
    expect(onward.headers.get('location')).toBe('/decks?id=7');
    expect((await get('/auth', { cookie })).headers.get('location')).toBe('/dashboard');
    expect((await get('/auth?redirect=%2F%2Fevil.example', { cookie })).headers.get('location')).toBe('/dashboard');
    // The landing page stays the landing page for them (it offers the way back into the app).
    expect(await (await get('/', { cookie })).text()).toBe('en/landing');
    // An expired or forged cookie is a visitor.
    expect(await (await get('/auth', { cookie: 'better-auth.session_token=forged' })).text()).toBe('en/sign-in');
  });

  test('without a build that made them, the app answers', async () => {
    const none = new Hono();
    none.get('/', async (c) => (await prerenderedPage(c, services, new Map())) ?? c.text('the app'));
    expect(await (await none.request('http://localhost/')).text()).toBe('the app');
  });
});
