import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { TOO_LITTLE_TEXT_ERROR_KEYS } from '../../shared/artefacts';
import { directory, file, studyArtefact, user } from '../db/schema';
import type { Logger } from '../logger';
import { deleteBlobs, type BlobStorage } from '../storage/blob-storage';
import { courseColumns, fileSummaryColumns } from './columns';
import { courseAlreadyDeleted, courseNotFound } from './errors';

export async function findOwnedCourse(db: Db, userId: string, courseId: string) {
  const [row] = await db
    .select(courseColumns)
    .from(directory)
    .where(and(eq(directory.id, courseId), eq(directory.ownerId, userId)))
    .limit(1);
  if (!row) throw courseNotFound();
  return row;
}

type FileSummary = Pick<typeof file.$inferSelect, keyof typeof fileSummaryColumns>;
/** A file summary as PostgreSQL's JSON gives it: the timestamp as an ISO 8601 string. */
type FileSummaryJson = Omit<FileSummary, 'createdAt'> & { createdAt: string; tooLittleText: boolean; isVideo: boolean };

/**
 * Whether a study artefact of the file failed for too little running text (shared/artefacts.ts): the dashboard marks
 * the file, so the student learns it before opening a tab.
 */
const tooLittleText = sql<boolean>`exists (select 1 from ${studyArtefact} where ${studyArtefact.fileId} = ${file.id} and ${studyArtefact.status} = 'failed' and ${inArray(studyArtefact.errorKey, [...TOO_LITTLE_TEXT_ERROR_KEYS])})`;

/** A video link (its transcript stored as a text file's pages): shown as a video, not as a text file. */
const isVideo = sql<boolean>`(${file.videoId} is not null)`;

/** `'id', "file"."id", 'name', "file"."name", …`: json_build_object's arguments for fileSummaryColumns and the mark. */
const fileSummaryJson = sql.join(
  // The keys are our own property names (camelCase identifiers), written as SQL string literals.
  Object.entries({ ...fileSummaryColumns, tooLittleText, isVideo }).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
);

/**
 * The sidebar's list: the user's courses, newest first, each with its files in upload order. One query, with each
 * course's files aggregated as JSON: on the embedded database a second query and its rows cost more than the
 * procedure's own work (bench/api.ts, docs/performance.md).
 */
export async function listCourses(options: { db: Db; userId: string }) {
  const { db, userId } = options;
  const courses = await db
    .select({
      ...courseColumns,
      files: sql<FileSummaryJson[]>`coalesce(
        json_agg(json_build_object(${fileSummaryJson}) order by ${file.createdAt}, ${file.id})
          filter (where ${file.id} is not null),
        '[]'
      )`,
    })
    .from(directory)
    .leftJoin(file, and(eq(file.directoryId, directory.id), eq(file.ownerId, userId)))
    .where(eq(directory.ownerId, userId))
    .groupBy(directory.id)
    .orderBy(desc(directory.createdAt), desc(directory.id));
  return courses.map((course) => ({
    ...course,
    files: course.files.map((row): FileSummary & { tooLittleText: boolean; isVideo: boolean } => ({ ...row, createdAt: new Date(row.createdAt) })),
  }));
}

export async function createCourse(options: {
  db: Db;
  userId: string;
  name: string;
  model: string;
  language: 'en' | 'de';
}) {
  const [row] = await options.db
    .insert(directory)
    .values({ ownerId: options.userId, name: options.name, model: options.model, language: options.language })
    .returning({ id: directory.id, name: directory.name });
  if (!row) throw new Error('inserting a course returned no row');
  return row;
}

/** An identical name changes nothing (spec §5: the dialog just closes). */
export async function renameCourse(options: { db: Db; userId: string; courseId: string; newName: string }) {
  const { db, userId, courseId, newName } = options;
  const course = await findOwnedCourse(db, userId, courseId);
  if (course.name === newName) return { id: course.id, name: course.name };
  await db.update(directory).set({ name: newName, updatedAt: new Date() }).where(eq(directory.id, course.id));
  return { id: course.id, name: newName };
}

/**
 * Deletes a course with its files and their pages (cascade), then the files' stored bytes once that is committed. If
 * the user had the course, or one of its files, active, both active ids are cleared, since the client then goes back
 * to the dashboard (spec §4).
 */
export async function deleteCourse(options: {
  db: Db;
  storage: BlobStorage;
  log: Logger;
  userId: string;
  courseId: string;
}) {
  const { db, userId, courseId } = options;
  const { deleted, storageKeys } = await db.transaction(async (tx) => {
    // Read before the cascade removes the rows that name them.
    const stored = await tx
      .select({ storageKey: file.storageKey })
      .from(file)
      .where(and(eq(file.directoryId, courseId), eq(file.ownerId, userId)));
    const courseFileIds = tx.select({ id: file.id }).from(file).where(eq(file.directoryId, courseId));
    await tx
      .update(user)
      .set({ activeFileId: null, activeDirectoryId: null })
      .where(
        and(eq(user.id, userId), or(eq(user.activeDirectoryId, courseId), inArray(user.activeFileId, courseFileIds))),
      );
    const [deleted] = await tx
      .delete(directory)
      .where(and(eq(directory.id, courseId), eq(directory.ownerId, userId)))
      .returning({ id: directory.id });
    // Throwing rolls the cleared active ids back too.
    if (!deleted) throw courseAlreadyDeleted();
    return { deleted, storageKeys: stored.map((row) => row.storageKey) };
  });
  await deleteBlobs(options.storage, storageKeys, options.log);
  return deleted;
}

/** The files of one of the user's courses, in upload order. */
export async function listCourseFiles(options: { db: Db; userId: string; courseId: string }) {
  const course = await findOwnedCourse(options.db, options.userId, options.courseId);
  return options.db
    .select(fileSummaryColumns)
    .from(file)
    .where(eq(file.directoryId, course.id))
    .orderBy(asc(file.createdAt), asc(file.id));
}

/** The active course id, or null when there is none or it no longer exists. */
export async function getActiveCourseId(options: { db: Db; userId: string }) {
  const [row] = await options.db
    .select({ id: directory.id })
    .from(user)
    .innerJoin(directory, and(eq(directory.id, user.activeDirectoryId), eq(directory.ownerId, user.id)))
    .where(eq(user.id, options.userId))
    .limit(1);
  return row?.id ?? null;
}

/** The course the active file belongs to, or null without an active file. */
export async function getCourseOfActiveFile(options: { db: Db; userId: string }) {
  const [row] = await options.db
    .select(courseColumns)
    .from(user)
    .innerJoin(file, and(eq(file.id, user.activeFileId), eq(file.ownerId, user.id)))
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(eq(user.id, options.userId))
    .limit(1);
  return row ?? null;
}
