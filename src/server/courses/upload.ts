import { eq } from 'drizzle-orm';
import { FILE_NAME_MAX_LENGTH, type FileExtension } from '../../shared/courses';
import { PLANS, type Plan } from '../../shared/plans';
import { parseVideoLink } from '../../shared/video-link';
import type { Db } from '../db/client';
import { file, filePage, user } from '../db/schema';
import { detectFileKindOfFile } from '../ingest/file-kind';
import { enqueueIngest, failureColumns } from '../ingest/ingest-job';
import { parseTranscript, TRANSCRIPT_MAX_LENGTH } from '../ingest/transcript';
import { failureMessages } from '../ingest/types';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import { newStorageKey, type BlobStorage } from '../storage/blob-storage';
import type { StudyQueue } from '../study/pipeline/jobs';
import { markQueued } from '../study/pipeline/pipeline';
import { getUsage, releaseUsage, reserveUsage, usagePeriod, type UsageReservation } from '../usage/usage-counters';
import { findOwnedCourse } from './directories';
import { cleanUploadName, storedUploadName } from './upload-name';
import {
  asStorageRefusal,
  fileTooLarge,
  invalidVideoLink,
  monthlyUploadsUsed,
  noFiles,
  refusedFile,
  tooManyFiles,
  transcriptEmpty,
  transcriptTooLong,
  videoTooLong,
} from './upload-limits';

/** A file of an upload, received into a temporary file (see upload-stream.ts); `name` is as the browser sent it. */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
}

const mimeTypes: Record<FileExtension, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const megabytes = (mb: number) => mb * 1024 * 1024;

export async function planOf(db: Db, userId: string): Promise<Plan> {
  const [owner] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, userId)).limit(1);
  return PLANS[owner?.plan ?? 'free'];
}

/** Uploads are counted per calendar month (UTC), in the usage counters: deleting a file gives none back. */
const uploadsOf = (userId: string) => ({ userId, kind: 'uploads' as const, period: usagePeriod('month') });

/** Uploads used this month, read before an upload's body is: one that cannot fit is refused without reading it. */
export async function uploadsUsed(db: Db, userId: string): Promise<number> {
  return getUsage(db, uploadsOf(userId));
}

/** Takes `count` of the month's uploads, or refuses with the plan's limit; atomic against concurrent uploads. */
async function reserveUploads(db: Db, userId: string, plan: Plan, count: number): Promise<UsageReservation> {
  const result = await reserveUsage(db, { ...uploadsOf(userId), amount: count, limit: plan.fileUploadsPerMonth });
  if (!result.ok) throw monthlyUploadsUsed(plan, result.used, count);
  return result.reservation;
}

/**
 * Runs `store` on reserved uploads and gives them back when it fails: a failed upload must not cost the user one.
 * Giving back is best effort; the error of `store` is the one reported.
 */
async function withUploads<T>(
  options: { db: Db; log: Logger; userId: string; plan: Plan; count: number },
  store: () => Promise<T>,
): Promise<T> {
  const reservation = await reserveUploads(options.db, options.userId, options.plan, options.count);
  try {
    return await store();
  } catch (error) {
    await releaseUsage(options.db, reservation).catch((releaseError: unknown) =>
      options.log.error({ err: releaseError, userId: options.userId }, 'giving back uploads of a failed upload failed'),
    );
    throw error;
  }
}

/** Every plan limit and type check, before a byte is stored; returns each file's kind and final name. */
async function checkUpload(plan: Plan, files: ReceivedFile[]) {
  if (files.length === 0) throw noFiles();
  if (files.length > plan.maxFiles) throw tooManyFiles(plan, files.length);
  const named = files.map((received) => ({ ...received, name: cleanUploadName(received.name) }));
  const oversize = named.find((received) => received.size > megabytes(plan.maxFileSize));
  if (oversize) throw fileTooLarge(plan, oversize.name);
  const accepted = [];
  for (const received of named) {
    const detected = await detectFileKindOfFile({ path: received.path, fileName: received.name });
    if (!detected.ok) {
      const code = detected.reason === 'empty' ? 'BAD_REQUEST' : 'UNSUPPORTED_MEDIA_TYPE';
      throw refusedFile(code, received.name, detected.message);
    }
    accepted.push({ ...received, extension: detected.extension, name: storedUploadName(received.name, detected.extension) });
  }
  return accepted;
}

type AcceptedFile = Awaited<ReturnType<typeof checkUpload>>[number];

/** Either every file is stored and has its row, or none: blobs written before a failure are deleted again. */
async function storeFiles(
  db: Db,
  storage: BlobStorage,
  target: { courseId: string; userId: string },
  files: AcceptedFile[],
) {
  const stored = files.map((entry) => ({ ...entry, storageKey: newStorageKey() }));
  try {
    for (const entry of stored) await storage.putFile(entry.storageKey, entry.path);
    return await db
      .insert(file)
      .values(
        stored.map((entry) => ({
          directoryId: target.courseId,
          ownerId: target.userId,
          name: entry.name,
          extension: entry.extension,
          mimeType: mimeTypes[entry.extension],
          size: entry.size,
          storageKey: entry.storageKey,
        })),
      )
      .returning({ id: file.id, name: file.name, extension: file.extension, status: file.status });
  } catch (error) {
    await Promise.all(stored.map((entry) => storage.delete(entry.storageKey).catch(() => undefined)));
    throw asStorageRefusal(error);
  }
}

