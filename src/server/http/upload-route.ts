import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context as HonoContext, type MiddlewareHandler } from 'hono';
import { PLAN_SLUGS, PLANS } from '../../shared/plans';
import { idSchema } from '../../shared/schemas';
import { findOwnedCourse } from '../courses/directories';
import { addVideoLink, megabytes, planOf, uploadFiles, uploadsUsed } from '../courses/upload';
import {
  fileTooLarge,
  invalidVideoLink,
  monthlyUploadsUsed,
  requestTooLarge,
  tooManyFiles,
  transcriptTooLong,
} from '../courses/upload-limits';
import { cleanUploadName } from '../courses/upload-name';
import { makeUploadDir, receiveUpload, removeStaleUploadDirs, unreadableUpload } from '../courses/upload-stream';
import { AppError, signedOut } from '../errors';
import { TRANSCRIPT_MAX_LENGTH } from '../ingest/transcript';
import type { Services } from '../services';
import { sharedUploadTarget } from '../sharing/study-access';
import { courseNotFound } from '../courses/errors';
import { errorResponse } from './refusal';
import { callerContext, type CallerEnv } from './request-context';

/**
 * The largest file any plan allows plus room for the multipart framing: no upload request may be longer, whatever the
 * plan. Files are streamed to temporary files, so this bounds disk use per request, not memory.
 */
const largestFileMb = Math.max(...PLAN_SLUGS.map((slug) => PLANS[slug].maxFileSize));
const maxRequestMb = largestFileMb + 1;
/** A video link's JSON: the transcript's characters may take up to six bytes each when escaped. */
const maxVideoLinkBytes = 4 * 1024 * 1024;
/** Temporary folders older than this were left by a process that died mid-upload. */
const staleUploadMs = 24 * 60 * 60 * 1000;

const notMultipart = () =>
  new AppError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    userMessage: 'Send the files as multipart/form-data.',
    messageKey: 'uploadNotMultipart',
  });
const noCourse = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'Choose a course to upload to.', messageKey: 'uploadNoCourse' });

/**
 * `userId`: whose course the upload goes into and whose plan it counts against — the caller, or for an editor of a
 * shared course (`?uuid=` the space's link id) the course owner. `sharedCourseId`: then the only course allowed.
 */
type UploadEnv = { Variables: CallerEnv['Variables'] & { userId: string; sharedCourseId: string | null } };

/**
 * Checked before the body is read: nobody signed out can make the server read an upload (a request from another site
 * never gets here: the app's CSRF check, src/server/http/csrf.ts, refuses it first).
 */
