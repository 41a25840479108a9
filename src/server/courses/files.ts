import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { FILE_NAME_MAX_LENGTH } from '../../shared/courses';
import type { Db } from '../db/client';
import { directory, file, studyArtefact, studyArtefactKinds, user, type StudyArtefactKind } from '../db/schema';
import { AppError } from '../errors';
import { enqueueIngest } from '../ingest/ingest-job';
import type { Jobs } from '../jobs/boss';
import type { Logger } from '../logger';
import { deleteBlobs, type BlobStorage } from '../storage/blob-storage';
import type { StudyQueue } from '../study/pipeline/jobs';
import { artefactStates, markQueued, quotaFailure } from '../study/pipeline/pipeline';
import { courseColumns, fileSummaryColumns } from './columns';
import { fileAlreadyDeleted, fileNotFound } from './errors';

const ownedFile = (userId: string, fileId: string) => and(eq(file.id, fileId), eq(file.ownerId, userId));

async function findOwnedFile(db: Db, userId: string, fileId: string) {
  const [row] = await db
    .select({ ...fileSummaryColumns, directoryId: file.directoryId, videoId: file.videoId })
    .from(file)
    .where(ownedFile(userId, fileId))
    .limit(1);
  if (!row) throw fileNotFound();
  return row;
}

/** A file with its course, as the study page needs it; null when the id is not one of the user's files. */
async function findFileWithCourse(db: Db, userId: string, fileId: string) {
  const [row] = await db
    .select({ ...fileSummaryColumns, videoId: file.videoId, directory: courseColumns })
    .from(file)
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(ownedFile(userId, fileId))
    .limit(1);
  return row ?? null;
}

export async function getActiveFile(options: { db: Db; userId: string }) {
  const [row] = await options.db
    .select({ activeFileId: user.activeFileId })
    .from(user)
    .where(eq(user.id, options.userId))
    .limit(1);
  if (!row?.activeFileId) return null;
  return findFileWithCourse(options.db, options.userId, row.activeFileId);
}

/** Makes a file the one the user studies; its course becomes the active course with it. */
export async function setActiveFile(options: { db: Db; userId: string; fileId: string }) {
  const { db, userId, fileId } = options;
  const target = await findFileWithCourse(db, userId, fileId);
  if (!target) throw fileNotFound();
  await db
    .update(user)
    .set({ activeFileId: target.id, activeDirectoryId: target.directory.id })
    .where(eq(user.id, userId));
  return target;
}

/** Only the user's own files; ids of others' or unknown files are left out rather than refused. */
export async function getFilesByIds(options: { db: Db; userId: string; fileIds: string[] }) {
  if (options.fileIds.length === 0) return [];
  return options.db
    .select({ ...fileSummaryColumns, directoryId: file.directoryId })
    .from(file)
    .where(and(eq(file.ownerId, options.userId), inArray(file.id, options.fileIds)));
}

/**
 * Deletes a file with its pages, then its stored bytes once the delete is committed. Deleting the active file clears
 * both active ids: the client returns to the dashboard.
 */
export async function deleteFile(options: {
  db: Db;
  storage: BlobStorage;
  log: Logger;
  userId: string;
  fileId: string;
}) {
  const { db, userId, fileId } = options;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(file)
      .where(ownedFile(userId, fileId))
      .returning({ id: file.id, storageKey: file.storageKey });
    if (!row) throw fileAlreadyDeleted();
    await tx
      .update(user)
      .set({ activeFileId: null, activeDirectoryId: null })
      .where(and(eq(user.id, userId), eq(user.activeFileId, fileId)));
    return row;
  });
  await deleteBlobs(options.storage, [deleted.storageKey], options.log);
  return { id: deleted.id };
}

/**
 * A new name without the file's extension gets it appended, so that "Week 1" stays a PDF to the user and to
 * downloads. Video links are named after their video and have no extension to keep.
 */
function withExtension(newName: string, target: { extension: string; videoId: string | null }) {
  if (target.videoId) return newName;
  const suffix = `.${target.extension}`;
  return newName.toLowerCase().endsWith(suffix) ? newName : `${newName}${suffix}`;
}

export async function renameFile(options: { db: Db; userId: string; fileId: string; newName: string }) {
  const { db, userId, fileId } = options;
  const target = await findOwnedFile(db, userId, fileId);
  const name = withExtension(options.newName, target);
  if (name === target.name) return { id: target.id, name };
  if (name.length > FILE_NAME_MAX_LENGTH) {
    throw new AppError({
      code: 'BAD_REQUEST',
      userMessage: `File name must be at most ${FILE_NAME_MAX_LENGTH} characters`,
      messageKey: 'fileNameTooLong',
      messageParams: { max: FILE_NAME_MAX_LENGTH },
    });
  }
  await db.update(file).set({ name, updatedAt: new Date() }).where(eq(file.id, target.id));
  return { id: target.id, name };
}

