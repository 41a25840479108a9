import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DAILY_ACTIVITY_DAYS_LIMIT,
  INDIVIDUAL_ATTEMPTS_LIMIT,
  type AttemptStatus,
  type LessonStats,
  type OverallStats,
  type UnitStats,
} from '../../shared/stats';
import type { Db } from '../db/client';
import { challenge, challengeAttempt, challengeReport, file, lesson, lessonProgress, unit } from '../db/schema';
import type { AppError } from '../errors';
import { studyCourseAccess, studyFileAccess, studyFileAccessOr, type SharedStudy } from '../sharing/study-access';
import { lessonStatsNotFound, unitStatsNotFound } from './errors';

/**
 * The statistics of the Exams tab (definitions in src/shared/stats.ts). Every number is an aggregate computed
 * by PostgreSQL over the caller's challenge_attempt rows (GROUP BY on the user+lesson / user+unit / user+created
 * indexes); JavaScript only divides and rounds the few sums it gets back, so a user with 100,000 attempts costs a few
 * aggregate queries, never 100,000 rows in memory. Access goes through the lesson's, unit's or file's file
 * (studyFileAccess, with the shared-course context when given); anything the caller may not study is NOT_FOUND.
 */

interface StatsArgs {
  db: Db;
  userId: string;
  /** The shared-course context: the numbers stay the caller's own, only access goes through the space. */
  shared?: SharedStudy | undefined;
}

const a = challengeAttempt;
const answered = sql`${a.status} <> 'skipped'`;
/** The attempt's UTC day as a date (cheap to group by), formatted only once per group. */
const utcDay = sql`(${a.createdAt} at time zone 'UTC')::date`;
const dayText = sql<string>`to_char(${utcDay}, 'YYYY-MM-DD')`;

const int = (expression: SQL) => sql<number>`(${expression})::int`.mapWith(Number);
/** bigint sums as numbers (a sum of 100,000 × 30 minutes still fits a double exactly). */
const sumOf = (expression: SQL, where?: SQL) =>
  sql<number>`coalesce(sum(${expression})${where ? sql` filter (where ${where})` : sql``}, 0)::bigint`.mapWith(Number);

interface Totals {
  answeredCount: number;
  answeredTimeMs: number;
  studyTimeMs: number;
  completedChallenges: number;
  correctChallenges: number;
  lastActivityAt: Date | null;
}

/**
 * The totals every scope shares, in three steps that PostgreSQL hashes instead of sorting: the attempts grouped by
 * challenge and run (was it right the first time in that run: lesson-rules `rightTheFirstTime`, one answer and a right
 * one), then by challenge (one row per challenge played, never per attempt: completed when right in any run, correct
 * when its latest run had it right the first time), then those rows summed, per lesson when asked.
 */
function perChallengeTotals(db: Db, where: SQL | undefined) {
  const perRun = db
    .select({
      lessonId: a.lessonId,
      challengeId: a.challengeId,
      runId: a.runId,
      answeredCount: sql<number>`count(*) filter (where ${answered})`.as('answered_count'),
      answeredTimeMs: sql<number>`coalesce(sum(${a.timeToCompleteMs}) filter (where ${answered}), 0)`.as('answered_time_ms'),
      studyTimeMs: sql<number>`sum(${a.timeToCompleteMs})`.as('study_time_ms'),
      right: sql<boolean>`bool_or(${a.status} = 'correct')`.as('right'),
      rightFirstTime: sql<boolean>`(count(*) = 1 and bool_and(${a.status} = 'correct'))`.as('right_first_time'),
      lastActivityAt: sql<Date>`max(${a.createdAt})`.as('last_activity_at'),
    })
    .from(a)
    .where(where)
    .groupBy(a.lessonId, a.challengeId, a.runId)
    .as('per_run');
  const perChallenge = db
    .select({
      lessonId: perRun.lessonId,
      answeredCount: sql<number>`sum(${perRun.answeredCount})`.as('answered_count'),
      answeredTimeMs: sql<number>`sum(${perRun.answeredTimeMs})`.as('answered_time_ms'),
      studyTimeMs: sql<number>`sum(${perRun.studyTimeMs})`.as('study_time_ms'),
      completed: sql<boolean>`bool_or(${perRun.right})`.as('completed'),
      // The latest run's verdict; equal times are ordered by run id in bytes, as the reference model orders them.
      correct: sql<boolean>`(array_agg(${perRun.rightFirstTime} order by ${perRun.lastActivityAt} desc, ${perRun.runId} collate "C" desc))[1]`.as(
        'correct',
      ),
      lastActivityAt: sql<Date>`max(${perRun.lastActivityAt})`.as('last_activity_at'),
    })
    .from(perRun)
    .groupBy(perRun.lessonId, perRun.challengeId)
    .as('per_challenge');
  const columns = {
    answeredCount: sumOf(sql`${perChallenge.answeredCount}`),
    answeredTimeMs: sumOf(sql`${perChallenge.answeredTimeMs}`),
    studyTimeMs: sumOf(sql`${perChallenge.studyTimeMs}`),
    completedChallenges: int(sql`count(*) filter (where ${perChallenge.completed})`),
    correctChallenges: int(sql`count(*) filter (where ${perChallenge.correct})`),
    lastActivityAt: sql<Date | null>`max(${perChallenge.lastActivityAt})`.mapWith((value: string | Date) => new Date(value)),
  };
  return { perChallenge, columns };
}

