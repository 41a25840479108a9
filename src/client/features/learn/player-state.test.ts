import { describe, expect, it } from 'vitest';
import type { AnswerResult, LessonResult } from '../../../shared/learn';
import { initialPlayer, isAskedAgain, playerReducer, progressPercent, type PlayerState } from './player-state';

const answer = (overrides: Partial<AnswerResult> = {}): AnswerResult => ({
  correct: true,
  explanation: 'Because.',
  page: 2,
  correctAnswer: 'A',
  hearts: 5,
  pointsGained: 10,
  outOfHearts: false,
  ...overrides,
});
const lessonResult: LessonResult = { stars: 2, accuracy: 0.67, pointsGained: 20, timeMs: 61_000, hearts: 4, practice: false, bestStars: 2, askedAgain: 1 };

function play(state: PlayerState, ...actions: Parameters<typeof playerReducer>[1][]): PlayerState {
  return actions.reduce(playerReducer, state);
}

describe('the lesson player state', () => {
  const start = initialPlayer({ total: 3, hearts: 5, unlimited: false, practice: false }, 1_000);

  it('checks, shows feedback with the server hearts and points, and continues to the next challenge', () => {
    const checking = play(start, { type: 'check' });
    expect(checking.phase).toBe('checking');
    const feedback = play(checking, { type: 'answered', result: answer({ correct: false, hearts: 4, pointsGained: 0 }) });
    expect(feedback).toMatchObject({ phase: 'feedback', hearts: 4, firstOutcomes: ['incorrect', undefined, undefined], pointsGained: 0 });
    // The bar moves on with right answers only.
    expect(progressPercent(feedback)).toBe(0);
    const next = play(feedback, { type: 'continue', now: 5_000 });
    expect(next).toMatchObject({ phase: 'answering', index: 1, feedback: null, shownAt: 5_000, turn: 1 });
    expect(isAskedAgain(next)).toBe(false);
  });

  it('asks each challenge missed again after the others, until it is answered right, then finishes', () => {
    // 0 wrong, 1 skipped, 2 right; then 0 again (wrong again), 1 again (right), 0 a third time (right).
    const firstPass = play(
      start,
      { type: 'check' },
      { type: 'answered', result: answer({ correct: false, hearts: 4, pointsGained: 0 }) },
      { type: 'continue', now: 1 },
      { type: 'skip' },
      { type: 'skipped', result: answer({ correct: false, pointsGained: 0 }) },
      { type: 'continue', now: 2 },
      { type: 'check' },
      { type: 'answered', result: answer() },
      { type: 'continue', now: 3 },
    );
    expect(firstPass).toMatchObject({ phase: 'answering', index: 0, queue: [1], askedAgain: [0, 1], right: 1, turn: 3 });
    expect(isAskedAgain(firstPass)).toBe(true);
    expect(progressPercent(firstPass)).toBe(33);
    const wrongAgain = play(firstPass, { type: 'check' }, { type: 'answered', result: answer({ correct: false, hearts: 3, pointsGained: 0 }) }, { type: 'continue', now: 4 });
    expect(wrongAgain).toMatchObject({ index: 1, queue: [0], askedAgain: [0, 1], hearts: 3 });
    const secondRight = play(wrongAgain, { type: 'check' }, { type: 'answered', result: answer({ hearts: 3, pointsGained: 0 }) }, { type: 'continue', now: 5 });
    expect(secondRight).toMatchObject({ index: 0, queue: [], right: 2 });
    const done = play(secondRight, { type: 'check' }, { type: 'answered', result: answer({ hearts: 3, pointsGained: 0 }) });
    expect(progressPercent(done)).toBe(100);
    // Each challenge's first answer is kept; points as the server gave them (the first right answer's only).
    expect(done).toMatchObject({ firstOutcomes: ['incorrect', 'skipped', 'correct'], pointsGained: 10, right: 3 });
    const finishing = play(done, { type: 'continue', now: 6 });
    expect(finishing.phase).toBe('finishing');
    const finished = play(finishing, { type: 'finished', result: lessonResult });
    expect(finished).toMatchObject({ phase: 'finished', result: lessonResult, hearts: 4 });
  });

  it('finishes after the last challenge when every one was right the first time', () => {
    const allRight = play(
      start,
      ...[0, 1, 2].flatMap((now) => [{ type: 'check' } as const, { type: 'answered', result: answer() } as const, { type: 'continue', now } as const]),
    );
    expect(allRight).toMatchObject({ phase: 'finishing', askedAgain: [], pointsGained: 30, right: 3 });
  });

  it('stops at 0 hearts after the feedback of the answer that cost the last one', () => {
    const lastHeart = initialPlayer({ total: 3, hearts: 1, unlimited: false, practice: false }, 0);
    const feedback = play(lastHeart, { type: 'check' }, { type: 'answered', result: answer({ correct: false, hearts: 0, outOfHearts: true }) });
    expect(feedback.phase).toBe('feedback');
    expect(play(feedback, { type: 'continue', now: 1 }).phase).toBe('outOfHearts');
  });

  it('does not start without hearts, unless hearts do not count (subscribers, practice)', () => {
    expect(initialPlayer({ total: 3, hearts: 0, unlimited: false, practice: false }, 0).phase).toBe('outOfHearts');
    expect(initialPlayer({ total: 3, hearts: 0, unlimited: true, practice: false }, 0).phase).toBe('answering');
    expect(initialPlayer({ total: 3, hearts: 0, unlimited: false, practice: true }, 0).phase).toBe('answering');
  });

  it('returns to answering when a call fails, and ignores actions out of turn', () => {
    expect(play(start, { type: 'check' }, { type: 'failed' }).phase).toBe('answering');
    expect(play(start, { type: 'answered', result: answer() })).toBe(start);
    expect(play(start, { type: 'continue', now: 1 })).toBe(start);
    expect(play(start, { type: 'check' }, { type: 'skip' }).phase).toBe('checking');
  });
});
