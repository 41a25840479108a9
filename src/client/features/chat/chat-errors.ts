import type { TFunction } from 'i18next';

/**
 * What a failed chat request means for the page. POST /api/chat refuses with a JSON body ({error: {messageKey, …}}),
 * which the AI SDK's transport passes on as the error's message; an answer that fails while streaming ends with the
 * reason as a key of the 'chat' namespace ('failure.aiTimeout').
 */
export interface ChatFailure {
  /** The day's messages are used up: the page offers the plans. */
  limitReached: boolean;
  /** The question was refused before anything was stored: it goes back into the box. */
  refused: boolean;
  message: string;
}

interface RefusalBody {
  error?: { messageKey?: string; message?: string; messageParams?: Record<string, string | number> };
}

function refusalOf(text: string): RefusalBody['error'] | undefined {
  try {
    return (JSON.parse(text) as RefusalBody).error;
  } catch {
    return undefined;
  }
}

export function chatFailure(error: Error, t: TFunction): ChatFailure {
  const refusal = refusalOf(error.message);
  if (refusal?.messageKey) {
    return {
      limitReached: refusal.messageKey === 'chatDailyLimitReached',
      refused: true,
      message: t(`errors:${refusal.messageKey}`, { ...refusal.messageParams, defaultValue: refusal.message ?? t('chat:failure.answerFailed') }),
    };
  }
  if (error.message.startsWith('failure.')) {
    return { limitReached: false, refused: false, message: t(`chat:${error.message}`, { defaultValue: t('chat:failure.answerFailed') }) };
  }
  return { limitReached: false, refused: false, message: t('chat:failure.connection') };
}
