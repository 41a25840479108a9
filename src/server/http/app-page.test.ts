import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import superjson from 'superjson';
import { APP_START_PRELOADS_MARK, APP_START_SCRIPT } from '../../shared/app-start';
import { FIRST_QUERIES_ELEMENT_ID, FIRST_QUERY_PATHS, PAGE_QUERIES } from '../../shared/first-queries';
import { LOCALE_COOKIE } from '../../shared/locale-cookie';
import { VIEWPORT_COOKIE } from '../../shared/viewport-cookie';
import { EMBEDDED_SESSION_ELEMENT_ID } from '../../shared/session';
import type { Services } from '../services';
import { eq } from 'drizzle-orm';
import { studyArtefact, user } from '../db/schema';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, createUser, type TestUser } from '../test/harness';
import { prepareStudyFile } from '../test/study-file';
import { type AppPage, appPageResponse, loadAppPage, PAGE_MODULES, pagePreloads, shellPreloads } from './app-page';

const MANIFEST = {
  'index.html': { file: 'assets/index-aaaa1111.js', isEntry: true, dynamicImports: ['_shell-bbbb2222.js'] },
  '_shell-bbbb2222.js': { file: 'assets/shell-bbbb2222.js', name: 'shell', imports: ['index.html', '_ui-cccc3333.js', '_icons-dddd4444.js'], css: ['assets/shell-eeee5555.css'] },
  '_ui-cccc3333.js': { file: 'assets/ui-cccc3333.js', name: 'ui', imports: ['index.html', '_icons-dddd4444.js'] },
  '_icons-dddd4444.js': { file: 'assets/icons-dddd4444.js', name: 'icons' },
  // The shell's texts are a chunk called "shell" too, but not one of the build's own (no leading underscore).
  'src/client/locales/en/shell.json': { file: 'assets/shell-ffff6666.js', name: 'shell' },
  'src/client/features/landing/landing-page.tsx': { file: 'assets/landing-page-gggg7777.js', imports: ['index.html'] },
  'src/client/routes/summary.lazy.tsx': { file: 'assets/summary.lazy-hhhh8888.js', imports: ['index.html', '_shell-bbbb2222.js', '_frame-iiii9999.js'] },
  '_frame-iiii9999.js': { file: 'assets/frame-iiii9999.js', imports: ['_icons-dddd4444.js'] },
  'src/client/features/summary/summary-view.tsx': { file: 'assets/summary-view-jjjj0000.js', imports: ['_summary-point-kkkk1111.js'] },
  '_summary-point-kkkk1111.js': { file: 'assets/summary-point-kkkk1111.js', css: ['assets/summary-point-llll2222.css'] },
};

/** index.html as the build writes it: the app's start at the end of <body> (vite.config.ts appStart). */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>StudyPath</title></head><body><div id="root"></div>' +
  `<template id="studypath-start" data-entry="/assets/index-aaaa1111.js"><link rel="modulepreload" crossorigin href="/assets/index-runtime.js">${APP_START_PRELOADS_MARK}</template>` +
  `<script>${APP_START_SCRIPT}</script></body></html>`;

/**
 * A stand-in for the build's renderer (client/server-render.tsx, rendered for real by the browser tests): markup that
 * says what it was asked; nothing for /decks (as when a route sends elsewhere), a failure when asked to.
 */
const FAKE_RENDERER = `
export async function renderSignedInPage({ href, locale, session, answers, width }) {
  if (href.includes('fail')) throw new Error('render failed');
  if (href.startsWith('/decks')) return undefined;
  if (href.includes('script')) return { html: '<main>late part</main><script>$RC("B:0","S:0")</script>', head: '' };
  const courses = answers ? JSON.parse(answers).json['directory.getDirectories'].length : 'no';
  return {
    html: '<main data-width="' + width + '" data-locale="' + locale + '">' + href + ' for ' + session.user.id + ' with ' + courses + ' courses</main>',
    head: '<link rel="preload" as="image" href="/picture.png">',
  };
}
`;

