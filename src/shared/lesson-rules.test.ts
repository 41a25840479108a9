import { describe, expect, it } from 'vitest';
import {
  accuracyOf,
  runFigures,
  weaknessOf,
  WEAKNESS_HALF_LIFE_MS,
  bestResult,
  canPlay,
  clampAnswerTime,
  completedLessonsOrEstimate,
  heartsAfterAnswer,
  heartsAfterPractice,
  MAX_ANSWER_MS,
  pointsFor,
  progressColour,
  starsFor,
  unlockedLessons,
} from './lesson-rules';

const free = { hearts: 3, unlimited: false, practice: false };

describe('hearts', () => {
  it('a wrong answer costs one heart, never going below zero', () => {
    expect(heartsAfterAnswer(free, false)).toBe(2);
    expect(heartsAfterAnswer({ ...free, hearts: 0 }, false)).toBe(0);
    expect(heartsAfterAnswer(free, true)).toBe(3);
  });

  it('costs nothing with unlimited hearts or in practice', () => {
    expect(heartsAfterAnswer({ ...free, unlimited: true }, false)).toBe(3);
    expect(heartsAfterAnswer({ ...free, practice: true }, false)).toBe(3);
  });

  it('out of hearts stops a lesson, unless hearts do not count', () => {
    expect(canPlay({ ...free, hearts: 0 })).toBe(false);
    expect(canPlay({ ...free, hearts: 1 })).toBe(true);
    expect(canPlay({ ...free, hearts: 0, unlimited: true })).toBe(true);
    expect(canPlay({ ...free, hearts: 0, practice: true })).toBe(true);
  });

  it('finishing a practice run gives a heart back, up to five', () => {
    expect(heartsAfterPractice(0)).toBe(1);
    expect(heartsAfterPractice(4)).toBe(5);
    expect(heartsAfterPractice(5)).toBe(5);
  });
});

describe('points, accuracy and stars', () => {
  it('ten points per correct answer', () => {
    expect(pointsFor(true)).toBe(10);
    expect(pointsFor(false)).toBe(0);
  });

  it('accuracy is correct over all, kept within 0–1', () => {
    expect(accuracyOf(3, 4)).toBe(0.75);
    expect(accuracyOf(0, 0)).toBe(0);
    expect(accuracyOf(5, 4)).toBe(1);
  });

  it('one to three stars by accuracy', () => {
    expect([0, 0.59, 0.6, 0.89, 0.9, 1].map(starsFor)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('keeps the best result', () => {
    expect(bestResult({ stars: 3, accuracy: 0.9 }, { stars: 2, accuracy: 0.7 })).toEqual({ stars: 3, accuracy: 0.9 });
    expect(bestResult({ stars: 1, accuracy: 0.5 }, { stars: 2, accuracy: 0.7 })).toEqual({ stars: 2, accuracy: 0.7 });
  });

  it('clamps answer times to 0–30 minutes', () => {
    expect(clampAnswerTime(-5)).toBe(0);
    expect(clampAnswerTime(Number.NaN)).toBe(0);
    expect(clampAnswerTime(1e12)).toBe(MAX_ANSWER_MS);
    expect(clampAnswerTime(1234.4)).toBe(1234);
  });
});

describe('the path', () => {
  const lessons = [0, 1, 2, 3].map((index) => ({ index, completed: index < 2 }));

  it('opens the completed lessons and the current one; the rest stay locked', () => {
    expect([...unlockedLessons(lessons, false)].sort()).toEqual([0, 1, 2]);
  });

  it('opens every lesson with the skip entitlement', () => {
    expect([...unlockedLessons(lessons, true)].sort()).toEqual([0, 1, 2, 3]);
  });

  it('colours progress as spec §4 says', () => {
    expect([0, 1, 49, 50, 99, 100].map(progressColour)).toEqual(['neutral', 'amber', 'amber', 'blue', 'blue', 'green']);
  });

  it('estimates completed lessons when the count is 0 but units exist (spec §4)', () => {
    expect(completedLessonsOrEstimate(0, 12, [{ completionPercentage: 100 }, { completionPercentage: 60 }, { completionPercentage: 20 }])).toBe(8);
    expect(completedLessonsOrEstimate(3, 12, [{ completionPercentage: 100 }])).toBe(3);
    expect(completedLessonsOrEstimate(0, 0, [])).toBe(0);
  });
});

describe("a run's figures count each challenge once, by its first answer", () => {
  const lesson = ['a', 'b', 'c', 'd'];
  it('right the first time, asked again, and complete once every challenge was answered right', () => {
    const answers = [
      { challengeId: 'a', status: 'correct' },
      { challengeId: 'b', status: 'incorrect' },
      { challengeId: 'c', status: 'skipped' },
      { challengeId: 'd', status: 'correct' },
      { challengeId: 'b', status: 'incorrect' },
      { challengeId: 'c', status: 'correct' },
    ] as const;
    expect(runFigures(lesson, answers)).toEqual({ rightFirstTime: 2, askedAgain: 2, allRight: false, accuracy: 0.5 });
    expect(runFigures(lesson, [...answers, { challengeId: 'b', status: 'correct' }])).toEqual({ rightFirstTime: 2, askedAgain: 2, allRight: true, accuracy: 0.5 });
  });

  it('a replay sent from offline (one first answer each) and an empty lesson', () => {
    expect(runFigures(lesson, lesson.map((challengeId) => ({ challengeId, status: challengeId === 'a' ? 'skipped' : 'correct' })))).toEqual({
      rightFirstTime: 3,
      askedAgain: 1,
      allRight: false,
      accuracy: 0.75,
    });
    expect(runFigures([], [])).toEqual({ rightFirstTime: 0, askedAgain: 0, allRight: false, accuracy: 0 });
    // Answers to challenges of no lesson challenge are not counted.
    expect(runFigures(['a'], [{ challengeId: 'z', status: 'correct' }, { challengeId: 'a', status: 'correct' }])).toMatchObject({ rightFirstTime: 1, allRight: true });
  });
});

describe("a student's weakness at a challenge", () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const ago = (weeks: number) => new Date(now.getTime() - weeks * WEAKNESS_HALF_LIFE_MS);
  it('grows with each miss, fades by half a week after week, and shrinks with right answers; never below 0', () => {
    expect(weaknessOf([], now)).toBe(0);
    expect(weaknessOf([{ status: 'correct', createdAt: ago(0) }], now)).toBe(0);
    expect(weaknessOf([{ status: 'incorrect', createdAt: ago(0) }], now)).toBe(1);
    expect(weaknessOf([{ status: 'skipped', createdAt: ago(1) }], now)).toBeCloseTo(0.5);
    // Missed twice, then answered right: weaker than one old miss, less weak than two misses alone.
    const missedTwice = [
      { status: 'incorrect', createdAt: ago(0) },
      { status: 'incorrect', createdAt: ago(0) },
    ] as const;
    expect(weaknessOf([...missedTwice, { status: 'correct', createdAt: ago(0) }], now)).toBeCloseTo(1.5);
    expect(weaknessOf([...missedTwice, { status: 'correct', createdAt: ago(0) }], now)).toBeGreaterThan(weaknessOf([{ status: 'incorrect', createdAt: ago(2) }], now));
  });
});
