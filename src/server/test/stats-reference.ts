import type { LessonStats, OverallStats, UnitStats } from '../../shared/stats';
import { rightTheFirstTime } from '../../shared/lesson-rules';
import type { AttemptRow, PathShape } from './stats-paths';

/**
 * The statistics computed the straightforward way, in JavaScript over every attempt, from the definitions in
 * src/shared/stats.ts: what the property-based tests compare the SQL with. Not used by the server.
 */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);
const average = (values: number[]) => (values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : 0);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Whether the challenge's latest run (the run of its latest attempt; equal times: the greatest run id) had it right the first time. */
function rightFirstTimeInLatestRun(ofChallenge: readonly AttemptRow[]): boolean {
  const latest = [...ofChallenge].sort(
    (left, right) => right.createdAt.getTime() - left.createdAt.getTime() || (right.runId < left.runId ? -1 : right.runId > left.runId ? 1 : 0),
  )[0];
  if (!latest) return false;
  return rightTheFirstTime(ofChallenge.filter((attempt) => attempt.runId === latest.runId).map((attempt) => attempt.status));
}

function summary(attempts: readonly AttemptRow[]) {
  const answered = attempts.filter((attempt) => attempt.status !== 'skipped');
  const last = attempts.reduce<Date | null>((latest, attempt) => (!latest || attempt.createdAt > latest ? attempt.createdAt : latest), null);
  const byChallenge = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) byChallenge.set(attempt.challengeId, [...(byChallenge.get(attempt.challengeId) ?? []), attempt]);
  const challenges = [...byChallenge.values()];
  return {
    completed: challenges.filter((ofChallenge) => ofChallenge.some((attempt) => attempt.status === 'correct')).length,
    correct: challenges.filter(rightFirstTimeInLatestRun).length,
    averageTime: average(answered.map((attempt) => attempt.timeToCompleteMs)),
    studyTime: attempts.reduce((sum, attempt) => sum + attempt.timeToCompleteMs, 0),
    lastActivityAt: last ? last.toISOString() : null,
  };
}

/** Everything but individualAttempts (whose order among equal timestamps is the database's). */
export function referenceLessonStats(
  path: PathShape,
  lessonId: string,
  attempts: readonly AttemptRow[],
): Omit<LessonStats, 'individualAttempts'> {
  const lessonEntry = path.units.flatMap((entry) => entry.lessons).find((entry) => entry.id === lessonId);
  if (!lessonEntry) throw new Error('no such lesson');
  const mine = attempts.filter((attempt) => attempt.lessonId === lessonId);
  const base = summary(mine);
  const days = [...new Set(mine.map((attempt) => day(attempt.createdAt)))].sort();
  return {
    lessonTitle: lessonEntry.title,
    lastActivityAt: base.lastActivityAt,
    completionPercentage: percent(base.completed, lessonEntry.challengeIds.length),
    completedChallenges: base.completed,
    totalChallenges: lessonEntry.challengeIds.length,
    averageCompletionTime: base.averageTime,
    totalIncorrectTries: mine.filter((attempt) => attempt.status === 'incorrect').length,
    totalStudyTimeMs: base.studyTime,
    attemptsHistory: days.map((date) => {
      const ofDay = mine.filter((attempt) => day(attempt.createdAt) === date);
      return {
        date,
        averageTime: average(ofDay.filter((attempt) => attempt.status !== 'skipped').map((attempt) => attempt.timeToCompleteMs)),
        correctCount: ofDay.filter((attempt) => attempt.status === 'correct').length,
        incorrectCount: ofDay.filter((attempt) => attempt.status === 'incorrect').length,
        skippedCount: ofDay.filter((attempt) => attempt.status === 'skipped').length,
      };
    }),
  };
}

export function referenceUnitStats(
  path: PathShape,
  unitId: string,
  attempts: readonly AttemptRow[],
  completedLessonIds: ReadonlySet<string>,
): UnitStats {
  const unitEntry = path.units.find((entry) => entry.id === unitId);
  if (!unitEntry) throw new Error('no such unit');
  const mine = attempts.filter((attempt) => attempt.unitId === unitId);
  const base = summary(mine);
  const completedLessons = unitEntry.lessons.filter((entry) => completedLessonIds.has(entry.id)).length;
  return {
    unitTitle: unitEntry.title,
    lastActivityAt: base.lastActivityAt,
    completionPercentage: percent(completedLessons, unitEntry.lessons.length),
    completedLessons,
    totalLessons: unitEntry.lessons.length,
    completedChallenges: base.completed,
    correctChallenges: base.correct,
    totalChallenges: unitEntry.lessons.reduce((sum, entry) => sum + entry.challengeIds.length, 0),
    averageCompletionTime: base.averageTime,
    totalStudyTimeMs: base.studyTime,
    lessonStats: unitEntry.lessons.map((entry) => {
      const ofLesson = summary(mine.filter((attempt) => attempt.lessonId === entry.id));
      return {
        lessonId: entry.id,
        title: entry.title,
        completionPercentage: percent(ofLesson.completed, entry.challengeIds.length),
        averageTime: ofLesson.averageTime,
      };
    }),
  };
}

/** Over the units of `path` (one file's, or several files' concatenated in the server's order). */
export function referenceOverallStats(
  path: PathShape,
  attempts: readonly AttemptRow[],
  completedLessonIds: ReadonlySet<string>,
  dailyLimit: number,
): OverallStats {
  const unitIds = new Set(path.units.map((entry) => entry.id));
  const mine = attempts.filter((attempt) => unitIds.has(attempt.unitId));
  const base = summary(mine);
  const lessons = path.units.flatMap((entry) => entry.lessons);
  const days = [...new Set(mine.map((attempt) => day(attempt.createdAt)))].sort();
  return {
    totalUnits: path.units.length,
    totalLessons: lessons.length,
    completedLessons: lessons.filter((entry) => completedLessonIds.has(entry.id)).length,
    correctPercentage: percent(base.correct, base.completed),
    correctChallenges: base.correct,
    completedChallenges: base.completed,
    averageChallengeTimeMs: base.averageTime,
    totalStudyTimeMs: base.studyTime,
    activeDays: days.length,
    dailyActivity: days.slice(-dailyLimit).map((date) => {
      const ofDay = mine.filter((attempt) => day(attempt.createdAt) === date);
      return { date, challenges: ofDay.length, timeSpentMs: ofDay.reduce((sum, attempt) => sum + attempt.timeToCompleteMs, 0) };
    }),
    unitProgressList: path.units.map((entry) => ({
      unitId: entry.id,
      title: entry.title,
      completionPercentage: percent(entry.lessons.filter((item) => completedLessonIds.has(item.id)).length, entry.lessons.length),
    })),
  };
}