async function challengeTotals(db: Db, where: SQL | undefined): Promise<Totals> {
  const { perChallenge, columns } = perChallengeTotals(db, where);
  const [row] = await db.select(columns).from(perChallenge);
  return row ?? { answeredCount: 0, answeredTimeMs: 0, studyTimeMs: 0, completedChallenges: 0, correctChallenges: 0, lastActivityAt: null };
}

async function challengeTotalsPerLesson(db: Db, where: SQL | undefined): Promise<Array<Totals & { lessonId: string }>> {
  const { perChallenge, columns } = perChallengeTotals(db, where);
  return db
    .select({ lessonId: perChallenge.lessonId, ...columns })
    .from(perChallenge)
    .groupBy(perChallenge.lessonId);
}

const percentage = (part: number, whole: number): number => (whole > 0 ? Math.round((100 * part) / whole) : 0);
const mean = (sum: number, count: number): number => (count > 0 ? Math.round(sum / count) : 0);

/** NOT_FOUND of the file becomes `refusal` (same answer for missing and foreign). */
async function withAccess(db: Db, userId: string, fileId: string, refusal: () => AppError, shared: SharedStudy | undefined): Promise<void> {
  await studyFileAccessOr(db, userId, fileId, refusal, shared);
}

export async function getLessonStats({ db, userId, lessonId, shared }: StatsArgs & { lessonId: string }): Promise<LessonStats> {
  const [row] = await db
    .select({ title: lesson.title, fileId: unit.fileId })
    .from(lesson)
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(lesson.id, lessonId))
    .limit(1);
  if (!row) throw lessonStatsNotFound();
  await withAccess(db, userId, row.fileId, lessonStatsNotFound, shared);

  const scope = and(eq(a.userId, userId), eq(a.lessonId, lessonId));
  const [challengeCount] = await db.select({ total: int(sql`count(*)`) }).from(challenge).where(eq(challenge.lessonId, lessonId));
  const totals = await challengeTotals(db, scope);
  const history = await db
    .select({
      date: dayText,
      answeredCount: int(sql`count(*) filter (where ${answered})`),
      answeredTimeMs: sumOf(sql`${a.timeToCompleteMs}`, answered),
      correctCount: int(sql`count(*) filter (where ${a.status} = 'correct')`),
      incorrectCount: int(sql`count(*) filter (where ${a.status} = 'incorrect')`),
      skippedCount: int(sql`count(*) filter (where ${a.status} = 'skipped')`),
    })
    .from(a)
    .where(scope)
    .groupBy(utcDay)
    .orderBy(asc(utcDay));
  const attempts = await db
    .select({
      challengeId: a.challengeId,
      question: challenge.question,
      status: a.status,
      timeToComplete: a.timeToCompleteMs,
      createdAt: a.createdAt,
      reported: sql<boolean>`${challengeReport.challengeId} is not null`,
    })
    .from(a)
    .innerJoin(challenge, eq(challenge.id, a.challengeId))
    .leftJoin(challengeReport, and(eq(challengeReport.userId, a.userId), eq(challengeReport.challengeId, a.challengeId)))
    .where(scope)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(INDIVIDUAL_ATTEMPTS_LIMIT);

  const totalChallenges = challengeCount?.total ?? 0;
  const completedChallenges = totals.completedChallenges ?? 0;
  return {
    lessonTitle: row.title,
    lastActivityAt: totals.lastActivityAt?.toISOString() ?? null,
    completionPercentage: percentage(completedChallenges, totalChallenges),
    completedChallenges,
    totalChallenges,
    averageCompletionTime: mean(totals.answeredTimeMs ?? 0, totals.answeredCount ?? 0),
    totalIncorrectTries: history.reduce((sum, day) => sum + day.incorrectCount, 0),
    totalStudyTimeMs: totals.studyTimeMs ?? 0,
    attemptsHistory: history.map((day) => ({
      date: day.date,
      averageTime: mean(day.answeredTimeMs, day.answeredCount),
      correctCount: day.correctCount,
      incorrectCount: day.incorrectCount,
      skippedCount: day.skippedCount,
    })),
    individualAttempts: attempts.map((attempt) => ({
      challengeId: attempt.challengeId,
      question: attempt.question,
      status: attempt.status satisfies AttemptStatus,
      timeToComplete: attempt.timeToComplete,
      createdAt: new Date(attempt.createdAt).toISOString(),
      reported: Boolean(attempt.reported),
    })),
  };
}

