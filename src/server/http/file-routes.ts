import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context as HonoContext } from 'hono';
import { idSchema } from '../../shared/schemas';
import { fileNotFound } from '../courses/errors';
import { file } from '../db/schema';
import { AppError, signedOut } from '../errors';
import type { Services } from '../services';
import { contentDisposition } from '../storage/content-disposition';
import { fileReaderOf } from '../sharing/study-access';
import { errorResponse } from './refusal';
import { callerContext, type CallerEnv } from './request-context';

/** How long a URL from GET /api/file-url stays valid. */
export const FILE_LINK_LIFETIME_SECONDS = 5 * 60;

const linkInvalid = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'This file link is not valid. Open the file again.',
    messageKey: 'fileLinkInvalid',
  });
const linkExpired = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'This file link has expired. Open the file again.',
    messageKey: 'fileLinkExpired',
  });

async function answer(c: HonoContext<CallerEnv>, handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (error) {
    if (error instanceof AppError) return errorResponse(c, error);
    throw error;
  }
}

// ---- signed links: /api/file/:fileId?expires=…&signature=… works without a session until `expires` ----

function fileLinkSignature(secret: string, fileId: string, expires: number): string {
  // The purpose goes into the MAC too: nothing else signed with the auth secret can pass for a file link.
  return createHmac('sha256', secret).update(`studypath file link\n${fileId}\n${expires}`).digest('base64url');
}

/** The path of a link to the file that is valid without a session until `expiresAt` (unix seconds). */
export function signedFilePath(secret: string, fileId: string, expiresAt: number): string {
  const query = new URLSearchParams({ expires: String(expiresAt), signature: fileLinkSignature(secret, fileId, expiresAt) });
  return `/api/file/${encodeURIComponent(fileId)}?${query.toString()}`;
}

