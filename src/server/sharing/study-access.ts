import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directory, file, spaceFile } from '../db/schema';
import { courseNotFound, fileNotFound } from '../courses/errors';
import { AppError } from '../errors';
import { sharedFlagsInput, sharedLinkInput } from '../../shared/shared-context';
import { can, findSpace, spaceActor, type SpaceAction, type SpaceActor, type SpaceRow } from './permissions';

/**
 * Who may study what: the study tabs' access check, for a student's own files and for shared courses. Without a
 * shared context: the owner of the file or course. With one (the space's link `uuid`, or its id for the statistics' `sharedSpaceId`):
 * whoever the permission model (src/server/sharing/permissions.ts) lets study the space, on the visible files of the
 * space's course (its owner on all of them). Anything else is NOT_FOUND with the spec's message, so a stranger cannot
 * tell a file that exists from one that does not, nor a space from a guessed uuid.
 */
export type StudyRole = 'owner' | 'member';

/** The shared context a study procedure was called with: the space's link id (`uuid`) or its id (`sharedSpaceId`). */
export type SharedStudy = { uuid: string } | { spaceId: string };

/**
 * The shared context a request carries, in either of the spec's forms: the link id `uuid` (with `id`, the file), or the
 * flags `isShared` and `sharedSpaceId`; none (undefined) when it carries neither, an empty one, or one not well formed
 * (the procedure's or route's own input check then refuses the request with its message).
 */
export function sharedStudyOf(input: unknown): SharedStudy | undefined {
  const link = sharedLinkInput.safeParse(input);
  if (link.success && link.data.uuid) return { uuid: link.data.uuid };
  const flags = sharedFlagsInput.safeParse(input);
  return flags.success && flags.data.isShared && flags.data.sharedSpaceId ? { spaceId: flags.data.sharedSpaceId } : undefined;
}

export interface StudyFileAccess {
  fileId: string;
  fileName: string;
  directoryId: string;
  /** The file's owner (the course owner); a member studies it with their own progress. */
  ownerId: string;
  role: StudyRole;
  /** The course's language ('en', 'de'). */
  language: string;
  /** What the caller is to the space, when called with a shared context. */
  actor: SpaceActor | null;
}

const fileColumns = { fileId: file.id, fileName: file.name, directoryId: file.directoryId, ownerId: file.ownerId, language: directory.language };

/** Whether a file is visible in a space (a file without a space_file row is). */
async function visibleInSpace(db: Db, spaceId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ isVisible: spaceFile.isVisible })
    .from(spaceFile)
    .where(and(eq(spaceFile.spaceId, spaceId), eq(spaceFile.fileId, fileId)))
    .limit(1);
  return row?.isVisible ?? true;
}

/** The space of a shared context and what the caller is to it, when they may study it; else null. */
async function studyingActor(db: Db, userId: string, shared: SharedStudy): Promise<SpaceActor | null> {
  // `sharedSpaceId` may be the space's id or its link uuid (what the client's URL carries); both are random UUIDs.
  const row: SpaceRow | null =
    'uuid' in shared
      ? await findSpace(db, { uuid: shared.uuid })
      : ((await findSpace(db, { spaceId: shared.spaceId })) ?? (await findSpace(db, { uuid: shared.spaceId })));
  if (!row) return null;
  const actor = await spaceActor(db, userId, row);
  return can(actor, 'study') ? actor : null;
}

export async function studyFileAccess(
  db: Db,
  userId: string,
  fileId: string,
  shared?: SharedStudy | undefined,
): Promise<StudyFileAccess> {
  if (!shared) {
    const [row] = await db
      .select(fileColumns)
      .from(file)
      .innerJoin(directory, eq(directory.id, file.directoryId))
      .where(and(eq(file.id, fileId), eq(file.ownerId, userId)))
      .limit(1);
    if (!row) throw fileNotFound();
    return { ...row, role: 'owner', actor: null };
  }
  const actor = await studyingActor(db, userId, shared);
  if (!actor) throw fileNotFound();
  const [row] = await db
    .select(fileColumns)
    .from(file)
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(and(eq(file.id, fileId), eq(file.directoryId, actor.space.directoryId)))
    .limit(1);
  if (!row) throw fileNotFound();
  const owner = actor.kind === 'owner';
  if (!owner && !(await visibleInSpace(db, actor.space.id, row.fileId))) throw fileNotFound();
  return { ...row, role: owner ? 'owner' : 'member', actor };
}

/**
 * As studyFileAccess, for something that belongs to a file (a deck, a lesson, a unit): a file the caller may not study
 * is refused with `notFound`, that thing's own NOT_FOUND, exactly like an unknown id of it.
 */
