import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Services } from '../services';
import { newStorageKey } from '../storage/blob-storage';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, createUser, listen, requestApp, type TestUser } from '../test/harness';
import { startS3Server } from '../test/s3-server';
import { byteRange, FILE_LINK_LIFETIME_SECONDS, signedFilePath } from './file-routes';

// The whole suite runs twice: on the local folder (the default) and on S3 (a local S3-compatible server).
const s3 = await startS3Server();
const onLocalFolder = await createTestServices();
const onS3 = await createTestServices({ env: s3.env });
afterAll(async () => {
  await Promise.all([onLocalFolder.close(), onS3.close()]);
  await s3.close();
});

interface ErrorAnswer {
  error: { code: string; message: string; messageKey: string };
}

const notFound = {
  error: { code: 'NOT_FOUND', message: 'File not found. Try to refresh the page.', messageKey: 'fileNotFound' },
};

/** 0, 1, …, 255, 0, 1, … — every byte knows its offset, so a wrong range shows. */
function countingBytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => index % 256);
}

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.byteLength).toBe(expected.byteLength);
  expect(Buffer.from(actual).equals(Buffer.from(expected))).toBe(true);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each([
  { storage: 'the local folder', services: onLocalFolder },
  { storage: 'S3', services: onS3 },
])('file routes on $storage', ({ services }: { services: Services }) => {
  /** A file of `owner`'s (a new user when not given) whose bytes are stored, as an upload leaves it. */
  async function storedFile(
    bytes: Uint8Array = countingBytes(2000),
    values: Parameters<typeof insertFile>[3] = {},
    owner?: TestUser,
  ) {
    const user = owner ?? (await createUser(services));
    const course = await insertCourse(services, user);
    const storageKey = newStorageKey();
    await services.storage.put(storageKey, bytes);
    const row = await insertFile(services, user, course.id, { storageKey, size: bytes.byteLength, ...values });
    return { owner: user, file: row, bytes };
  }

  const get = (pathname: string, actor: TestUser | null, headers: Record<string, string> = {}, method = 'GET') => {
    const all = new Headers(actor?.headers);
    for (const [name, value] of Object.entries(headers)) all.set(name, value);
    return requestApp(services, pathname, { method, headers: all });
  };

  describe('GET /api/file/:fileId', () => {
    test('the owner gets the whole file, with its type, length, name and safety headers', async () => {
      const { owner, file, bytes } = await storedFile(countingBytes(2000), { name: 'Zellbiologie – Übung 1.pdf' });
      const response = await get(`/api/file/${file.id}`, owner, { 'accept-encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': '2000',
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-transform',
        'content-disposition': `inline; filename="Zellbiologie _ _bung 1.pdf"; filename*=UTF-8''Zellbiologie%20%E2%80%93%20%C3%9Cbung%201.pdf`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "frame-ancestors 'none'",
      });
      expect(response.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
      expect(response.headers.get('etag')).not.toContain(file.storageKey ?? '');
      expect(response.headers.has('content-encoding')).toBe(false);
      expectSameBytes(await bytesOf(response), bytes);
    });

    test('anything but a PDF is sandboxed, and text goes out as stored, not compressed', async () => {
      const text = new TextEncoder().encode('<script>alert(1)</script>'.repeat(100));
      const { owner, file } = await storedFile(text, { name: 'Notes "1"; x.txt', extension: 'txt', mimeType: 'text/plain' });
      const response = await get(`/api/file/${file.id}`, owner, { 'accept-encoding': 'gzip, deflate' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename="Notes _1__ x.txt"; filename*=UTF-8''Notes%20%221%22%3B%20x.txt`,
      );
      expect(response.headers.has('content-encoding')).toBe(false);
      expect(response.headers.get('content-length')).toBe(String(text.byteLength));
      expectSameBytes(await bytesOf(response), text);
    });

    test.each([
      ['bytes=0-0', 0, 0],
      ['bytes=100-199', 100, 199],
      ['bytes=1500-', 1500, 1999],
      ['bytes=1990-99999', 1990, 1999],
      ['bytes=-10', 1990, 1999],
      ['bytes=-5000', 0, 1999],
      ['BYTES= 7-8', 7, 8],
    ])('Range %s answers 206 with bytes %i to %i', async (range, start, end) => {
      const { owner, file, bytes } = await storedFile();
      const response = await get(`/api/file/${file.id}`, owner, { range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/2000`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expectSameBytes(await bytesOf(response), bytes.slice(start, end + 1));
    });

    test.each(['bytes=2000-', 'bytes=5000-6000', 'bytes=-0'])('Range %s is unsatisfiable: 416', async (range) => {
      const { owner, file } = await storedFile();
      const response = await get(`/api/file/${file.id}`, owner, { range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */2000');
      expect((await bytesOf(response)).byteLength).toBe(0);
    });

    test.each(['bytes=0-1,5-6', 'bytes=abc', 'bytes=9-3', 'items=0-1'])(
      'Range %s (several ranges, another unit, malformed) answers 200 with the whole file',
      async (range) => {
        const { owner, file, bytes } = await storedFile();
        const response = await get(`/api/file/${file.id}`, owner, { range });
        expect(response.status).toBe(200);
        expect(response.headers.has('content-range')).toBe(false);
        expectSameBytes(await bytesOf(response), bytes);
      },
    );

    test('HEAD answers the headers of GET without a body, for the whole file and for a range', async () => {
      const { owner, file } = await storedFile();
      const whole = await get(`/api/file/${file.id}`, owner, {}, 'HEAD');
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-length')).toBe('2000');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect((await bytesOf(whole)).byteLength).toBe(0);
      const part = await get(`/api/file/${file.id}`, owner, { range: 'bytes=10-19' }, 'HEAD');
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 10-19/2000');
      expect(part.headers.get('content-length')).toBe('10');
    });

    test('a revalidation with the ETag answers 304; If-Range with another tag gets the whole file', async () => {
      const { owner, file, bytes } = await storedFile();
      const etag = (await get(`/api/file/${file.id}`, owner, {}, 'HEAD')).headers.get('etag') ?? '';
      const unchanged = await get(`/api/file/${file.id}`, owner, { 'if-none-match': `"other", ${etag}` });
      expect(unchanged.status).toBe(304);
      expect((await bytesOf(unchanged)).byteLength).toBe(0);
      const stale = await get(`/api/file/${file.id}`, owner, { range: 'bytes=0-9', 'if-range': '"other"' });
      expect(stale.status).toBe(200);
      expectSameBytes(await bytesOf(stale), bytes);
      const current = await get(`/api/file/${file.id}`, owner, { range: 'bytes=0-9', 'if-range': etag });
      expect(current.status).toBe(206);
    });

    test('over a real socket the bytes stream with the declared length', async () => {
      const { owner, file, bytes } = await storedFile(countingBytes(600_000));
      const server = await listen(services);
      try {
        const url = `${server.url}/api/file/${file.id}`;
        const whole = await fetch(url, { headers: owner.headers });
        expect(whole.headers.get('content-length')).toBe('600000');
        expectSameBytes(await bytesOf(whole), bytes);
        const part = await fetch(url, { headers: { cookie: owner.headers.get('cookie') ?? '', range: 'bytes=300000-300099' } });
        expect(part.status).toBe(206);
        expectSameBytes(await bytesOf(part), bytes.slice(300_000, 300_100));
      } finally {
        await server.close();
      }
    });

    test('signed out: 401; someone else, an unknown id, a video link or a deleted file: 404 File not found', async () => {
      const { owner, file } = await storedFile();
      const anonymous = await get(`/api/file/${file.id}`, null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'You must be signed in.', messageKey: 'signedOut' },
      });

      const stranger = await createUser(services);
      for (const [actor, fileId] of [
        [stranger, file.id],
        [owner, 'no-such-file'],
        [owner, 'x'.repeat(300)],
      ] as const) {
        const response = await get(`/api/file/${fileId}`, actor, { range: 'bytes=0-9' });
        expect(response.status, `${fileId}`).toBe(404);
        expect(await response.json()).toEqual(notFound);
      }

      const course = await insertCourse(services, owner);
      const video = await insertFile(services, owner, course.id, {
        name: 'Cell division explained',
        extension: 'txt',
        mimeType: 'text/plain',
        videoId: 'dQw4w9WgXcQ',
        storageKey: null,
      });
      const videoAnswer = await get(`/api/file/${video.id}`, owner);
      expect(videoAnswer.status).toBe(404);
      expect(await videoAnswer.json()).toEqual(notFound);

      await callerFor(services, owner).file.deleteFile({ fileId: file.id });
      const deleted = await get(`/api/file/${file.id}`, owner);
      expect(deleted.status).toBe(404);
      expect(await deleted.json()).toEqual(notFound);
      expect(await services.storage.exists(file.storageKey ?? '')).toBe(false);
    });

    test('a file row whose bytes are missing answers 404 rather than failing', async () => {
      const { owner, file } = await storedFile();
      await services.storage.delete(file.storageKey ?? '');
      const response = await get(`/api/file/${file.id}`, owner);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFound);
    });
  });

  describe('signed links to GET /api/file/:fileId', () => {
    const secret = () => services.config.authSecret;

    test('work without a session, ranges included, until they expire', async () => {
      const { file, bytes } = await storedFile();
      const link = signedFilePath(secret(), file.id, nowSeconds() + 60);
      const whole = await get(link, null);
      expect(whole.status).toBe(200);
      expectSameBytes(await bytesOf(whole), bytes);
      const part = await get(link, null, { range: 'bytes=-100' });
      expect(part.status).toBe(206);
      expectSameBytes(await bytesOf(part), bytes.slice(1900));
    });

    test('a tampered, borrowed, incomplete or expired link is refused with 403, even with the owner signed in', async () => {
      const { owner, file } = await storedFile();
      const other = await storedFile();
      const expires = nowSeconds() + 60;
      const link = new URL(signedFilePath(secret(), file.id, expires), services.config.appUrl);
      const signature = link.searchParams.get('signature') ?? '';
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const invalid = [
        `/api/file/${file.id}?expires=${expires}&signature=${flipped}`,
        `/api/file/${file.id}?expires=${expires + 3600}&signature=${signature}`,
        `/api/file/${other.file.id}?expires=${expires}&signature=${signature}`,
        `/api/file/${file.id}?expires=${expires}`,
        `/api/file/${file.id}?signature=${signature}`,
        `/api/file/${file.id}?expires=soon&signature=${signature}`,
        `/api/file/${file.id}?expires=${expires}&signature=${signature}x`,
      ];
      for (const pathname of invalid) {
        const response = await get(pathname, owner);
        expect(response.status, pathname).toBe(403);
        expect(((await response.json()) as ErrorAnswer).error).toEqual({
          code: 'FORBIDDEN',
          message: 'This file link is not valid. Open the file again.',
          messageKey: 'fileLinkInvalid',
        });
      }

      const expired = await get(signedFilePath(secret(), file.id, nowSeconds() - 1), null);
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as ErrorAnswer).error).toEqual({
        code: 'FORBIDDEN',
        message: 'This file link has expired. Open the file again.',
        messageKey: 'fileLinkExpired',
      });
    });

    test('a valid link to a file deleted since answers 404', async () => {
      const { owner, file } = await storedFile();
      const link = signedFilePath(secret(), file.id, nowSeconds() + 60);
      await callerFor(services, owner).file.deleteFile({ fileId: file.id });
      const response = await get(link, null);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFound);
    });
  });

  describe('GET /api/file-url/:fileId', () => {
    test('gives the owner a URL that fetches the file without a session for five minutes', async () => {
      const { owner, file, bytes } = await storedFile(countingBytes(3000), { name: 'Week 1.pdf' });
      const before = nowSeconds();
      const response = await get(`/api/file-url/${file.id}`, owner);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const { url } = (await response.json()) as { url: string };

      let fetched: Response;
      if (services.config.s3) {
        // S3's own presigned URL: the browser fetches from the store, named and typed like the route would.
        expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${file.storageKey}?`)).toBe(true);
        expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(FILE_LINK_LIFETIME_SECONDS));
        fetched = await fetch(url);
        expect(fetched.headers.get('content-disposition')).toBe(`inline; filename="Week 1.pdf"; filename*=UTF-8''Week%201.pdf`);
      } else {
        const link = new URL(url);
        expect(link.origin).toBe(new URL(services.config.appUrl).origin);
        expect(link.pathname).toBe(`/api/file/${file.id}`);
        const expires = Number(link.searchParams.get('expires'));
        expect(expires).toBeGreaterThanOrEqual(before + FILE_LINK_LIFETIME_SECONDS);
        expect(expires).toBeLessThanOrEqual(nowSeconds() + FILE_LINK_LIFETIME_SECONDS);
        fetched = await get(`${link.pathname}${link.search}`, null);
      }
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('application/pdf');
      expectSameBytes(await bytesOf(fetched), bytes);
    });

    test('a link to anything but a PDF or text downloads as an attachment, and HTML as bytes, from the store too', async () => {
      const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      const bytes = new TextEncoder().encode('<script>alert(1)</script>');
      for (const [name, mimeType, served] of [
        ['Essay.docx', docx, docx],
        ['page.html', 'text/html', 'application/octet-stream'],
      ] as const) {
        const { owner, file } = await storedFile(bytes, { name, mimeType });
        const { url } = (await (await get(`/api/file-url/${file.id}`, owner)).json()) as { url: string };
        const fetched = services.config.s3 ? await fetch(url) : await get(new URL(url).pathname + new URL(url).search, null);
        expect(fetched.status).toBe(200);
        expect(fetched.headers.get('content-type')).toBe(served);
        expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      }
    });

    test('signed out: 401; someone else, an unknown id or a video link: 404', async () => {
      const { owner, file } = await storedFile();
      const anonymous = await get(`/api/file-url/${file.id}`, null);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as ErrorAnswer).error.messageKey).toBe('signedOut');

      const course = await insertCourse(services, owner);
      const video = await insertFile(services, owner, course.id, { videoId: 'dQw4w9WgXcQ', storageKey: null });
      const stranger = await createUser(services);
      for (const [actor, fileId] of [
        [stranger, file.id],
        [owner, 'no-such-file'],
        [owner, video.id],
      ] as const) {
        const response = await get(`/api/file-url/${fileId}`, actor);
        expect(response.status, fileId).toBe(404);
        expect(await response.json()).toEqual(notFound);
      }
    });
  });

  test(`files are kept in ${services.config.s3 ? 'S3, not in DATA_DIR' : 'DATA_DIR/files'}`, async () => {
    const { file } = await storedFile();
    const folder = path.join(services.config.filesDir, 'uploads');
    const local = existsSync(folder) ? readdirSync(folder) : [];
    expect(local.includes((file.storageKey ?? '').replace('uploads/', ''))).toBe(!services.config.s3);
    if (services.config.s3) {
      expect((await fetch(`${s3.endpoint}/${s3.bucket}/${file.storageKey}`)).status).toBe(200);
    }
  });
});

describe('byteRange', () => {
  test('reads one range of RFC 9110 and leaves everything else to a whole answer', () => {
    expect(byteRange(undefined, 10)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=2-4', 10)).toEqual({ kind: 'part', start: 2, end: 4 });
    expect(byteRange('bytes=2-', 10)).toEqual({ kind: 'part', start: 2, end: 9 });
    expect(byteRange('bytes=-3', 10)).toEqual({ kind: 'part', start: 7, end: 9 });
    expect(byteRange('bytes=0-99999999999999999999', 10)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(byteRange('bytes=99999999999999999999-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-', 10)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=1-2, 4-5', 10)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