function checkFileLink(secret: string, fileId: string, expires: string | undefined, signature: string | undefined): void {
  const expiresAt = /^\d{1,12}$/.test(expires ?? '') ? Number(expires) : null;
  if (expiresAt === null || signature === undefined) throw linkInvalid();
  const expected = Buffer.from(fileLinkSignature(secret, fileId, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw linkInvalid();
  if (expiresAt * 1000 <= Date.now()) throw linkExpired();
}

// ---- the file: who may read it, and which bytes ----

/**
 * The stored file `fileId`, as long as `ownerId` owns it (null: a signed link, checked already). Unknown ids, others'
 * files and video links (nothing stored) are all NOT_FOUND, so that ids cannot be probed.
 */
async function storedFile(services: Services, fileId: string, ownerId: string | null) {
  const id = idSchema.safeParse(fileId);
  if (!id.success) throw fileNotFound();
  const [row] = await services.db
    .select({ id: file.id, name: file.name, mimeType: file.mimeType, storageKey: file.storageKey })
    .from(file)
    .where(ownerId === null ? eq(file.id, id.data) : and(eq(file.id, id.data), eq(file.ownerId, ownerId)))
    .limit(1);
  if (!row?.storageKey) throw fileNotFound();
  return { ...row, storageKey: row.storageKey };
}


/**
 * Whose file the signed-in caller may read: their own, or with `?uuid=` (the shared-course context) the course
 * owner's once studyFileAccess grants it (a member of a shared course reading one of its visible files).
 */
async function readerOf(services: Services, c: HonoContext<CallerEnv>, fileId: string): Promise<string> {
  const session = c.get('session');
  if (!session) throw signedOut();
  const id = idSchema.safeParse(fileId);
  if (!id.success) throw fileNotFound();
  return fileReaderOf(services.db, session.user.id, id.data, c.get('shared'));
}

/** How each stored document type goes out; `inline` ones may open in a tab, the rest are downloaded. */
const SERVED_TYPES: Record<string, { contentType: string; inline: boolean }> = {
  // The browser's own PDF viewer shows it; the app's viewer reads it with fetch (pdf.js), which the disposition leaves alone.
  'application/pdf': { contentType: 'application/pdf', inline: true },
  // Text uploads are checked to be UTF-8 (src/server/ingest/file-kind.ts); sandboxed below, markup in one stays text.
  'text/plain': { contentType: 'text/plain; charset=utf-8', inline: true },
  // Markdown notes (issue 26), checked as UTF-8 text like the above; the app's viewer renders them, a tab shows the source.
  'text/markdown': { contentType: 'text/markdown; charset=utf-8', inline: true },
  // Photos and screenshots of notes; SVG is never stored (uploads accept JPEG, PNG and WebP only, checked by content).
  'image/jpeg': { contentType: 'image/jpeg', inline: true },
  'image/png': { contentType: 'image/png', inline: true },
  'image/webp': { contentType: 'image/webp', inline: true },
  'application/msword': { contentType: 'application/msword', inline: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
  },
};

/**
 * The type and disposition a stored file goes out with. The stored type is server-detected, but a header gets nothing
 * unchecked: any type that is not one of the document types uploads are stored as (HTML, SVG, XML, script, a malformed
 * value) goes out as opaque bytes, as a download, so that the browser never renders it as a page of the app.
 */
export function servedAs(mimeType: string): { contentType: string; disposition: 'inline' | 'attachment' } {
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const served = Object.hasOwn(SERVED_TYPES, essence) ? SERVED_TYPES[essence] : undefined;
  if (!served) return { contentType: 'application/octet-stream', disposition: 'attachment' };
  return { contentType: served.contentType, disposition: served.inline ? 'inline' : 'attachment' };
}

/**
 * A document opened in a tab must not run as the app, nor be framed by anyone: anything but a PDF is sandboxed (no
 * scripts, an opaque origin). PDFs are not, because a sandbox also stops the browser's own PDF viewer.
 */
function contentSecurityPolicy(contentType: string): string {
  if (contentType === 'application/pdf') return "frame-ancestors 'none'";
  return "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
}

export type ByteRangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * What a Range header asks of a blob of `size` bytes (RFC 9110 §14): one range `a-b`, `a-` or `-n` is served as a part;
 * several ranges, other units and malformed headers are answered with the whole blob, as the RFC allows.
 */
export function byteRange(header: string | undefined, size: number): ByteRangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** An entity tag from the storage key: a key is never reused for other bytes, and the key itself stays private. */
function entityTag(storageKey: string): string {
  return `"${createHash('sha256').update(storageKey).digest('base64url').slice(0, 32)}"`;
}

function matchesAny(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

async function serveFile(c: HonoContext<CallerEnv>, services: Services): Promise<Response> {
  const fileId = c.req.param('fileId') ?? '';
  const { expires, signature } = c.req.query();
  // A link's query decides alone: a wrong or stale one is refused even when the browser also has a session.
  let ownerId: string | null = null;
  if (expires !== undefined || signature !== undefined) {
    checkFileLink(services.config.authSecret, fileId, expires, signature);
  } else {
    ownerId = await readerOf(services, c, fileId);
  }
  const row = await storedFile(services, fileId, ownerId);
  const size = await services.storage.size(row.storageKey);
  if (size === null) {
    services.log.warn({ fileId: row.id }, 'a file has no stored bytes');
    throw fileNotFound();
  }

  const etag = entityTag(row.storageKey);
  const { contentType, disposition } = servedAs(row.mimeType);
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    ETag: etag,
    // no-transform: the bytes go out as stored (the compress middleware would otherwise gzip text and drop lengths).
    'Cache-Control': 'private, no-transform',
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && matchesAny(ifNoneMatch, etag)) return c.body(null, 304, headers);

  Object.assign(headers, {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(row.name, disposition),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': contentSecurityPolicy(contentType),
  });
  // If-Range: a range of what the client has; another version (or a date, we send none) gets the whole file.
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === etag ? byteRange(c.req.header('range'), size) : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
  }
  const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
  headers['Content-Length'] = String(part ? part.end - part.start + 1 : size);
  if (part) headers['Content-Range'] = `bytes ${part.start}-${part.end}/${size}`;
  const status = part ? 206 : 200;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const body = await services.storage.stream(row.storageKey, part);
  // Deleted between the size and now.
  if (!body) throw fileNotFound();
  return c.body(body, status, headers);
}

/**
 * GET /api/file/:fileId — the stored file, to its owner (or to a signed link), with range requests for the viewer;
 * with `?uuid=` to whoever may study it in that shared course.
 * GET /api/file-url/:fileId — `{ url }` the reader's browser may fetch the file from for FILE_LINK_LIFETIME_SECONDS:
 * the storage's own signed URL (S3), else a signed link to the route above.
 * Refusals answer `{ error: { code, message, messageKey } }` like POST /api/files.
 */
export function fileRoutes(services: Services) {
  return new Hono<CallerEnv>()
    .use('/api/file/*', callerContext(services, 'query'))
    .use('/api/file-url/*', callerContext(services, 'query'))
    .get('/api/file/:fileId', (c) => answer(c, () => serveFile(c, services)))
    .get('/api/file-url/:fileId', (c) =>
      answer(c, async () => {
        c.header('Cache-Control', 'no-store');
        const fileId = c.req.param('fileId');
        const row = await storedFile(services, fileId, await readerOf(services, c, fileId));
        const url =
          (await services.storage.signedUrl(row.storageKey, {
            expiresInSeconds: FILE_LINK_LIFETIME_SECONDS,
            fileName: row.name,
            ...servedAs(row.mimeType),
          })) ??
          new URL(
            signedFilePath(services.config.authSecret, row.id, Math.floor(Date.now() / 1000) + FILE_LINK_LIFETIME_SECONDS),
            services.config.appUrl,
          ).toString();
        return c.json({ url });
      }),
    );
}
