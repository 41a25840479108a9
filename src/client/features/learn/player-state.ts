import type { AnswerResult, LessonResult } from '../../../shared/learn';
import { canPlay } from '../../../shared/lesson-rules';

/**
 * The lesson player as a pure state machine: one challenge at a time, answering → checking → feedback → the next
 * challenge; skip; out of hearts stops the run; after the last challenge the run is finished on the server and the
 * finish screen shows its result. The hearts shown come from the server's answers.
 */
export type Phase = 'answering' | 'checking' | 'feedback' | 'skipping' | 'outOfHearts' | 'finishing' | 'finished';

export type Outcome = 'correct' | 'incorrect' | 'skipped';

export interface PlayerState {
  total: number;
  index: number;
  phase: Phase;
  hearts: number;
  unlimited: boolean;
  practice: boolean;
  /** The last check's (or skip's) answer, shown in the feedback panel. */
  feedback: AnswerResult | null;
  /** The feedback is of a skip: the right answer is shown, nothing is judged. */
  skippedLast: boolean;
  outcomes: Outcome[];
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
    phase: 'answering',
    hearts: lesson.hearts,
    unlimited: lesson.unlimited,
    practice: lesson.practice,
    feedback: null,
    skippedLast: false,
    outcomes: [],
    pointsGained: 0,
    shownAt: now,
    result: null,
  };
  // A run may not start without hearts (unless they do not count).
  if (!canPlay({ hearts: lesson.hearts, unlimited: lesson.unlimited, practice: lesson.practice })) return { ...state, phase: 'outOfHearts' };
  if (lesson.total === 0) return { ...state, phase: 'finishing' };
  return state;
}

/** After the challenge on screen is done with: the next one, or finishing after the last. */
function advance(state: PlayerState, now: number): PlayerState {
  const next = state.index + 1;
  if (next >= state.total) return { ...state, feedback: null, phase: 'finishing' };
  return { ...state, index: next, feedback: null, phase: 'answering', shownAt: now };
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
      return {
        ...state,
        phase: 'feedback',
        feedback: result,
        skippedLast: false,
        hearts: result.hearts,
        outcomes: [...state.outcomes, result.correct ? 'correct' : 'incorrect'],
        pointsGained: state.pointsGained + result.pointsGained,
      };
    }
    case 'skipped':
      if (state.phase !== 'skipping') return state;
      return { ...state, phase: 'feedback', feedback: action.result, skippedLast: true, outcomes: [...state.outcomes, 'skipped'] };
    case 'continue':
      if (state.phase !== 'feedback') return state;
      if (state.feedback?.outOfHearts) return { ...state, phase: 'outOfHearts' };
      return advance(state, action.now);
    case 'finished':
      return state.phase === 'finishing' ? { ...state, phase: 'finished', result: action.result, hearts: action.result.hearts } : state;
  }
}

/** The progress bar: challenges done over all, 0–100. */
export function progressPercent(state: PlayerState): number {
  if (state.total === 0) return 100;
  return Math.round((state.outcomes.length / state.total) * 100);
}