export async function getUnitStats({ db, userId, unitId, shared }: StatsArgs & { unitId: string }): Promise<UnitStats> {
  const [row] = await db.select({ title: unit.title, fileId: unit.fileId }).from(unit).where(eq(unit.id, unitId)).limit(1);
  if (!row) throw unitStatsNotFound();
  await withAccess(db, userId, row.fileId, unitStatsNotFound, shared);

  const lessons = await db
    .select({ id: lesson.id, title: lesson.title, challenges: int(sql`count(${challenge.id})`) })
    .from(lesson)
    .leftJoin(challenge, eq(challenge.lessonId, lesson.id))
    .where(eq(lesson.unitId, unitId))
    .groupBy(lesson.id, lesson.title, lesson.position)
    .orderBy(asc(lesson.position), asc(lesson.id));
  const perLesson = await challengeTotalsPerLesson(db, and(eq(a.userId, userId), eq(a.unitId, unitId)));
  const [progress] = await db
    .select({ completed: int(sql`count(*)`) })
    .from(lessonProgress)
    .innerJoin(lesson, eq(lesson.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.userId, userId), eq(lesson.unitId, unitId), isNotNull(lessonProgress.completedAt)));

  const byLesson = new Map(perLesson.map((entry) => [entry.lessonId, entry]));
  let completedChallenges = 0;
  let correctChallenges = 0;
  let answeredCount = 0;
  let answeredTimeMs = 0;
  let studyTimeMs = 0;
  let lastActivity: Date | null = null;
  for (const entry of perLesson) {
    // A challenge belongs to one lesson, so distinct counts per lesson add up to the unit's.
    completedChallenges += entry.completedChallenges;
    correctChallenges += entry.correctChallenges;
    answeredCount += entry.answeredCount;
    answeredTimeMs += entry.answeredTimeMs;
    studyTimeMs += entry.studyTimeMs;
    if (entry.lastActivityAt && (!lastActivity || entry.lastActivityAt > lastActivity)) lastActivity = entry.lastActivityAt;
  }
  const totalLessons = lessons.length;
  const completedLessons = progress?.completed ?? 0;
  return {
    unitTitle: row.title,
    lastActivityAt: lastActivity?.toISOString() ?? null,
    completionPercentage: percentage(completedLessons, totalLessons),
    completedLessons,
    totalLessons,
    completedChallenges,
    correctChallenges,
    totalChallenges: lessons.reduce((sum, entry) => sum + entry.challenges, 0),
    averageCompletionTime: mean(answeredTimeMs, answeredCount),
    totalStudyTimeMs: studyTimeMs,
    lessonStats: lessons.map((entry) => {
      const stats = byLesson.get(entry.id);
      return {
        lessonId: entry.id,
        title: entry.title,
        completionPercentage: percentage(stats?.completedChallenges ?? 0, entry.challenges),
        averageTime: mean(stats?.answeredTimeMs ?? 0, stats?.answeredCount ?? 0),
      };
    }),
  };
}