function authenticate(services: Services): MiddlewareHandler<UploadEnv> {
  return async (c, next) => {
    const session = c.get('session');
    if (!session) return errorResponse(c, signedOut());
    const shared = c.get('shared');
    if (shared) {
      try {
        const target = await sharedUploadTarget(services.db, session.user.id, shared);
        c.set('userId', target.ownerId);
        c.set('sharedCourseId', target.directoryId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        c.header('Connection', 'close');
        return errorResponse(c, error);
      }
    } else {
      c.set('userId', session.user.id);
      c.set('sharedCourseId', null);
    }
    await next();
  };
}

/** Through a shared course, only that course may be uploaded into (another course of its owner is not found). */
function checkSharedCourse(c: HonoContext<UploadEnv>, courseId: string): void {
  const shared = c.get('sharedCourseId');
  if (shared !== null && shared !== courseId) throw courseNotFound();
}

/**
 * Files of a multipart body, streamed into a temporary folder of this request under DATA_DIR/tmp/uploads. The plan is
 * read first, so that a file too many or too large is refused the moment it shows, and the folder is removed however
 * the request ends: stored, refused, broken off by the client, or failed. The target course is checked before the
 * month's allowance (the upload form sends it first): a course that is not the caller's (or not the shared one) is
 * "not found", never the owner's "You have used all … uploads".
 */
async function receiveFiles(c: HonoContext<UploadEnv>, services: Services, tempRoot: string, contentType: string) {
  const { db, storage, jobs, log } = services;
  const userId = c.get('userId');
  const plan = await planOf(db, userId);
  const used = await uploadsUsed(db, userId);
  const left = plan.fileUploadsPerMonth - used;
  const body = c.req.raw.body;
  if (!body) throw unreadableUpload();
  const dir = await makeUploadDir(tempRoot);
  try {
    const { fields, files } = await receiveUpload({
      body,
      contentType,
      dir,
      limits: {
        maxFileBytes: megabytes(plan.maxFileSize),
        maxRequestBytes: megabytes(maxRequestMb),
        checkFile: (count) => {
          if (count > plan.maxFiles) throw tooManyFiles(plan, count);
          if (count > left) throw monthlyUploadsUsed(plan, used, count);
        },
        fileTooLarge: (name) => fileTooLarge(plan, cleanUploadName(name)),
        requestTooLarge: () => requestTooLarge(maxRequestMb),
      },
      // The course is checked as soon as its field arrives (the upload form sends it first), not after the files.
      onField: async (name, value) => {
        if (name !== 'directoryId') return;
        const courseId = idSchema.safeParse(value);
        if (!courseId.success) throw noCourse();
        checkSharedCourse(c, courseId.data);
        await findOwnedCourse(db, userId, courseId.data);
        if (left <= 0) throw monthlyUploadsUsed(plan, used, 1);
      },
    });
    const courseId = idSchema.safeParse(fields.get('directoryId'));
    if (!courseId.success) throw noCourse();
    checkSharedCourse(c, courseId.data);
    return await uploadFiles({ db, storage, jobs, log, userId, courseId: courseId.data, files });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The body as text, refused with `tooLarge` as soon as it passes `maxBytes`. */
async function readTextUpTo(body: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => AppError) {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableUpload();
  }
  return Buffer.concat(chunks).toString('utf8');
}

const optionalText = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw unreadableUpload();
  return value;
};

/** `{ directoryId, videoUrl, transcript?, name? }` as JSON: a video link instead of files. */
async function receiveVideoLink(c: HonoContext<UploadEnv>, services: Services) {
  const text = await readTextUpTo(c.req.raw.body, maxVideoLinkBytes, () => transcriptTooLong(TRANSCRIPT_MAX_LENGTH));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw unreadableUpload();
  }
  // JSON without a video link is neither of the two kinds of upload.
  if (typeof body !== 'object' || body === null || !('videoUrl' in body)) throw notMultipart();
  const fields = body as Record<string, unknown>;
  const courseId = idSchema.safeParse(fields.directoryId);
  if (!courseId.success) throw noCourse();
  checkSharedCourse(c, courseId.data);
  if (typeof fields.videoUrl !== 'string') throw invalidVideoLink();
  const { db, log, studyQueue } = services;
  return addVideoLink({
    db,
    log,
    studyQueue,
    userId: c.get('userId'),
    courseId: courseId.data,
    videoUrl: fields.videoUrl,
    transcript: optionalText(fields.transcript),
    name: optionalText(fields.name),
  });
}

/** POST /api/files (DESIGN §4): refusals answer `{ error: { code, message, messageKey, messageParams } }`. */
export function uploadRoutes(services: Services) {
  const tempRoot = path.join(services.config.dataDir, 'tmp', 'uploads');
  // The embedded database's DATA_DIR has this one process: a folder from before it started was left by one that died.
  const soleProcess = services.config.database.kind === 'pglite';
  void removeStaleUploadDirs(tempRoot, soleProcess ? Date.now() - performance.timeOrigin : staleUploadMs);
  return new Hono<UploadEnv>().post('/api/files', callerContext(services, 'query'), authenticate(services), async (c) => {
    try {
      const declaredLength = Number(c.req.header('content-length') ?? 0);
      if (declaredLength > megabytes(maxRequestMb)) throw requestTooLarge(maxRequestMb);
      const contentType = c.req.header('content-type') ?? '';
      const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
      if (mediaType === 'application/json') return c.json(await receiveVideoLink(c, services), 201);
      if (mediaType !== 'multipart/form-data') throw notMultipart();
      return c.json(await receiveFiles(c, services, tempRoot, contentType), 201);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A refusal may come before the body has been read to its end: the client should stop sending it.
      c.header('Connection', 'close');
      return errorResponse(c, error);
    }
  });
}
