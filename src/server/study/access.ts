import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directory, file } from '../db/schema';
import { courseNotFound, fileNotFound } from '../courses/errors';
import { AppError } from '../errors';

/**
 * Who may study what (the study tabs' access check, issue 5). Today the owner of a file or course; shared courses
 * (issue 8) add members through the `uuid`/`id` context here, in this one place. Anything else is NOT_FOUND with the
 * spec's message, so a stranger cannot tell a file that exists from one that does not.
 */
export type StudyRole = 'owner';

export interface StudyFileAccess {
  fileId: string;
  fileName: string;
  directoryId: string;
  ownerId: string;
  role: StudyRole;
  /** The course's language ('en', 'de'). */
  language: string;
}

export async function studyFileAccess(db: Db, userId: string, fileId: string): Promise<StudyFileAccess> {
  const [row] = await db
    .select({ fileId: file.id, fileName: file.name, directoryId: file.directoryId, ownerId: file.ownerId, language: directory.language })
    .from(file)
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(and(eq(file.id, fileId), eq(file.ownerId, userId)))
    .limit(1);
  if (!row) throw fileNotFound();
  return { ...row, role: 'owner' };
}

/**
 * As studyFileAccess, for something that belongs to a file (a deck, a lesson, a unit): a file the caller may not study
 * is refused with `notFound`, that thing's own NOT_FOUND, exactly like an unknown id of it.
 */
export async function studyFileAccessOr(db: Db, userId: string, fileId: string, notFound: () => AppError): Promise<StudyFileAccess> {
  try {
    return await studyFileAccess(db, userId, fileId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

export interface StudyCourseAccess {
  directoryId: string;
  name: string;
  ownerId: string;
  role: StudyRole;
  language: string;
}

export async function studyCourseAccess(db: Db, userId: string, directoryId: string): Promise<StudyCourseAccess> {
  const [row] = await db
    .select({ directoryId: directory.id, name: directory.name, ownerId: directory.ownerId, language: directory.language })
    .from(directory)
    .where(and(eq(directory.id, directoryId), eq(directory.ownerId, userId)))
    .limit(1);
  if (!row) throw courseNotFound();
  return { ...row, role: 'owner' };
}