export async function getOverallStats({ db, userId, fileId, shared }: StatsArgs & { fileId?: string | undefined }): Promise<OverallStats> {
  if (fileId) await studyFileAccess(db, userId, fileId, shared);
  // Without a file: every file the caller may study — without a shared context every file they own, with one the
  // visible files of the shared course.
  const fileScope = fileId ? eq(file.id, fileId) : shared ? await sharedCourseFiles(db, userId, shared) : eq(file.ownerId, userId);

  const units = await db
    .select({
      id: unit.id,
      title: unit.title,
      lessons: int(sql`(select count(*) from ${lesson} where ${lesson.unitId} = ${unit.id})`),
    })
    .from(unit)
    .innerJoin(file, eq(file.id, unit.fileId))
    .where(fileScope)
    .orderBy(asc(file.createdAt), asc(file.id), asc(unit.position), asc(unit.id));
  const unitIds = units.map((entry) => entry.id);
  if (unitIds.length === 0) return emptyOverall();

  const inScope = and(eq(a.userId, userId), inArray(a.unitId, unitIds));
  // Three independent aggregates: on PostgreSQL they run side by side on the pool's connections.
  const [completedByUnit, totals, days] = await Promise.all([
    db
      .select({ unitId: lesson.unitId, completed: int(sql`count(*)`) })
      .from(lessonProgress)
      .innerJoin(lesson, eq(lesson.id, lessonProgress.lessonId))
      .where(and(eq(lessonProgress.userId, userId), inArray(lesson.unitId, unitIds), isNotNull(lessonProgress.completedAt)))
      .groupBy(lesson.unitId),
    challengeTotals(db, inScope),
    db
      .select({
        date: dayText,
        challenges: int(sql`count(*)`),
        timeSpentMs: sumOf(sql`${a.timeToCompleteMs}`),
        // Every day with activity, counted over the groups before the limit.
        activeDays: int(sql`count(*) over ()`),
      })
      .from(a)
      .where(inScope)
      .groupBy(utcDay)
      .orderBy(desc(utcDay))
      .limit(DAILY_ACTIVITY_DAYS_LIMIT),
  ]);

  const completed = new Map(completedByUnit.map((entry) => [entry.unitId, entry.completed]));
  const completedChallenges = totals.completedChallenges ?? 0;
  const correctChallenges = totals.correctChallenges ?? 0;
  return {
    totalUnits: units.length,
    totalLessons: units.reduce((sum, entry) => sum + entry.lessons, 0),
    completedLessons: completedByUnit.reduce((sum, entry) => sum + entry.completed, 0),
    correctPercentage: percentage(correctChallenges, completedChallenges),
    correctChallenges,
    completedChallenges,
    averageChallengeTimeMs: mean(totals.answeredTimeMs ?? 0, totals.answeredCount ?? 0),
    totalStudyTimeMs: totals.studyTimeMs ?? 0,
    activeDays: days[0]?.activeDays ?? 0,
    dailyActivity: days.reverse().map(({ date, challenges, timeSpentMs }) => ({ date, challenges, timeSpentMs })),
    unitProgressList: units.map((entry) => ({
      unitId: entry.id,
      title: entry.title,
      completionPercentage: percentage(completed.get(entry.id) ?? 0, entry.lessons),
    })),
  };
}

/** The files of a shared course the caller may study (studyCourseAccess: NOT_FOUND when they may not study it). */
async function sharedCourseFiles(db: Db, userId: string, shared: SharedStudy): Promise<SQL | undefined> {
  const course = await studyCourseAccess(db, userId, null, shared);
  const inCourse = eq(file.directoryId, course.directoryId);
  return course.hiddenFileIds.length === 0 ? inCourse : and(inCourse, notInArray(file.id, course.hiddenFileIds));
}

function emptyOverall(): OverallStats {
  return {
    totalUnits: 0,
    totalLessons: 0,
    completedLessons: 0,
    correctPercentage: 0,
    correctChallenges: 0,
    completedChallenges: 0,
    averageChallengeTimeMs: 0,
    totalStudyTimeMs: 0,
    activeDays: 0,
    dailyActivity: [],
    unitProgressList: [],
  };
}