export async function getFileExtension(options: { db: Db; userId: string; fileId: string }) {
  const target = await findOwnedFile(options.db, options.userId, options.fileId);
  return { extension: target.extension };
}

export interface ArtefactState {
  /** null: not queued yet (the file's text is not ready, or it failed). */
  status: 'queued' | 'running' | 'ready' | 'failed' | null;
  error: string | null;
  errorKey: string | null;
  errorParams: Record<string, string | number> | null;
}

/**
 * Text extraction's state and each study artefact's. A failure has its English `error` and an `errorKey` with
 * `errorParams` for the client's 'ingest' namespace (the file) or 'study' namespace (an artefact).
 */
export async function getProcessingStatus(options: { db: Db; userId: string; fileId: string }) {
  const { status, error, errorKey, errorParams, pageCount, progress, unreadablePages, lowConfidencePages } = await findOwnedFile(
    options.db,
    options.userId,
    options.fileId,
  );
  const notStarted: ArtefactState = { status: null, error: null, errorKey: null, errorParams: null };
  const artefacts = Object.fromEntries(studyArtefactKinds.map((kind) => [kind, { ...notStarted }])) as Record<
    StudyArtefactKind,
    ArtefactState
  >;
  for (const row of await artefactStates(options.db, options.fileId)) {
    artefacts[row.kind] = { status: row.status, error: row.error, errorKey: row.errorKey, errorParams: row.errorParams };
  }
  return { status, error, errorKey, errorParams, pageCount, progress, unreadablePages, lowConfidencePages, artefacts };
}

const fileNotReady = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This file is not ready yet. Wait until its text has been read.',
    messageKey: 'fileNotReadyForStudy',
  });

const artefactBusy = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This is already being made. Wait until it is done.',
    messageKey: 'artefactBusy',
  });

/**
 * Makes one study artefact of a ready file again (owner only). Refused while that artefact is queued or being made,
 * and up front when the owner's plan allowance for it (mind maps, AI decks) is used up this month.
 */
export async function regenerateArtefact(options: {
  db: Db;
  studyQueue: StudyQueue | null;
  userId: string;
  fileId: string;
  artefact: StudyArtefactKind;
}) {
  const { db, userId, fileId, artefact } = options;
  const target = await findOwnedFile(db, userId, fileId);
  if (target.status !== 'ready') throw fileNotReady();
  const [owner] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, userId)).limit(1);
  const overQuota = await quotaFailure(db, userId, owner?.plan ?? 'free', artefact);
  if (overQuota) {
    throw new AppError({
      code: 'FORBIDDEN',
      userMessage: overQuota.message,
      messageKey: overQuota.key,
      ...(overQuota.params ? { messageParams: overQuota.params } : {}),
    });
  }
  const queued = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: studyArtefact.status })
      .from(studyArtefact)
      .where(and(eq(studyArtefact.fileId, fileId), eq(studyArtefact.kind, artefact)))
      .for('update');
    if (current && (current.status === 'queued' || current.status === 'running')) return false;
    await markQueued(tx, fileId, [artefact]);
    return true;
  });
  if (!queued) throw artefactBusy();
  // Without a queue in this process (JOBS_ENABLED=false) the worker's sweep sends the job.
  await options.studyQueue?.send(fileId, [artefact]);
  return { fileId, artefact, status: 'queued' as const };
}

const notRetryable = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Only a file that failed to process can be retried.',
    messageKey: 'fileNotRetryable',
  });

const videoNotRetryable = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This video has no transcript to read. Delete it and add the link again with its transcript pasted.',
    messageKey: 'videoNotRetryable',
  });

/** Queues a failed file's text extraction again (a failed file can be retried). */
export async function retryProcessing(options: { db: Db; jobs: Jobs | null; userId: string; fileId: string }) {
  const { db, userId, fileId } = options;
  const target = await findOwnedFile(db, userId, fileId);
  // A video link's pages come only from a pasted transcript: there is nothing stored to read again.
  if (target.videoId && target.status === 'failed') throw videoNotRetryable();
  const [queued] = await db
    .update(file)
    .set({ status: 'queued', error: null, errorKey: null, errorParams: null, updatedAt: new Date() })
    .where(and(ownedFile(userId, fileId), eq(file.status, 'failed'), isNotNull(file.storageKey)))
    .returning({ id: file.id, status: file.status });
  // Checked in the update itself, so that two retries at once queue one job.
  if (!queued) throw notRetryable();
  if (!options.jobs) return queued;
  try {
    await enqueueIngest(options.jobs, fileId);
  } catch (error) {
    const { error: message, errorKey, errorParams } = target;
    await db.update(file).set({ status: 'failed', error: message, errorKey, errorParams }).where(eq(file.id, fileId));
    throw error;
  }
  return queued;
}
