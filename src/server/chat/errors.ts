import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/chat';
import { PLAN_SLUGS, PLANS, type Plan } from '../../shared/plans';
import { AppError } from '../errors';

/** The chat's refusals; messageKey is a key of the client's `errors` namespace. */
export const chatMessageEmpty = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'Type a question first.', messageKey: 'chatMessageEmpty' });

export const chatMessageTooLong = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: `Your message is too long: a message may have at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters. Shorten it and send it again.`,
    messageKey: 'chatMessageTooLong',
    messageParams: { max: CHAT_MESSAGE_MAX_LENGTH },
  });

export const chatInvalidRequest = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'Send a question with the file or the course it is about.',
    messageKey: 'chatInvalidRequest',
  });

export const chatFileNotReady = () =>
  new AppError({
    code: 'CONFLICT',
    userMessage: 'This file is still being prepared for the chat. Wait until it is ready.',
    messageKey: 'chatFileNotReady',
  });

/**
 * The file's text could not be read (extraction failed: a scan without a text layer, a damaged file) or its passages
 * could not be made: waiting will not help, so the tutor says so instead of "still being prepared" forever.
 */
export const chatFileFailed = () =>
  new AppError({
    code: 'PRECONDITION_FAILED',
    userMessage:
      'This file could not be processed, so the tutor cannot answer questions about it. Upload it again, or a version with selectable text (a scan needs text recognition first).',
    messageKey: 'chatFileFailed',
  });

/** The day's messages are used up; the client offers the plans next to it (messageKey chatDailyLimitReached). */
export const chatDailyLimitReached = (plan: Plan) => {
  const bigger = PLAN_SLUGS.some((slug) => PLANS[slug].chatMessagesPerDay > plan.chatMessagesPerDay);
  return new AppError({
    code: 'TOO_MANY_REQUESTS',
    userMessage:
      `You have used all ${plan.chatMessagesPerDay} chat messages of your ${plan.name} plan today.` +
      (bigger ? ' Upgrade for more, or ask again tomorrow.' : ' Ask again tomorrow.'),
    messageKey: 'chatDailyLimitReached',
    messageParams: { plan: plan.name, limit: plan.chatMessagesPerDay },
  });
};
