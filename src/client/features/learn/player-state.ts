import type { AnswerResult, LessonResult } from '../../../shared/learn';
import { canPlay } from '../../../shared/lesson-rules';

/**
 * The lesson player as a pure state machine: one challenge at a time, answering → checking → feedback → the next
 * challenge; skip; out of hearts stops the run. The lesson's challenges are asked in order, then each one answered
 * wrong or skipped is asked again, until every challenge has been answered right (shared/lesson-rules.ts); the run is
 * then finished on the server and the finish screen shows its result. The hearts shown come from the server's answers.
 */
export type Phase = 'answering' | 'checking' | 'feedback' | 'skipping' | 'outOfHearts' | 'finishing' | 'finished';

export type Outcome = 'correct' | 'incorrect' | 'skipped';

export interface PlayerState {
  total: number;
  /** The challenge on screen: its index in the lesson. */
  index: number;
  /** The challenges still to ask after the one on screen, in order: the lesson's, then the ones missed, again. */
  queue: number[];
  /** Counts every challenge shown, also one asked again: each showing starts from an empty answer. */
  turn: number;
  phase: Phase;
  hearts: number;
  unlimited: boolean;
  practice: boolean;
  /** The last check's (or skip's) answer, shown in the feedback panel. */
  feedback: AnswerResult | null;
  /** The feedback is of a skip: the right answer is shown, nothing is judged. */
  skippedLast: boolean;
  /** Each challenge's first answer, by its index (undefined: not asked yet). */
  firstOutcomes: (Outcome | undefined)[];
  /** Challenges answered right, at first or when asked again. */
  right: number;
  /** The challenges missed at first, in the order missed: asked again. */
  askedAgain: number[];
  pointsGained: number;
  /** When the challenge on screen appeared (for its time to complete). */
  shownAt: number;
  result: LessonResult | null;
}

export type PlayerAction =
  | { type: 'check' }
  | { type: 'answered'; result: AnswerResult }
  | { type: 'skip' }
  | { type: 'skipped'; result: AnswerResult }
  | { type: 'failed' }
  | { type: 'continue'; now: number }
  | { type: 'finished'; result: LessonResult };

export function initialPlayer(lesson: { total: number; hearts: number; unlimited: boolean; practice: boolean }, now: number): PlayerState {
  const state: PlayerState = {
    total: lesson.total,
    index: 0,
    queue: Array.from({ length: Math.max(0, lesson.total - 1) }, (_, position) => position + 1),
    turn: 0,
    phase: 'answering',
    hearts: lesson.hearts,
    unlimited: lesson.unlimited,
    practice: lesson.practice,
    feedback: null,
    skippedLast: false,
    firstOutcomes: Array.from({ length: lesson.total }, () => undefined),
    right: 0,
    askedAgain: [],
    pointsGained: 0,
    shownAt: now,
    result: null,
  };
  // A run may not start without hearts (unless they do not count).
  if (!canPlay({ hearts: lesson.hearts, unlimited: lesson.unlimited, practice: lesson.practice })) return { ...state, phase: 'outOfHearts' };
  if (lesson.total === 0) return { ...state, phase: 'finishing' };
  return state;
}

/** The challenge on screen answered (or skipped): counted, and asked again later unless answered right. */
function answered(state: PlayerState, outcome: Outcome, result: AnswerResult): PlayerState {
  const first = state.firstOutcomes[state.index] === undefined;
  const firstOutcomes = first ? state.firstOutcomes.map((known, position) => (position === state.index ? outcome : known)) : state.firstOutcomes;
  const missed = outcome !== 'correct';
  return {
    ...state,
    phase: 'feedback',
    feedback: result,
    skippedLast: outcome === 'skipped',
    firstOutcomes,
    right: state.right + (missed ? 0 : 1),
    queue: missed ? [...state.queue, state.index] : state.queue,
    askedAgain: missed && first ? [...state.askedAgain, state.index] : state.askedAgain,
    pointsGained: state.pointsGained + result.pointsGained,
  };
}

/** After the challenge on screen is done with: the next one to ask, or finishing once every one was answered right. */
function advance(state: PlayerState, now: number): PlayerState {
  const [next, ...queue] = state.queue;
  if (next === undefined) return { ...state, feedback: null, phase: 'finishing' };
  return { ...state, index: next, queue, turn: state.turn + 1, feedback: null, phase: 'answering', shownAt: now };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'check':
      return state.phase === 'answering' ? { ...state, phase: 'checking' } : state;
    case 'skip':
      return state.phase === 'answering' ? { ...state, phase: 'skipping' } : state;
    case 'failed':
      // The call failed: the student may try again.
      return state.phase === 'checking' || state.phase === 'skipping' ? { ...state, phase: 'answering' } : state;
    case 'answered': {
      if (state.phase !== 'checking') return state;
      const { result } = action;
      return { ...answered(state, result.correct ? 'correct' : 'incorrect', result), hearts: result.hearts };
    }
    case 'skipped':
      if (state.phase !== 'skipping') return state;
      return answered(state, 'skipped', action.result);
    case 'continue':
      if (state.phase !== 'feedback') return state;
      if (state.feedback?.outOfHearts) return { ...state, phase: 'outOfHearts' };
      return advance(state, action.now);
    case 'finished':
      return state.phase === 'finishing' ? { ...state, phase: 'finished', result: action.result, hearts: action.result.hearts } : state;
  }
}

/** Whether the challenge on screen is one missed before, asked again. */
export function isAskedAgain(state: PlayerState): boolean {
  return state.firstOutcomes[state.index] !== undefined;
}

/** The progress bar: challenges answered right over all, 0–100 (a miss moves it on only once answered right). */
export function progressPercent(state: PlayerState): number {
  if (state.total === 0) return 100;
  return Math.round((state.right / state.total) * 100);
}
