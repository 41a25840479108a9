import { AppError } from '../errors';

/**
 * The spec's §8 messages. Every id the user does not own answers NOT_FOUND, whether it belongs to someone else, is
 * unknown or malformed, so that ids cannot be probed.
 */
export const courseNotFound = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'Course not found. Try to refresh the page.',
    messageKey: 'courseNotFound',
  });

export const courseAlreadyDeleted = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'Course has already been deleted. Try to refresh the page.',
    messageKey: 'courseAlreadyDeleted',
  });

export const fileNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'File not found. Try to refresh the page.', messageKey: 'fileNotFound' });

export const fileAlreadyDeleted = () =>
  new AppError({
    code: 'NOT_FOUND',
    userMessage: 'File has already been deleted. Try to refresh the page.',
    messageKey: 'fileAlreadyDeleted',
  });
