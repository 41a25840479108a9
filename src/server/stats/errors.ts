import { AppError } from '../errors';

/**
 * The statistics' refusals (spec §8 "Statistics"). A lesson or unit the caller may not study answers NOT_FOUND exactly
 * like one that does not exist, so ids cannot be probed; a foreign file (overall stats) answers the files' NOT_FOUND.
 */
export const lessonStatsNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'No statistics found for this lesson.', messageKey: 'lessonStatsNotFound' });

export const unitStatsNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'No statistics found for this unit.', messageKey: 'unitStatsNotFound' });