export async function studyFileAccessOr(
  db: Db,
  userId: string,
  fileId: string,
  notFound: () => AppError,
  shared?: SharedStudy | undefined,
): Promise<StudyFileAccess> {
  try {
    return await studyFileAccess(db, userId, fileId, shared);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/**
 * The user a file is read as: the caller, for their own files (the reading itself checks they own it); through a
 * shared course the course owner, once studyFileAccess lets the caller study the file there.
 */
export async function fileReaderOf(db: Db, userId: string, fileId: string, shared: SharedStudy | undefined): Promise<string> {
  return shared ? (await studyFileAccess(db, userId, fileId, shared)).ownerId : userId;
}

/**
 * An action beyond studying on a file of a shared course (`editFiles`: renaming; `manage`: regenerating): refused
 * like studyFileAccess (NOT_FOUND) to whoever may not study the file, and with `forbidden` to a member who may study it
 * but not do this. Without a shared context the owner alone may, as before.
 */
export async function studyFileAction(
  db: Db,
  userId: string,
  fileId: string,
  shared: SharedStudy | undefined,
  action: SpaceAction,
  forbidden: () => AppError,
): Promise<StudyFileAccess> {
  const access = await studyFileAccess(db, userId, fileId, shared);
  if (access.actor && !can(access.actor, action)) throw forbidden();
  return access;
}

/** A member may study or edit the course's files, but this is for its owner (regenerating what every member studies). */
export const studyOwnerOnly = () =>
  new AppError({ code: 'FORBIDDEN', userMessage: 'Only the course owner can do this.', messageKey: 'sharedOwnerOnly' });

/** A viewer tried to upload or rename. */
export const studyEditFilesForbidden = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'You have read-only access to this course. Only editors can upload or rename files.',
    messageKey: 'sharedReadOnly',
  });

export interface StudyCourseAccess {
  directoryId: string;
  name: string;
  ownerId: string;
  role: StudyRole;
  language: string;
  /** Files of the course the caller may not study (hidden in the space, for a member); empty for the owner. */
  hiddenFileIds: string[];
  actor: SpaceActor | null;
}

const courseColumns = { directoryId: directory.id, name: directory.name, ownerId: directory.ownerId, language: directory.language };

async function hiddenFilesOf(db: Db, spaceId: string): Promise<string[]> {
  const rows = await db
    .select({ fileId: spaceFile.fileId })
    .from(spaceFile)
    .where(and(eq(spaceFile.spaceId, spaceId), eq(spaceFile.isVisible, false)));
  return rows.map((row) => row.fileId);
}

/**
 * The course-wide study check (the course's chat; overall statistics of a shared course): the owner's own course, or
 * with a shared context the space's course for whoever may study it, `directoryId` null meaning "the space's course".
 */
export async function studyCourseAccess(
  db: Db,
  userId: string,
  directoryId: string | null,
  shared?: SharedStudy | undefined,
): Promise<StudyCourseAccess> {
  if (!shared) {
    if (directoryId === null) throw courseNotFound();
    const [row] = await db
      .select(courseColumns)
      .from(directory)
      .where(and(eq(directory.id, directoryId), eq(directory.ownerId, userId)))
      .limit(1);
    if (!row) throw courseNotFound();
    return { ...row, role: 'owner', hiddenFileIds: [], actor: null };
  }
  const actor = await studyingActor(db, userId, shared);
  if (!actor || (directoryId !== null && directoryId !== actor.space.directoryId)) throw courseNotFound();
  const [row] = await db.select(courseColumns).from(directory).where(eq(directory.id, actor.space.directoryId)).limit(1);
  if (!row) throw courseNotFound();
  const owner = actor.kind === 'owner';
  return { ...row, role: owner ? 'owner' : 'member', hiddenFileIds: owner ? [] : await hiddenFilesOf(db, actor.space.id), actor };
}

/**
 * Uploading into a shared course (POST /api/files?uuid=): the course and its owner, under whose id the files are stored
 * and counted (the course stays whole, and its owner's plan bears its uploads), when the caller may edit the course's
 * files. NOT_FOUND (the course's) to whoever may not study it, FORBIDDEN to a member who may only study.
 */
export async function sharedUploadTarget(db: Db, userId: string, shared: SharedStudy): Promise<{ ownerId: string; directoryId: string }> {
  const actor = await studyingActor(db, userId, shared);
  if (!actor) throw courseNotFound();
  if (!can(actor, 'editFiles')) throw studyEditFilesForbidden();
  return { ownerId: actor.space.ownerId, directoryId: actor.space.directoryId };
}
