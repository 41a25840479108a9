import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { challenge, challengeOption, lesson, unit } from '../db/schema';
import { studyFileAccessOr, type SharedStudy, type StudyFileAccess } from '../sharing/study-access';
import { challengeNotFound, lessonNotFound } from './errors';

/**
 * Who may use a lesson or a challenge: whoever may study its file (studyFileAccess, the one place that rule lives, with
 * the shared-course context when given).
 * One of a file the caller may not study is refused exactly like an unknown id.
 */
export interface LessonRow {
  id: string;
  title: string;
  unitId: string;
  unitTitle: string;
  fileId: string;
}

export type ChallengeRow = typeof challenge.$inferSelect;

const lessonColumns = { id: lesson.id, title: lesson.title, unitId: unit.id, unitTitle: unit.title, fileId: unit.fileId };

export async function lessonAccess(
  db: Db,
  userId: string,
  lessonId: string,
  shared?: SharedStudy | undefined,
): Promise<{ lesson: LessonRow; access: StudyFileAccess }> {
  const [row] = await db.select(lessonColumns).from(lesson).innerJoin(unit, eq(unit.id, lesson.unitId)).where(eq(lesson.id, lessonId)).limit(1);
  if (!row) throw lessonNotFound();
  return { lesson: row, access: await studyFileAccessOr(db, userId, row.fileId, lessonNotFound, shared) };
}

export async function challengeAccess(
  db: Db,
  userId: string,
  challengeId: string,
  shared?: SharedStudy | undefined,
): Promise<{ challenge: ChallengeRow; lesson: LessonRow; access: StudyFileAccess }> {
  const [row] = await db
    .select({ challenge, lesson: lessonColumns })
    .from(challenge)
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(challenge.id, challengeId))
    .limit(1);
  if (!row) throw challengeNotFound();
  return { ...row, access: await studyFileAccessOr(db, userId, row.lesson.fileId, challengeNotFound, shared) };
}

/** The options (with their correct flags) of the given challenges, in their order: what judging and answer keys read. */
export async function optionsOfChallenges(db: Db, challengeIds: readonly string[]) {
  if (challengeIds.length === 0) return [];
  return db
    .select({ challengeId: challengeOption.challengeId, id: challengeOption.id, text: challengeOption.text, correct: challengeOption.correct })
    .from(challengeOption)
    .where(inArray(challengeOption.challengeId, [...challengeIds]))
    .orderBy(asc(challengeOption.position));
}
