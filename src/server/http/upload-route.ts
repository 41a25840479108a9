import { Hono, type Context as HonoContext, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PLAN_SLUGS, PLANS } from '../../shared/plans';
import { idSchema } from '../../shared/schemas';
import { requestTooLarge } from '../courses/upload-limits';
import { uploadFiles, type IncomingFile } from '../courses/upload';
import { AppError, httpStatusOf } from '../errors';
import type { Services } from '../services';

/**
 * The largest file any plan allows plus room for the multipart framing: the whole request is read into memory
 * (parseBody) before the plan's own limits are checked, so one upload holds at most this much in all.
 */
const largestFileMb = Math.max(...PLAN_SLUGS.map((slug) => PLANS[slug].maxFileSize));
const maxRequestBytes = (largestFileMb + 1) * 1024 * 1024;

const signedOut = () =>
  new AppError({ code: 'UNAUTHORIZED', userMessage: 'You must be signed in.', messageKey: 'signedOut' });
const foreignOrigin = () =>
  new AppError({ code: 'FORBIDDEN', userMessage: 'This request came from another site.', messageKey: 'foreignOrigin' });
const notMultipart = () =>
  new AppError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    userMessage: 'Send the files as multipart/form-data.',
    messageKey: 'uploadNotMultipart',
  });
const unreadable = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This upload could not be read. Please try again.',
    messageKey: 'uploadUnreadable',
  });
const noCourse = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'Choose a course to upload to.', messageKey: 'uploadNoCourse' });

function errorResponse(c: HonoContext, error: AppError) {
  const { code, userMessage: message, messageKey, messageParams } = error;
  return c.json({ error: { code, message, messageKey, messageParams } }, httpStatusOf[code] as ContentfulStatusCode);
}

/** `directoryId` and the `files` of a multipart body; fields that are not files are ignored. */
async function readUpload(c: HonoContext): Promise<{ courseId: string; files: IncomingFile[] }> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) throw notMultipart();
  const body = await c.req.parseBody({ all: true }).catch(() => {
    throw unreadable();
  });
  const courseId = idSchema.safeParse(body.directoryId);
  if (!courseId.success) throw noCourse();
  const parts = [body.files ?? []].flat().filter((part): part is File => part instanceof File);
  const files = await Promise.all(
    parts.map(async (part) => ({ name: part.name, bytes: new Uint8Array(await part.arrayBuffer()) })),
  );
  return { courseId: courseId.data, files };
}

type UploadEnv = { Variables: { userId: string } };

/** Checked before the body is read: nobody signed out, or on another site, can make the server buffer an upload. */
function authenticate(services: Services): MiddlewareHandler<UploadEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !services.config.trustedOrigins.includes(origin)) return errorResponse(c, foreignOrigin());
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return errorResponse(c, signedOut());
    c.set('userId', session.user.id);
    await next();
  };
}

/** POST /api/files (DESIGN §4): refusals answer `{ error: { code, message, messageKey, messageParams } }`. */
export function uploadRoutes(services: Services) {
  const limit = bodyLimit({
    maxSize: maxRequestBytes,
    onError: (c) => errorResponse(c, requestTooLarge(largestFileMb + 1)),
  });
  return new Hono<UploadEnv>().post('/api/files', authenticate(services), limit, async (c) => {
    try {
      const { courseId, files } = await readUpload(c);
      const { storage, jobs, log, db } = services;
      const result = await uploadFiles({ db, storage, jobs, log, userId: c.get('userId'), courseId, files });
      return c.json(result, 201);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(c, error);
      throw error;
    }
  });
}
