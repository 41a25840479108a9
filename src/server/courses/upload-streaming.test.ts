import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { file, user } from '../db/schema';
import type { Services } from '../services';
import { insertCourse } from '../test/courses';
import { createTestServices, createUser, listen, type TestUser } from '../test/harness';
import { getUsage, reserveUsage, usagePeriod } from '../usage/usage-counters';

// POST /api/files over a real socket: what only a streaming client shows — a refusal that comes before the body has
// been sent, and a client that goes away mid-upload.
const services = await createTestServices();
const server = await listen(services);
afterAll(async () => {
  await server.close();
  await services.close();
});

const boundary = 'studypath-test-boundary';

function temporaryUploads(target: Services): string[] {
  const folder = path.join(target.config.dataDir, 'tmp', 'uploads');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((entry) => [entry, ...readdirSync(path.join(folder, entry)).map((name) => `${entry}/${name}`)]);
}

const monthlyUploads = (owner: TestUser) =>
  getUsage(services.db, { userId: owner.user.id, kind: 'uploads', period: usagePeriod('month') });

async function ownerWithCourse(plan: 'free' | 'pro') {
  const owner = await createUser(services);
  await services.db.update(user).set({ plan }).where(eq(user.id, owner.user.id));
  const course = await insertCourse(services, owner);
  return { owner, course };
}

const fieldPart = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHeader = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;

/** An upload request whose body the test writes piece by piece, never ending it unless it says so. */
function openUpload(owner: TestUser) {
  const request = http.request(`${server.url}/api/files`, {
    method: 'POST',
    headers: { cookie: owner.headers.get('cookie') ?? '', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  let sent = 0;
  let answered = false;
  // The server may close the connection once it has answered; writing after that is expected to fail.
  request.on('error', () => undefined);
  const response = new Promise<{ status: number; body: { error?: { messageKey?: string; message?: string } } }>(
    (resolve) => {
      request.on('response', (incoming) => {
        answered = true;
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as never }));
      });
    },
  );
  return {
    request,
    response,
    sent: () => sent,
    answered: () => answered,
    async write(data: string | Uint8Array) {
      sent += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
      if (!request.write(data)) await Promise.race([once(request, 'drain'), response, once(request, 'close')]);
    },
  };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('POST /api/files, streamed', () => {
  test('a client that goes away mid-upload leaves no temporary file, no row, no blob and no upload used', async () => {
    const { owner, course } = await ownerWithCourse('free');
    const upload = openUpload(owner);
    await upload.write(fieldPart('directoryId', course.id) + fileHeader('notes.txt'));
    await upload.write('lecture notes '.repeat(80_000));
    await waitFor(() => temporaryUploads(services).some((entry) => entry.includes('/')), 'the temporary file');
    upload.request.destroy();
    await waitFor(() => temporaryUploads(services).length === 0, 'the temporary folder to be removed');
    expect(upload.answered()).toBe(false);
    expect(await services.db.select().from(file).where(eq(file.ownerId, owner.user.id))).toEqual([]);
    expect(existsSync(path.join(services.config.filesDir, 'uploads'))).toBe(false);
    expect(await monthlyUploads(owner)).toBe(0);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test('a file too many is refused as its part begins, before the rest of the body is sent', async () => {
    const { owner, course } = await ownerWithCourse('pro');
    const upload = openUpload(owner);
    await upload.write(fieldPart('directoryId', course.id));
    for (const name of ['a', 'b', 'c']) await upload.write(`${fileHeader(`${name}.txt`)}${name}\r\n`);
    await upload.write(`${fileHeader('d.txt')}the fourth file, still being sent`);
    const { status, body } = await upload.response;
    expect(status).toBe(403);
    expect(body.error?.messageKey).toBe('uploadTooManyFiles');
    upload.request.destroy();
    await waitFor(() => temporaryUploads(services).length === 0, 'the temporary folder to be removed');
    expect(await monthlyUploads(owner)).toBe(0);
  });

  test('an upload over the month’s allowance is refused before its body is read', async () => {
    const { owner, course } = await ownerWithCourse('free');
    await reserveUsage(services.db, { userId: owner.user.id, kind: 'uploads', period: usagePeriod('month'), amount: 3, limit: 3 });
    const upload = openUpload(owner);
    await upload.write(`${fieldPart('directoryId', course.id)}${fileHeader('a.txt')}the start of a file`);
    const { status, body } = await upload.response;
    expect(status).toBe(403);
    expect(body.error?.messageKey).toBe('uploadMonthlyLimitReached');
    upload.request.destroy();
    expect(temporaryUploads(services)).toEqual([]);
  });

  test('a file over the plan’s size is refused as it crosses the limit, without waiting for the rest', async () => {
    const { owner, course } = await ownerWithCourse('pro');
    const upload = openUpload(owner);
    await upload.write(fieldPart('directoryId', course.id) + fileHeader('huge.txt'));
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    // Keeps sending (up to twice the limit) until the server answers; the body is never finished.
    while (!upload.answered() && upload.sent() < 200 * 1024 * 1024 && !upload.request.destroyed) await upload.write(chunk);
    const { status, body } = await upload.response;
    expect(status).toBe(413);
    expect(body.error?.message).toBe('huge.txt is larger than the 100 MB your plan allows. Upgrade for more.');
    expect(upload.sent()).toBeLessThan(150 * 1024 * 1024);
    upload.request.destroy();
    await waitFor(() => temporaryUploads(services).length === 0, 'the temporary folder to be removed');
    expect(await monthlyUploads(owner)).toBe(0);
  });
});
