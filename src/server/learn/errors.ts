import { AppError } from '../errors';

/**
 * The Exams tab's refusals. Ids the caller may not study answer NOT_FOUND like unknown ones (spec §8), so
 * that ids cannot be probed; the rest name what to do next. Each has a key in the client's `errors` namespace.
 */
export const lessonNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Lesson not found. Try to refresh the page.', messageKey: 'lessonNotFound' });

export const challengeNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Challenge not found. Try to refresh the page.', messageKey: 'challengeNotFound' });

/** A run id that was not made for this user and lesson, or whose lesson was finished since it started. */
export const lessonRunNotFound = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'This lesson run has ended. Start the lesson again.',
    messageKey: 'lessonRunNotFound',
  });

export const lessonLocked = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'This lesson is locked. Finish the lessons before it first.',
    messageKey: 'lessonLocked',
  });

/** The refusal the lesson player turns into its dialog offering the shop or an upgrade. */
export const outOfHearts = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'You have no hearts left. Get more in the shop or upgrade for unlimited hearts.',
    messageKey: 'outOfHearts',
  });

export const challengeAlreadyAnswered = () =>
  new AppError({
    code: 'CONFLICT',
    userMessage: 'You have already answered this challenge right in this lesson.',
    messageKey: 'challengeAlreadyAnswered',
  });

export const invalidAnswer = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This answer does not fit the challenge. Try to refresh the page.',
    messageKey: 'invalidAnswer',
  });

export const lessonNotFinished = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Answer every challenge right before finishing the lesson: the ones missed come back until they are right.',
    messageKey: 'lessonNotFinished',
  });

export const lessonRunAlreadyFinished = () =>
  new AppError({
    code: 'CONFLICT',
    userMessage: 'This lesson run is already finished. Start the lesson again to practise.',
    messageKey: 'lessonRunAlreadyFinished',
  });

/** Spec §5 and §8, quoted exactly. */
export const unreportInSharedSpace = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'Unreporting challenges is not allowed in shared spaces',
    messageKey: 'unreportSharedSpace',
  });

/** learn.getReplay / learn.syncReplay on a lesson the caller has not completed: only a finished lesson is replayed offline. */
export const lessonNotReplayable = () =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage: 'Only a lesson you have finished can be practised offline. Play it online first.',
    messageKey: 'lessonNotReplayable',
  });

/** learn.getReview before any lesson of the file is completed: a review draws on finished lessons only. */
export const reviewNothingYet = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Finish a lesson first: a review asks again what you got wrong in the lessons you have finished.',
    messageKey: 'reviewNothingYet',
  });
