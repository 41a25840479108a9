import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { LearnPath, LessonState, PathUnit } from '../../shared/learn';
import { unlockedLessons } from '../../shared/lesson-rules';
import { PLANS } from '../../shared/plans';
import type { Db } from '../db/client';
import { challenge, lesson, lessonProgress, unit, user } from '../db/schema';
import { studyFileAccess, type SharedStudy } from '../sharing/study-access';

/**
 * The learn path of a file for a user (spec §6): units and lessons in order, each lesson completed
 * (finished once), current (open and not completed: the first such one, or with the plan's skipUnits every one) or
 * locked. The same computation decides whether a lesson may be played or answered.
 */
export async function canSkipUnits(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, userId)).limit(1);
  return PLANS[row?.plan ?? 'free'].skipUnits;
}

interface PathRows {
  units: Array<typeof unit.$inferSelect>;
  lessons: Array<{ id: string; unitId: string; title: string; position: number }>;
  progress: Map<string, { completed: boolean; stars: number }>;
}

async function pathRows(db: Db, userId: string, fileId: string): Promise<PathRows> {
  const units = await db.select().from(unit).where(eq(unit.fileId, fileId)).orderBy(asc(unit.position));
  const unitIds = units.map((row) => row.id);
  if (unitIds.length === 0) return { units, lessons: [], progress: new Map() };
  const unitOrder = new Map(unitIds.map((id, index) => [id, index]));
  const lessons = (
    await db
      .select({ id: lesson.id, unitId: lesson.unitId, title: lesson.title, position: lesson.position })
      .from(lesson)
      .where(inArray(lesson.unitId, unitIds))
  ).sort((a, b) => (unitOrder.get(a.unitId) ?? 0) - (unitOrder.get(b.unitId) ?? 0) || a.position - b.position);
  const progressRows = await db
    .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt, stars: lessonProgress.bestStars })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.unitId, unitIds)));
  const progress = new Map(progressRows.map((row) => [row.lessonId, { completed: row.completedAt !== null, stars: row.stars }]));
  return { units, lessons, progress };
}

function statesOf(rows: PathRows, canSkip: boolean): Map<string, LessonState> {
  const positions = rows.lessons.map((row, index) => ({ index, completed: rows.progress.get(row.id)?.completed ?? false }));
  const open = unlockedLessons(positions, canSkip);
  return new Map(
    rows.lessons.map((row, index) => {
      const state: LessonState = positions[index]?.completed ? 'completed' : open.has(index) ? 'current' : 'locked';
      return [row.id, state];
    }),
  );
}

/** The state of one lesson of `fileId` for the user: whether it may be played (anything but 'locked'). */
export async function lessonState(db: Db, userId: string, fileId: string, lessonId: string): Promise<LessonState> {
  const rows = await pathRows(db, userId, fileId);
  return statesOf(rows, await canSkipUnits(db, userId)).get(lessonId) ?? 'locked';
}

export async function getPath(options: { db: Db; userId: string; fileId: string; shared?: SharedStudy | undefined }): Promise<LearnPath> {
  const { db, userId } = options;
  const access = await studyFileAccess(db, userId, options.fileId, options.shared);
  const rows = await pathRows(db, userId, access.fileId);
  const canSkip = await canSkipUnits(db, userId);
  const states = statesOf(rows, canSkip);
  const lessonIds = rows.lessons.map((row) => row.id);
  const counts =
    lessonIds.length === 0
      ? []
      : await db
          .select({ lessonId: challenge.lessonId, total: count() })
          .from(challenge)
          .where(inArray(challenge.lessonId, lessonIds))
          .groupBy(challenge.lessonId);
  const challengeCounts = new Map(counts.map((row) => [row.lessonId, row.total]));
  const units: PathUnit[] = rows.units.map((row) => {
    const lessons = rows.lessons
      .filter((item) => item.unitId === row.id)
      .map((item) => ({
        id: item.id,
        title: item.title,
        position: item.position,
        state: states.get(item.id) ?? 'locked',
        stars: rows.progress.get(item.id)?.stars ?? 0,
        challengeCount: challengeCounts.get(item.id) ?? 0,
      }));
    const completed = lessons.filter((item) => item.state === 'completed').length;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      page: row.page,
      position: row.position,
      completionPercentage: lessons.length === 0 ? 0 : Math.round((completed / lessons.length) * 100),
      lessons,
    };
  });
  return { fileId: access.fileId, units, canSkip };
}
