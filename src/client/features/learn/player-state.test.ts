import { describe, expect, it } from 'vitest';
import type { AnswerResult, LessonResult } from '../../../shared/learn';
import { initialPlayer, playerReducer, progressPercent, type PlayerState } from './player-state';

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
const lessonResult: LessonResult = { stars: 2, accuracy: 0.67, pointsGained: 20, timeMs: 61_000, hearts: 4, practice: false, bestStars: 2 };

function play(state: PlayerState, ...actions: Parameters<typeof playerReducer>[1][]): PlayerState {
  return actions.reduce(playerReducer, state);
}

describe('the lesson player state', () => {
  const start = initialPlayer({ total: 3, hearts: 5, unlimited: false, practice: false }, 1_000);

  it('checks, shows feedback with the server hearts and points, and continues to the next challenge', () => {
    const checking = play(start, { type: 'check' });
    expect(checking.phase).toBe('checking');
    const feedback = play(checking, { type: 'answered', result: answer({ correct: false, hearts: 4, pointsGained: 0 }) });
    expect(feedback).toMatchObject({ phase: 'feedback', hearts: 4, outcomes: ['incorrect'], pointsGained: 0 });
    expect(progressPercent(feedback)).toBe(33);
    const next = play(feedback, { type: 'continue', now: 5_000 });
    expect(next).toMatchObject({ phase: 'answering', index: 1, feedback: null, shownAt: 5_000 });
  });

  it('skips to the next challenge, and finishes after the last one', () => {
    const skipFeedback = play(start, { type: 'skip' }, { type: 'skipped', result: answer({ correct: false, pointsGained: 0 }) });
    expect(skipFeedback).toMatchObject({ phase: 'feedback', skippedLast: true, outcomes: ['skipped'], pointsGained: 0 });
    const skipped = play(skipFeedback, { type: 'continue', now: 2_000 });
    expect(skipped).toMatchObject({ phase: 'answering', index: 1, outcomes: ['skipped'], shownAt: 2_000 });
    const last = play(skipped, { type: 'check' }, { type: 'answered', result: answer() }, { type: 'continue', now: 3_000 }, { type: 'check' }, { type: 'answered', result: answer() });
    expect(last.pointsGained).toBe(20);
    const finishing = play(last, { type: 'continue', now: 4_000 });
    expect(finishing.phase).toBe('finishing');
    expect(progressPercent(finishing)).toBe(100);
    const finished = play(finishing, { type: 'finished', result: lessonResult });
    expect(finished).toMatchObject({ phase: 'finished', result: lessonResult, hearts: 4 });
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
