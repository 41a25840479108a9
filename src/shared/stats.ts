import { z } from 'zod';
import { idSchema } from './schemas';
import { studyContextFields } from './shared-context';

/**
 * The statistics contract (spec §3 "Lesson stats", "Unit stats", "Overall stats"; spec §7 server actions
 * stats.getLessonStats, stats.getUnitStats, stats.getOverallStats). Field names are the spec's, exactly.
 *
 * Definitions, the same in all three procedures (computed in SQL by src/server/stats/**, over the CALLER's own
 * challenge_attempt rows only, practice runs included):
 * - An attempt is "answered" when its status is correct or incorrect (not skipped).
 * - A challenge is "completed" when the user has answered it right at least once, in any run (a lesson is complete
 *   once every challenge has been answered right — src/shared/lesson-rules.ts — so a completed lesson is at 100 %).
 * - A challenge is "correct" — right the first time — when the latest run that asked it had it right the first time
 *   (lesson-rules `rightTheFirstTime`: that run's only answer to it is a right one), as the finish screen of that run
 *   counted it. A skip is a first answer that is not right; an answer given when the challenge is asked again makes
 *   it completed, never correct. The latest run is the run of the challenge's latest attempt (equal times: the
 *   greatest run id). correct ⊆ completed. So after a lesson the overall and unit figures say what its finish screen
 *   said, and after a replay they say what the student knows now, not an average over every try.
 *   Counts of challenges are DISTINCT challenges, never attempts; only challenges that still exist in the
 *   lesson/unit/file count.
 * - A lesson is "completed" when lesson_progress.completedAt is set (the user finished it at least once).
 * - Percentages are integers 0–100, Math.round(100 * part / whole), and 0 when the whole is 0.
 * - Times are milliseconds (integers). Averages (averageCompletionTime, averageTime, averageChallengeTimeMs) are the
 *   rounded mean of timeToCompleteMs over ANSWERED attempts (skips are not completions), 0 when there are none.
 *   Study time (totalStudyTimeMs, timeSpentMs) is the sum over ALL attempts, skips included.
 * - Days (`date`) are UTC calendar days 'YYYY-MM-DD'. Timestamps (lastActivityAt, createdAt) are ISO 8601 strings;
 *   lastActivityAt is null when the user has no attempt in scope.
 * - Empty results: the procedures always answer a zeroed object (never null) once access is granted; "no activity" is
 *   `lastActivityAt === null` (lesson, unit) or `activeDays === 0` (overall) — the client then shows the spec's empty
 *   states ('No statistics found for this lesson.', 'No statistics found for this unit.', 'No learning statistics
 *   yet'). Missing or foreign lesson/unit/file → NOT_FOUND.
 */


export const lessonStatsInput = z.object({ lessonId: idSchema, ...studyContextFields });
export const unitStatsInput = z.object({ unitId: idSchema, ...studyContextFields });
/** Without fileId: over every file the caller can study (all their files). */
export const overallStatsInput = z.object({ fileId: idSchema.optional(), ...studyContextFields });

export type AttemptStatus = 'correct' | 'incorrect' | 'skipped';

/** Most individual attempts a lesson's stats list (newest first). */
export const INDIVIDUAL_ATTEMPTS_LIMIT = 200;
/** Most days of dailyActivity (the latest days WITH activity, ascending). */
export const DAILY_ACTIVITY_DAYS_LIMIT = 60;

export interface AttemptsHistoryDay {
  /** UTC day 'YYYY-MM-DD'; only days with at least one attempt; ascending. */
  date: string;
  /** Mean time of the day's answered attempts, ms (0 if the day had only skips). */
  averageTime: number;
  correctCount: number;
  incorrectCount: number;
  skippedCount: number;
}

export interface IndividualAttempt {
  challengeId: string;
  question: string;
  status: AttemptStatus;
  /** ms */
  timeToComplete: number;
  /** ISO 8601 */
  createdAt: string;
  /** The caller has the challenge reported now. */
  reported: boolean;
}

export interface LessonStats {
  lessonTitle: string;
  lastActivityAt: string | null;
  /** completedChallenges / totalChallenges, 0–100. */
  completionPercentage: number;
  completedChallenges: number;
  totalChallenges: number;
  /** ms, mean over answered attempts. */
  averageCompletionTime: number;
  /** Number of incorrect attempts (not distinct challenges). */
  totalIncorrectTries: number;
  totalStudyTimeMs: number;
  attemptsHistory: AttemptsHistoryDay[];
  /** Newest first, at most INDIVIDUAL_ATTEMPTS_LIMIT. */
  individualAttempts: IndividualAttempt[];
}

export interface UnitLessonStats {
  lessonId: string;
  title: string;
  /** The lesson's completed challenges / its challenges, 0–100 (as LessonStats.completionPercentage). */
  completionPercentage: number;
  /** ms, mean over the lesson's answered attempts. */
  averageTime: number;
}

export interface UnitStats {
  unitTitle: string;
  lastActivityAt: string | null;
  /** completedLessons / totalLessons, 0–100 (as the learn path's unit header). */
  completionPercentage: number;
  completedLessons: number;
  totalLessons: number;
  completedChallenges: number;
  correctChallenges: number;
  totalChallenges: number;
  /** ms, mean over answered attempts. */
  averageCompletionTime: number;
  totalStudyTimeMs: number;
  /** Every lesson of the unit in path order. */
  lessonStats: UnitLessonStats[];
}

export interface DailyActivity {
  /** UTC day 'YYYY-MM-DD'. */
  date: string;
  /** Attempts that day (all statuses). */
  challenges: number;
  timeSpentMs: number;
}

export interface UnitProgress {
  unitId: string;
  title: string;
  /** completed lessons / lessons of the unit, 0–100. */
  completionPercentage: number;
}

export interface OverallStats {
  totalUnits: number;
  totalLessons: number;
  /** Raw count from lesson_progress; the client applies completedLessonsOrEstimate (spec §4 fallback). */
  completedLessons: number;
  /** correctChallenges / completedChallenges, 0–100: right the first time, as the finish screen's accuracy. */
  correctPercentage: number;
  correctChallenges: number;
  completedChallenges: number;
  /** ms, mean over answered attempts. */
  averageChallengeTimeMs: number;
  totalStudyTimeMs: number;
  /** Distinct UTC days with at least one attempt. */
  activeDays: number;
  /** Latest DAILY_ACTIVITY_DAYS_LIMIT days with activity, ascending. */
  dailyActivity: DailyActivity[];
  /** Every unit in scope, by file then path order. */
  unitProgressList: UnitProgress[];
}
