import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file } from '../db/schema';
import { newStorageKey } from '../storage/blob-storage';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser, requestApp, type TestUser } from '../test/harness';
import { servedAs } from './file-routes';

const services = await createTestServices();
afterAll(() => services.close());

const HOSTILE = '<!doctype html><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';

/** A stored file as a row could hold it, whatever an upload would have let through. */
async function storedAs(owner: TestUser, values: { name: string; mimeType: string; extension?: 'pdf' | 'txt' | 'docx' }) {
  const course = await insertCourse(services, owner);
  const storageKey = newStorageKey();
  const bytes = new TextEncoder().encode(HOSTILE);
  await services.storage.put(storageKey, bytes);
  return insertFile(services, owner, course.id, { storageKey, size: bytes.byteLength, extension: 'txt', ...values });
}

function expectSandboxed(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/^sandbox;/);
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('GET /api/file/:id never serves a stored file as a page of the app', () => {
  test.each([
    ['index.html', 'text/html'],
    ['index.html', 'text/html; charset=utf-8'],
    ['INDEX.HTM', 'TEXT/HTML'],
    ['drawing.svg', 'image/svg+xml'],
    ['page.xhtml', 'application/xhtml+xml'],
    ['feed.xml', 'text/xml'],
    ['feed.xml', 'application/xml'],
    ['app.js', 'text/javascript'],
    ['movie.swf', 'application/x-shockwave-flash'],
    ['notes.txt', 'text/html\r\nX-Injected: yes'],
    ['notes.txt', ''],
    ['"><img src=x onerror=alert(1)>.html', 'text/html'],
  ])('%s stored as %j: opaque bytes, downloaded, sandboxed', async (name, mimeType) => {
    const owner = await createUser(services);
    const stored = await storedAs(owner, { name, mimeType });
    const response = await requestApp(services, `/api/file/${stored.id}`, { headers: owner.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    // One quoted name the file's own name cannot break out of, and its exact form percent-encoded.
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"<>]*$/);
    expect(response.headers.has('x-injected')).toBe(false);
    expectSandboxed(response);
    expect(await response.text()).toBe(HOSTILE);
  });

  test('a text file full of markup is plain UTF-8 text, inline but sandboxed, whatever its name says', async () => {
    const owner = await createUser(services);
    for (const name of ['notes.txt', 'renamed.html', 'picture.svg']) {
      const stored = await storedAs(owner, { name, mimeType: 'text/plain; charset=utf-8' });
      const response = await requestApp(services, `/api/file/${stored.id}`, { headers: owner.headers });
      expect(response.headers.get('content-type'), name).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('content-disposition'), name).toMatch(/^inline; /);
      expectSandboxed(response);
    }
  });

  test("a PDF opens inline in the browser's viewer, which no site may frame", async () => {
    const owner = await createUser(services);
    const stored = await storedAs(owner, { name: 'Lecture.pdf', mimeType: 'application/pdf', extension: 'pdf' });
    const response = await requestApp(services, `/api/file/${stored.id}`, { headers: owner.headers });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('Word and PowerPoint files are downloaded', async () => {
    const owner = await createUser(services);
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const stored = await storedAs(owner, { name: 'Essay.docx', mimeType: docx, extension: 'docx' });
    const response = await requestApp(services, `/api/file/${stored.id}`, { headers: owner.headers });
    expect(response.headers.get('content-type')).toBe(docx);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expectSandboxed(response);
  });

  test('a signed link (GET /api/file-url) serves the same safe headers', async () => {
    const owner = await createUser(services);
    const stored = await storedAs(owner, { name: 'index.html', mimeType: 'text/html' });
    const link = (await (await requestApp(services, `/api/file-url/${stored.id}`, { headers: owner.headers })).json()) as { url: string };
    const response = await requestApp(services, new URL(link.url).pathname + new URL(link.url).search);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expectSandboxed(response);
  });
});

describe('uploads cannot bring in a page', () => {
  test.each([
    ['page.html', HOSTILE],
    ['page.htm', HOSTILE],
    ['drawing.svg', HOSTILE],
    ['page.xhtml', HOSTILE],
    ['trick.pdf', HOSTILE],
    ['trick.docx', HOSTILE],
  ])('%s with markup inside is refused and nothing is stored', async (name, content) => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const form = new FormData();
    form.set('directoryId', course.id);
    form.append('files', new Blob([content]), name);
    const response = await requestApp(services, '/api/files', { method: 'POST', headers: owner.headers, body: form });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await services.db.select().from(file).where(eq(file.ownerId, owner.user.id))).toEqual([]);
  });

  test('a .txt with markup inside is stored as text, and served as such', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const form = new FormData();
    form.set('directoryId', course.id);
    form.append('files', new Blob([HOSTILE]), 'notes.txt');
    const uploaded = await requestApp(services, '/api/files', { method: 'POST', headers: owner.headers, body: form });
    expect(uploaded.status).toBe(201);
    const { files } = (await uploaded.json()) as { files: Array<{ id: string }> };
    const response = await requestApp(services, `/api/file/${files[0]?.id ?? ''}`, { headers: owner.headers });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectSandboxed(response);
  });
});

test('servedAs: only PDF and plain text may open in a tab', () => {
  expect(servedAs('application/pdf')).toEqual({ contentType: 'application/pdf', disposition: 'inline' });
  expect(servedAs('text/plain; charset=utf-8')).toEqual({ contentType: 'text/plain; charset=utf-8', disposition: 'inline' });
  expect(servedAs('text/plain; charset=iso-8859-1')).toEqual({ contentType: 'text/plain; charset=utf-8', disposition: 'inline' });
  expect(servedAs('application/msword')).toEqual({ contentType: 'application/msword', disposition: 'attachment' });
  for (const hostile of ['text/html', 'image/svg+xml', 'constructor', '__proto__', 'toString']) {
    expect(servedAs(hostile), hostile).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
  }
});