/**
 * Stores the files of one upload (already received into temporary files) to one of the user's courses and queues
 * their text extraction. The caller removes the temporary files.
 */
export async function uploadFiles(options: {
  db: Db;
  storage: BlobStorage;
  jobs: Jobs | null;
  log: Logger;
  userId: string;
  courseId: string;
  files: ReceivedFile[];
}) {
  const { db, userId, log } = options;
  const course = await findOwnedCourse(db, userId, options.courseId);
  const plan = await planOf(db, userId);
  const accepted = await checkUpload(plan, options.files);
  const rows = await withUploads({ db, log, userId, plan, count: accepted.length }, () =>
    storeFiles(db, options.storage, { courseId: course.id, userId }, accepted),
  );
  for (const row of rows) {
    if (await queueIngestion(options, row.id)) continue;
    row.status = 'failed';
  }
  return { files: rows };
}

/**
 * The upload has succeeded even when its job cannot be queued; the file is then marked failed, so that the user can
 * retry it. Without a job queue in this process (JOBS_ENABLED=false) files stay queued: a worker process
 * (`npm run worker`) finds them in the database.
 */
async function queueIngestion(options: { db: Db; jobs: Jobs | null; log: Logger }, fileId: string): Promise<boolean> {
  if (!options.jobs) return true;
  try {
    await enqueueIngest(options.jobs, fileId);
    return true;
  } catch (error) {
    options.log.error({ err: error, fileId }, 'queueing text extraction failed');
    await options.db.update(file).set(failureColumns(failureMessages.notQueued)).where(eq(file.id, fileId));
    return false;
  }
}

/** The name a video link is stored under: the one the client sent, made safe, or 'Video {id}'. */
function videoName(requested: string | undefined, videoId: string): string {
  const cleaned = cleanUploadName(requested ?? '');
  let name = cleaned.slice(0, FILE_NAME_MAX_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
  name = name.trimEnd();
  return name === '' ? `Video ${videoId}` : name;
}

/**
 * Adds a video link to one of the user's courses (spec §5: a recognised link with an 11-character id). A pasted
 * transcript becomes the file's pages at once (timestamps removed; the last one is the video's length, held to the
 * plan's videoMaxDuration); without one the file is stored failed with a reason, since this server does not fetch
 * transcripts (see ingestFile). A video link counts as an upload either way.
 */
export async function addVideoLink(options: {
  db: Db;
  log: Logger;
  /** Sends the study artefacts' jobs of a video whose transcript was pasted; null where this process runs no jobs. */
  studyQueue: StudyQueue | null;
  userId: string;
  courseId: string;
  videoUrl: string;
  transcript?: string;
  name?: string;
}) {
  const { db, userId, log } = options;
  const course = await findOwnedCourse(db, userId, options.courseId);
  const videoId = parseVideoLink(options.videoUrl);
  if (!videoId) throw invalidVideoLink();
  const plan = await planOf(db, userId);
  const pasted = options.transcript?.trim() ? options.transcript : undefined;
  if (pasted !== undefined && pasted.length > TRANSCRIPT_MAX_LENGTH) throw transcriptTooLong(TRANSCRIPT_MAX_LENGTH);
  const transcript = pasted === undefined ? null : parseTranscript(pasted);
  if (transcript) {
    const { durationSeconds, pages } = transcript;
    if (durationSeconds !== null && durationSeconds > plan.videoMaxDuration * 60) throw videoTooLong(plan, durationSeconds);
    // At most 500,000 characters make fewer than 200 pages, under every plan's pagesPerFile.
    if (pages.length === 0) throw transcriptEmpty();
  }
  const pages = transcript?.pages ?? [];
  const row = await withUploads({ db, log, userId, plan, count: 1 }, () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(file)
        .values({
          directoryId: course.id,
          ownerId: userId,
          name: videoName(options.name, videoId),
          extension: 'txt',
          mimeType: mimeTypes.txt,
          size: pages.reduce((sum, page) => sum + Buffer.byteLength(page), 0),
          storageKey: null,
          videoId,
          ...(transcript ? { status: 'ready' as const, pageCount: pages.length } : failureColumns(failureMessages.noTranscript)),
        })
        .returning({ id: file.id, name: file.name, extension: file.extension, status: file.status });
      if (!created) throw new Error('inserting the video file returned no row');
      if (pages.length > 0) {
        await tx
          .insert(filePage)
          .values(pages.map((text, index) => ({ fileId: created.id, pageNumber: index + 1, text, heading: null })));
        // Ready text is studied like an extracted file's: the artefacts are queued with it.
        await markQueued(tx, created.id);
      }
      return created;
    }),
  );
  if (row.status === 'ready') await options.studyQueue?.send(row.id);
  return { files: [row] };
}