describe("the app's page tells the browser what the signed-in shell needs", () => {
  let services: Services;
  let student: TestUser;
  let buildDir: string;
  let clientDir: string;
  let page: AppPage;
  let app: Hono;

  beforeAll(async () => {
    services = await createTestServices();
    student = await createUser(services, { name: 'Lena </script><script>alert(1)</script>' });
    // dist/client and, beside it, dist/ssr with the server's renderer (here one that shows what it was asked).
    buildDir = mkdtempSync(path.join(tmpdir(), 'studypath-app-page-'));
    clientDir = path.join(buildDir, 'client');
    mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
    mkdirSync(path.join(buildDir, 'ssr'));
    writeFileSync(path.join(buildDir, 'ssr', 'server-render.js'), FAKE_RENDERER);
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const locale of ['en', 'de']) {
      mkdirSync(path.join(clientDir, 'prerendered', locale), { recursive: true });
      writeFileSync(path.join(clientDir, 'prerendered', locale, 'app-frame.html'), `<div data-testid="app-frame">frame ${locale}</div>`);
    }
    const loaded = loadAppPage(clientDir);
    if (!loaded) throw new Error('the app page was not loaded');
    page = loaded;
    app = new Hono();
    app.get('*', (c) => appPageResponse(c, services, page));
  });

  afterAll(async () => {
    await services.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const sessionIn = (html: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${EMBEDDED_SESSION_ELEMENT_ID}">(.*?)</script>`).exec(html);
    if (!match) throw new Error('no session element in the page');
    return JSON.parse(match[1]!);
  };

  test("the shell chunk and what it imports, never the entry or the texts' chunk of the same name", () => {
    expect(shellPreloads(MANIFEST)).toEqual({
      modules:
        '<link rel="modulepreload" crossorigin href="/assets/shell-bbbb2222.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/ui-cccc3333.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/icons-dddd4444.js">',
      styles: ['assets/shell-eeee5555.css'],
    });
    expect(shellPreloads({})).toEqual({ modules: '', styles: [] });
  });

  test("a page's own chunks — its route's part and the view it reads ahead — less what the shell's preloads hold", () => {
    expect(pagePreloads(MANIFEST).get('/summary')).toEqual({
      modules:
        '<link rel="modulepreload" crossorigin href="/assets/summary.lazy-hhhh8888.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/summary-view-jjjj0000.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/frame-iiii9999.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/summary-point-kkkk1111.js">',
      styles: ['assets/summary-point-llll2222.css'],
    });
    // Pages the manifest has no chunks for have none.
    expect(pagePreloads(MANIFEST).has('/mindmap')).toBe(false);
    expect(pagePreloads({}).size).toBe(0);
  });

  test('every module a page preloads is a source file of the app (a renamed one would silently preload nothing)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const modules of Object.values(PAGE_MODULES)) for (const module of modules) expect(existsSync(path.join(root, module)), module).toBe(true);
  });

  test("a signed-in page preloads its own chunks after the shell's; a visitor's page none", async () => {
    const cookie = student.headers.get('cookie') ?? '';
    const summary = await (await app.request('http://localhost/summary', { headers: { cookie } })).text();
    expect(summary).toContain('href="/assets/summary-view-jjjj0000.js"');
    expect(summary.indexOf('summary.lazy-hhhh8888.js')).toBeGreaterThan(summary.indexOf('shell-bbbb2222.js'));
    const dashboard = await (await app.request('http://localhost/dashboard', { headers: { cookie } })).text();
    expect(dashboard).not.toContain('summary-view');
    expect(await (await app.request('http://localhost/summary')).text()).not.toContain('shell-bbbb2222');
  });

  test('someone signed in: who they are (no token), and the shell preloaded; kept by no shared cache', async () => {
    const response = await app.request('http://localhost/dashboard', { headers: { cookie: student.headers.get('cookie') ?? '' } });
    const html = await response.text();
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toBe('Cookie, Sec-CH-UA-Mobile');
    // Inside the app's start (shared/app-start.ts), which loads them once the page has painted; the styles in <head>.
    const start = /<template id="studypath-start"[^>]*>(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(start).toContain('<link rel="modulepreload" crossorigin href="/assets/index-runtime.js"><link rel="modulepreload" crossorigin href="/assets/shell-bbbb2222.js">');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="preload" as="style" crossorigin href="/assets/shell-eeee5555.css">');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
    const session = sessionIn(html) as { user: Record<string, unknown>; session: Record<string, unknown> };
    expect(session.user).toEqual({ id: student.user.id, name: student.user.name, email: student.user.email, image: null, username: student.user.username });
    expect(Object.keys(session.session).sort()).toEqual(['expiresAt', 'id']);
    expect(html).not.toContain('token');
    // A name cannot end the script element early.
    expect(html).not.toContain('</script><script>alert(1)');
    // The session, the app's start and the first queries' answers, nothing else.
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  test("the session's avatar only when it passes user.updateProfile's check; any other stored value is null", async () => {
    const learner = await createUser(services);
    const imageInPage = async (image: string) => {
      await services.db.update(user).set({ image }).where(eq(user.id, learner.user.id));
      const html = await (await app.request('http://localhost/dashboard', { headers: { cookie: learner.headers.get('cookie') ?? '' } })).text();
      return (sessionIn(html) as { user: { image: unknown } }).user.image;
    };
    expect(await imageInPage('https://images.example.test/me.png')).toBe('https://images.example.test/me.png');
    expect(await imageInPage('javascript:alert(1)')).toBeNull();
    expect(await imageInPage('http://127.0.0.1/api/trpc/user.getUser')).toBeNull();
    expect(await imageInPage(`https://images.example.test/${'a'.repeat(2_001)}`)).toBeNull();
  });

  const firstQueriesIn = (html: string): Record<string, unknown> | null => {
    const match = new RegExp(`<script type="application/json" id="${FIRST_QUERIES_ELEMENT_ID}">(.*?)</script>`).exec(html);
    return match ? superjson.parse<Record<string, unknown>>(match[1]!) : null;
  };

  test("the shell's first queries are answered in the page, as the user's own procedures answer them", async () => {
    const course = await callerFor(services, student).directory.createDirectory({ name: 'Biology </script><script>alert(2)</script>' });
    // Text that String.replace would read as its patterns: the page must carry it as it is.
    await callerFor(services, student).directory.createDirectory({ name: "Costs $& and $' and $`" });
    const other = await createUser(services);
    await callerFor(services, other).directory.createDirectory({ name: 'Someone else’s course' });
    const html = await (await app.request('http://localhost/summary', { headers: { cookie: student.headers.get('cookie') ?? '' } })).text();
    expect(html).not.toContain('alert(2)</script>');
    const answers = firstQueriesIn(html);
    if (!answers) throw new Error('no first queries in the page');
    expect(Object.keys(answers).sort()).toEqual([...FIRST_QUERY_PATHS].sort());
    const api = callerFor(services, student);
    expect(answers['directory.getDirectories']).toEqual(await api.directory.getDirectories());
    expect(answers['user.getUser']).toEqual(await api.user.getUser({ id: student.user.id }));
    expect(answers['gamification.getProgress']).toEqual(await api.gamification.getProgress());
    expect(answers['admin.isAdmin']).toEqual({ isAdmin: false });
    expect(JSON.stringify(answers['directory.getDirectories'])).toContain(course.id);
    expect(JSON.stringify(answers)).not.toContain('Someone else');
    expect(JSON.stringify(answers['directory.getDirectories'])).toContain("Costs $& and $' and $`");
    // At the end of the body, after the page's markup.
    expect(html.indexOf(FIRST_QUERIES_ELEMENT_ID)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  test("a study tab's page also answers the tab's own first queries about the open file, as the user's procedures do", async () => {
    const reader = await createUser(services);
    const course = await insertCourse(services, reader);
    const stored = await insertFile(services, reader, course.id);
    await prepareStudyFile(services, stored.id);
    // The learn path is put in place directly by the fixture: marked ready as the pipeline would.
    await services.db.insert(studyArtefact).values({ fileId: stored.id, kind: 'learn_path', status: 'ready', updatedAt: new Date() });
    const api = callerFor(services, reader);
    await api.file.setActiveFileId({ fileId: stored.id });
    const cookie = reader.headers.get('cookie') ?? '';
    const answersAt = async (address: string) => firstQueriesIn(await (await app.request(`http://localhost${address}`, { headers: { cookie } })).text());

    const summary = await answersAt('/summary');
    expect(summary?.['page:summary.get']).toEqual(await api.summary.get({ fileId: stored.id }));
    expect(summary?.['page:file.getProcessingStatus']).toEqual(await api.file.getProcessingStatus({ fileId: stored.id }));
    expect(summary).not.toHaveProperty('page:mindmap.get');
    const mindmap = await answersAt('/mindmap');
    expect(mindmap?.['page:mindmap.get']).toEqual(await api.mindmap.get({ fileId: stored.id }));
    expect((await answersAt('/learn'))?.['page:learn.getPath']).toEqual(await api.learn.getPath({ fileId: stored.id }));
    expect(Object.keys(PAGE_QUERIES).sort()).toEqual(['/learn', '/mindmap', '/summary']);

    // A file whose summary is not made yet: its status, and no answer for the summary (none yet would be taken as
    // current when it arrives).
    const reading = await insertFile(services, reader, course.id, { status: 'extracting' });
    await api.file.setActiveFileId({ fileId: reading.id });
    const early = await answersAt('/summary');
    expect(early?.['page:file.getProcessingStatus']).toEqual(await api.file.getProcessingStatus({ fileId: reading.id }));
    expect(early).not.toHaveProperty('page:summary.get');
    await api.file.setActiveFileId({ fileId: stored.id });

    // The open file in the address (issue 22: study pages carry their file): answered as without it.
    expect((await answersAt(`/summary?id=${stored.id}`))?.['page:summary.get']).toEqual(await api.summary.get({ fileId: stored.id }));
    // Not a study tab, a shared course's page, or an address naming another of the student's files than the open one
    // (the app opens that one and asks then): the shell's only.
    for (const address of ['/dashboard', `/summary?uuid=${course.id}&id=${stored.id}`, `/summary?id=${reading.id}`]) {
      expect(Object.keys((await answersAt(address)) ?? {}).sort(), address).toEqual([...FIRST_QUERY_PATHS].sort());
    }
    // Someone else's open file is never answered about: each user's page asks about their own.
    expect(JSON.stringify(await answersAt('/summary'))).toContain(stored.id);
    const stranger = await createUser(services);
    const theirs = firstQueriesIn(await (await app.request('http://localhost/summary', { headers: { cookie: stranger.headers.get('cookie') ?? '' } })).text());
    expect(Object.keys(theirs ?? {}).sort()).toEqual([...FIRST_QUERY_PATHS].sort());
    expect(JSON.stringify(theirs)).not.toContain(stored.id);
  });

  test('a visitor, or a cookie that names no session: null, and nothing preloaded', async () => {
    for (const headers of [{}, { cookie: 'better-auth.session_token=forged' }] as Array<Record<string, string>>) {
      const html = await (await app.request('http://localhost/decks', { headers })).text();
      expect(sessionIn(html)).toBeNull();
      expect(html).not.toContain('shell-bbbb2222');
      expect(firstQueriesIn(html)).toBeNull();
    }
  });

  test("someone signed in sees the shell's frame in the language the app starts in; a visitor an empty page", async () => {
    const cookie = student.headers.get('cookie') ?? '';
    const rootOf = async (headers: Record<string, string>) =>
      /<div id="root">(.*?)<\/div><template/.exec(await (await app.request('http://localhost/learn', { headers })).text())?.[1];
    expect(await rootOf({ cookie })).toBe('<div data-testid="app-frame">frame en</div>');
    expect(await rootOf({ cookie, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toBe('<div data-testid="app-frame">frame de</div>');
    // The document says the language it is drawn in.
    const german = await (await app.request('http://localhost/learn', { headers: { cookie, 'accept-language': 'de' } })).text();
    expect(german).toMatch(/^<!doctype html><html lang="de">/);
    expect(await rootOf({ cookie: `${cookie}; ${LOCALE_COOKIE}=en`, 'accept-language': 'de' })).toBe('<div data-testid="app-frame">frame en</div>');
    expect(await rootOf({})).toBe('');
  });

  test('a page where a student lands is rendered on the server for the width this device last had, from the answers in the page', async () => {
    const cookie = student.headers.get('cookie') ?? '';
    const courses = (await callerFor(services, student).directory.getDirectories()).length;
    const answer = async (address: string, headers: Record<string, string>) => {
      const html = await (await app.request(`http://localhost${address}`, { headers })).text();
      return {
        root: /<div id="root"[^>]*>(.*?)<\/div><template/.exec(html)?.[1],
        rendered: html.includes('<div id="root" data-rendered="server" inert>'),
        head: html.slice(0, html.indexOf('</head>')),
      };
    };
    const summary = await answer('/summary?tab=1', { cookie: `${cookie}; ${VIEWPORT_COOKIE}=1366`, 'accept-language': 'de', 'sec-fetch-mode': 'navigate' });
    expect(summary.rendered).toBe(true);
    expect(summary.root).toBe(`<main data-width="1366" data-locale="de">/summary?tab=1 for ${student.user.id} with ${String(courses)} courses</main>`);
    // Its chunks' styles apply from the first paint; the renderer's hints are in <head>.
    expect(summary.head).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-eeee5555.css"><link rel="stylesheet" crossorigin href="/assets/summary-point-llll2222.css">');
    expect(summary.head).toContain('<link rel="preload" as="image" href="/picture.png">');
    // A phone's first visit: the browser says it is one.
    expect((await answer('/dashboard', { cookie, 'sec-ch-ua-mobile': '?1' })).root).toContain('data-width="390"');
    expect((await answer('/dashboard', { cookie: `${cookie}; ${VIEWPORT_COOKIE}=820`, 'sec-ch-ua-mobile': '?1' })).root).toContain('data-width="820"');
    // The shell's frame instead: a computer's first visit (its window could be any size), a width that is no window's,
    // a page not rendered here, a render that answers nothing or fails — and never for a visitor.
    const frame = '<div data-testid="app-frame">frame en</div>';
    for (const [address, headers] of [
      ['/dashboard', { cookie }],
      ['/dashboard', { cookie: `${cookie}; ${VIEWPORT_COOKIE}=99999999` }],
      ['/dashboard', { cookie: `${cookie}; ${VIEWPORT_COOKIE}=1366px` }],
      ['/settings', { cookie, 'sec-ch-ua-mobile': '?1' }],
      // A script's fetch of the page (the service worker keeping it), not the browser opening it.
      ['/dashboard', { cookie, 'sec-ch-ua-mobile': '?1', 'sec-fetch-mode': 'same-origin' }],
      ['/decks', { cookie, 'sec-ch-ua-mobile': '?1' }],
      ['/summary?fail=1', { cookie, 'sec-ch-ua-mobile': '?1' }],
      // Markup with a script (React moving a late part into place): the CSP would refuse it.
      ['/summary?script=1', { cookie, 'sec-ch-ua-mobile': '?1' }],
    ] as const) {
      const result = await answer(address, headers);
      expect(result.rendered, `${address} ${JSON.stringify(headers)}`).toBe(false);
      expect(result.root).toBe(frame);
      expect(result.head).toContain('<link rel="preload" as="style" crossorigin href="/assets/shell-eeee5555.css">');
    }
    const visitor = await answer('/dashboard', { 'sec-ch-ua-mobile': '?1', cookie: `${VIEWPORT_COOKIE}=390` });
    expect([visitor.rendered, visitor.root]).toEqual([false, '']);
  });

  test('a build without the app start (the development server) preloads the chunks in <head>', async () => {
    const plain = new Hono();
    const withoutStart: AppPage = { ...page, html: '<!doctype html><html><head></head><body><div id="root"></div></body></html>' };
    plain.get('*', (c) => appPageResponse(c, services, withoutStart));
    const html = await (await plain.request('http://localhost/dashboard', { headers: { cookie: student.headers.get('cookie') ?? '' } })).text();
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-bbbb2222.js">');
  });

  test('without a build there is no page to serve', () => {
    expect(loadAppPage(path.join(clientDir, 'missing'))).toBeUndefined();
  });
});
