/**
 * The rules of a lesson (spec §6), in one place for the server that enforces them and
 * the client that shows them. Pure functions: no clock, no database.
 */
export const MAX_HEARTS = 5;
export const POINTS_PER_CORRECT = 10;
/** Answer times beyond this are clamped (a tab left open overnight is not a 10-hour answer). */
export const MAX_ANSWER_MS = 30 * 60 * 1000;

export interface HeartsState {
  hearts: number;
  /** Subscribers' plans (Pro, Ultra, Enterprise) have unlimited hearts. */
  unlimited: boolean;
  /** Playing a lesson already completed. */
  practice: boolean;
}

/** Hearts after an answer: a wrong one costs one, except with unlimited hearts and in practice. Never below 0. */
export function heartsAfterAnswer(state: HeartsState, correct: boolean): number {
  if (correct || state.unlimited || state.practice) return state.hearts;
  return Math.max(0, state.hearts - 1);
}

/** Whether a lesson may go on (or start): out of hearts stops it, unless hearts do not count. */
export function canPlay(state: HeartsState): boolean {
  return state.unlimited || state.practice || state.hearts > 0;
}

/**
 * A lesson's run asks every challenge once, in order; a challenge answered wrong or skipped is asked again after the
 * others, until it is answered right (or the student leaves). The run is complete — the lesson counts as completed —
 * once every challenge has been answered right. Its figures count each challenge once, by its first answer:
 * - accuracy: challenges answered right the first time over all challenges (firstTryAccuracy);
 * - points: 10 for each challenge answered right the first time; a challenge answered right when asked again earns
 *   none (pointsFor(correct && firstAnswer));
 * - asked again: the challenges whose first answer was wrong or a skip.
 * Hearts: every wrong answer costs one, also when a challenge is asked again (heartsAfterAnswer).
 */
export interface RunAnswer {
  challengeId: string;
  status: 'correct' | 'incorrect' | 'skipped';
}

export interface RunFigures {
  /** Challenges answered right the first time. */
  rightFirstTime: number;
  /** Challenges whose first answer was wrong or a skip: asked again. */
  askedAgain: number;
  /** Every challenge has been answered right at least once. */
  allRight: boolean;
  accuracy: number;
}

/**
 * Whether a challenge was answered right the first time in a run, from its answers in that run (any order): a
 * challenge answered right is never asked again, so that is exactly one answer, and a right one. The statistics
 * (src/server/stats/stats.ts, in SQL) count a challenge's "right the first time" by this same rule.
 */
export function rightTheFirstTime(answersInRun: readonly RunAnswer['status'][]): boolean {
  return answersInRun.length === 1 && answersInRun[0] === 'correct';
}

/**
 * A run's figures from its answers (`challengeIds`: the lesson's challenges). A challenge answered right is never
 * asked again, so one answered right the first time has exactly that one answer: the figures need no order.
 */
export function runFigures(challengeIds: readonly string[], answers: readonly RunAnswer[]): RunFigures {
  const byChallenge = new Map<string, RunAnswer['status'][]>();
  for (const answer of answers) byChallenge.set(answer.challengeId, [...(byChallenge.get(answer.challengeId) ?? []), answer.status]);
  const rightAtOnce = (id: string) => rightTheFirstTime(byChallenge.get(id) ?? []);
  const rightFirstTime = challengeIds.filter(rightAtOnce).length;
  return {
    rightFirstTime,
    askedAgain: challengeIds.filter((id) => byChallenge.has(id) && !rightAtOnce(id)).length,
    allRight: challengeIds.length > 0 && challengeIds.every((id) => byChallenge.get(id)?.includes('correct') ?? false),
    accuracy: accuracyOf(rightFirstTime, challengeIds.length),
  };
}

/** How many challenges a review of a file's mistakes asks (learn.getReview). */
export const REVIEW_CHALLENGES = 8;

