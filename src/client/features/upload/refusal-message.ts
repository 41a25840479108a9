import type { TFunction } from 'i18next';
import type { ServerRefusal } from './upload-request';
import type { Problem } from './upload-rules';

/** The server's refusal in the reader's language: `errors:<messageKey>` with its params, else its own message. */
export function refusalMessage(error: ServerRefusal | undefined, t: TFunction, fallback: string): string {
  if (error?.messageKey) {
    return t(`errors:${error.messageKey}`, { ...error.messageParams, defaultValue: error.message ?? fallback });
  }
  return error?.message ?? fallback;
}

export function problemMessage(problem: Problem, t: TFunction): string {
  return t(problem.key, problem.params);
}
