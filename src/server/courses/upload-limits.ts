import { PLAN_SLUGS, PLANS, type Plan } from '../../shared/plans';
import { AppError } from '../errors';

type NumericLimit = 'maxFiles' | 'maxFileSize' | 'fileUploadsPerMonth' | 'videoMaxDuration';

/** Only a limit some plan raises is worth an upgrade; Free already allows the largest files, for one. */
function upgradeHint(plan: Plan, limit: NumericLimit): string {
  return PLAN_SLUGS.some((slug) => PLANS[slug][limit] > plan[limit]) ? ' Upgrade for more.' : '';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const tooManyFiles = (plan: Plan, count: number) =>
  new AppError({
    code: 'FORBIDDEN',
    userMessage:
      `Your ${plan.name} plan allows ${plural(plan.maxFiles, 'file')} per upload.${upgradeHint(plan, 'maxFiles')}`,
    messageKey: 'uploadTooManyFiles',
    messageParams: { plan: plan.name, limit: plan.maxFiles, count },
  });

export const fileTooLarge = (plan: Plan, name: string) =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    userMessage:
      `${name || 'This file'} is larger than the ${plan.maxFileSize} MB your plan allows.` +
      upgradeHint(plan, 'maxFileSize'),
    messageKey: 'uploadFileTooLarge',
    messageParams: { plan: plan.name, limit: plan.maxFileSize, name },
  });

/** Also for a request too large to read at all, before anyone's plan is known. */
export const requestTooLarge = (limitMb: number) =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    userMessage: `This upload is larger than ${limitMb} MB, the most one upload may hold.`,
    messageKey: 'uploadRequestTooLarge',
    messageParams: { limit: limitMb },
  });

export const monthlyUploadsUsed = (plan: Plan, used: number, count: number) => {
  const left = Math.max(0, plan.fileUploadsPerMonth - used);
  const limit = plural(plan.fileUploadsPerMonth, 'upload');
  const hint = upgradeHint(plan, 'fileUploadsPerMonth');
  return new AppError({
    code: 'FORBIDDEN',
    userMessage:
      left === 0
        ? `You have used all ${limit} of your ${plan.name} plan this month.${hint}`
        : `You have ${left} of the ${limit} of your ${plan.name} plan left this month, ` +
          `not enough for ${plural(count, 'file')}.${hint}`,
    messageKey: left === 0 ? 'uploadMonthlyLimitReached' : 'uploadMonthlyLimitTooFew',
    messageParams: { plan: plan.name, limit: plan.fileUploadsPerMonth, left, count },
  });
};

export const refusedFile = (code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE', name: string, message: string) =>
  new AppError({
    code,
    userMessage: name ? `${name}: ${message}` : message,
    messageKey: 'uploadRefusedFile',
    messageParams: { name, reason: message },
  });

export const noFiles = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'Choose at least one file to upload.', messageKey: 'uploadNoFiles' });

export const invalidVideoLink = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage:
      'This is not a video link we can read. Paste a YouTube link such as https://www.youtube.com/watch?v=… or https://youtu.be/….',
    messageKey: 'uploadVideoLinkInvalid',
  });

export const videoTooLong = (plan: Plan, durationSeconds: number) => {
  const minutes = Math.ceil(durationSeconds / 60);
  return new AppError({
    code: 'FORBIDDEN',
    userMessage:
      `This video is about ${plural(minutes, 'minute')} long; your ${plan.name} plan allows videos of up to ` +
      `${plural(plan.videoMaxDuration, 'minute')}.${upgradeHint(plan, 'videoMaxDuration')}`,
    messageKey: 'uploadVideoTooLong',
    messageParams: { plan: plan.name, limit: plan.videoMaxDuration, minutes },
  });
};

export const transcriptTooLong = (limit: number) =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    userMessage: `The transcript is longer than ${limit.toLocaleString('en-US')} characters, the most one video may have.`,
    messageKey: 'uploadTranscriptTooLong',
    messageParams: { limit },
  });

export const transcriptEmpty = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'The pasted transcript has no text, only timestamps.',
    messageKey: 'uploadTranscriptEmpty',
  });

export const storageFull = (cause?: unknown) =>
  new AppError({
    code: 'INSUFFICIENT_STORAGE',
    userMessage: 'The server has no room left to store this upload. Nothing was saved; please try again later.',
    messageKey: 'uploadStorageFull',
    message: 'no space left on the disk for an upload',
    cause,
  });

/** A write that failed because the file system is full (or the quota used up), not because of what was sent. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** `error` as the upload's refusal when it is a full disk; otherwise unchanged. */
export function asStorageRefusal(error: unknown): unknown {
  return isDiskFull(error) ? storageFull(error) : error;
}