/** How fast a miss is forgiven: its weight halves every week. */
export const WEAKNESS_HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A student's weakness at a challenge, from all their answers to it: each wrong answer or skip adds its weight, each
 * right answer takes half a weight off, and a weight halves with every week since the answer — so a challenge missed
 * recently and often is the weakest, and one answered right since counts less. 0 for a challenge never missed.
 * Practice runs ask the weakest first.
 */
export function weaknessOf(answers: readonly { status: RunAnswer['status']; createdAt: Date }[], now: Date): number {
  let weakness = 0;
  for (const answer of answers) {
    const weight = 0.5 ** (Math.max(0, now.getTime() - answer.createdAt.getTime()) / WEAKNESS_HALF_LIFE_MS);
    weakness += answer.status === 'correct' ? -weight / 2 : weight;
  }
  return Math.max(0, weakness);
}

/** Points for an answer: 10 for a correct one (the first answer to the challenge in the run), in practice alike. */
export function pointsFor(correct: boolean): number {
  return correct ? POINTS_PER_CORRECT : 0;
}

/** Finishing a practice run gives one heart back, up to the maximum. */
export function heartsAfterPractice(hearts: number): number {
  return Math.min(MAX_HEARTS, hearts + 1);
}

/** Challenges answered right the first time over all challenges of the run (a skip is not right), 0–1. */
export function accuracyOf(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, correct / total));
}

/** 1–3 stars by accuracy: 3 from 90 %, 2 from 60 %, else 1 for finishing. */
export function starsFor(accuracy: number): 1 | 2 | 3 {
  if (accuracy >= 0.9) return 3;
  if (accuracy >= 0.6) return 2;
  return 1;
}

/** The best result kept for a lesson: the better of the stored and the new one, field by field. */
export function bestResult(stored: { stars: number; accuracy: number }, run: { stars: number; accuracy: number }) {
  return { stars: Math.max(stored.stars, run.stars), accuracy: Math.max(stored.accuracy, run.accuracy) };
}

/** A client's answer time, clamped to 0–30 minutes; not a number counts as 0. */
export function clampAnswerTime(ms: number): number {
  if (!Number.isFinite(ms)) return 0;
  return Math.round(Math.min(MAX_ANSWER_MS, Math.max(0, ms)));
}

export interface LessonPosition {
  /** Index of the lesson along the whole path (units in order, lessons in order). */
  index: number;
  completed: boolean;
}

/**
 * Which lessons can be opened: every completed one, the first not completed (the current one), and — with the plan's
 * skip entitlement (spec §6) — any lesson at all. The others are locked.
 */
export function unlockedLessons(lessons: readonly LessonPosition[], canSkip: boolean): Set<number> {
  const open = new Set<number>();
  let currentFound = false;
  for (const lesson of [...lessons].sort((a, b) => a.index - b.index)) {
    if (lesson.completed || canSkip) open.add(lesson.index);
    else if (!currentFound) {
      open.add(lesson.index);
      currentFound = true;
    }
  }
  return open;
}

/** Spec §4 "Progress colour": 100 % green, 50 % or more blue, above 0 amber, 0 neutral. */
export type ProgressColour = 'green' | 'blue' | 'amber' | 'neutral';
export function progressColour(percent: number): ProgressColour {
  if (percent >= 100) return 'green';
  if (percent >= 50) return 'blue';
  if (percent > 0) return 'amber';
  return 'neutral';
}

/**
 * Spec §4 "Completed lessons fallback": a count of 0 with a unit list is estimated as the sum over units of the
 * rounded completion fraction times the average lessons per unit.
 */
export function completedLessonsOrEstimate(
  completedLessons: number,
  totalLessons: number,
  units: readonly { completionPercentage: number }[],
): number {
  if (completedLessons > 0 || units.length === 0) return completedLessons;
  const averageLessons = totalLessons / units.length;
  return units.reduce((sum, unit) => sum + Math.round(unit.completionPercentage / 100) * averageLessons, 0);
}
