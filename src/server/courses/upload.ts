import { and, count, eq, gte } from 'drizzle-orm';
import type { FileExtension } from '../../shared/courses';
import { PLANS, type Plan } from '../../shared/plans';
import type { Db } from '../db/client';
import { file, user } from '../db/schema';
import { enqueueIngest } from '../ingest/ingest-job';
import { detectFileKind } from '../ingest/file-kind';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import { newStorageKey, type BlobStorage } from '../storage/blob-storage';
import { findOwnedCourse } from './directories';
import { cleanUploadName, storedUploadName } from './upload-name';
import { fileTooLarge, monthlyUploadsUsed, noFiles, refusedFile, tooManyFiles } from './upload-limits';

export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}

const mimeTypes: Record<FileExtension, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const notQueued = 'Reading this file could not be started. Please retry.';

const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Uploads this calendar month (UTC), counted from the user's file rows: a deleted file no longer counts. */
async function uploadsThisMonth(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(file)
    .where(and(eq(file.ownerId, userId), gte(file.createdAt, startOfMonthUtc(new Date()))));
  return row?.used ?? 0;
}

/** Every plan limit and type check, before a byte is stored; returns each file's kind and final name. */
async function checkUpload(db: Db, userId: string, plan: Plan, files: IncomingFile[]) {
  if (files.length === 0) throw noFiles();
  if (files.length > plan.maxFiles) throw tooManyFiles(plan, files.length);
  const named = files.map((incoming) => ({ ...incoming, name: cleanUploadName(incoming.name) }));
  const oversize = named.find((incoming) => incoming.bytes.length > plan.maxFileSize * 1024 * 1024);
  if (oversize) throw fileTooLarge(plan, oversize.name);
  const used = await uploadsThisMonth(db, userId);
  if (used + files.length > plan.fileUploadsPerMonth) throw monthlyUploadsUsed(plan, used, files.length);
  return Promise.all(
    named.map(async (incoming) => {
      const detected = await detectFileKind({ bytes: incoming.bytes, fileName: incoming.name });
      if (!detected.ok) {
        const code = detected.reason === 'empty' ? 'BAD_REQUEST' : 'UNSUPPORTED_MEDIA_TYPE';
        throw refusedFile(code, incoming.name, detected.message);
      }
      return { bytes: incoming.bytes, kind: detected.kind, name: storedUploadName(incoming.name, detected.kind) };
    }),
  );
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
    for (const entry of stored) await storage.put(entry.storageKey, entry.bytes);
    return await db
      .insert(file)
      .values(
        stored.map((entry) => ({
          directoryId: target.courseId,
          ownerId: target.userId,
          name: entry.name,
          extension: entry.kind,
          mimeType: mimeTypes[entry.kind],
          size: entry.bytes.length,
          storageKey: entry.storageKey,
        })),
      )
      .returning({ id: file.id, name: file.name, extension: file.extension, status: file.status });
  } catch (error) {
    await Promise.all(stored.map((entry) => storage.delete(entry.storageKey)));
    throw error;
  }
}

/** Stores the files of one upload to one of the user's courses and queues their text extraction. */
export async function uploadFiles(options: {
  db: Db;
  storage: BlobStorage;
  jobs: Jobs | null;
  log: Logger;
  userId: string;
  courseId: string;
  files: IncomingFile[];
}) {
  const { db, userId } = options;
  const course = await findOwnedCourse(db, userId, options.courseId);
  const [owner] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, userId)).limit(1);
  const accepted = await checkUpload(db, userId, PLANS[owner?.plan ?? 'free'], options.files);
  const rows = await storeFiles(db, options.storage, { courseId: course.id, userId }, accepted);
  for (const row of rows) {
    if (await queueIngestion(options, row.id)) continue;
    row.status = 'failed';
  }
  return { files: rows };
}

/**
 * The upload has succeeded even when its job cannot be queued; the file is then marked failed, so that the user can
 * retry it. Without a job queue in this process (JOBS_ENABLED=false) files stay queued for a worker.
 */
async function queueIngestion(options: { db: Db; jobs: Jobs | null; log: Logger }, fileId: string): Promise<boolean> {
  if (!options.jobs) return true;
  try {
    await enqueueIngest(options.jobs, fileId);
    return true;
  } catch (error) {
    options.log.error({ err: error, fileId }, 'queueing text extraction failed');
    await options.db.update(file).set({ status: 'failed', error: notQueued }).where(eq(file.id, fileId));
    return false;
  }
}
