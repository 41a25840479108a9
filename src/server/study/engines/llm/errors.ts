import { APICallError, NoObjectGeneratedError, RetryError } from 'ai';
import { StudyEngineError } from '../engine';

/**
 * The LLM engine's failures: the table of every error key it may report with the params each sends, the one place
 * those errors are made (`failure`), and the mapping of what a request to the model ended with (an HTTP status, a
 * timeout, exhausted retries) to them. Kept apart from the request control so that every artefact module can fail
 * with a listed key, and the pipeline's tests can check the keys against the translations.
 */

/**
 * Every failure the engine reports (StudyEngineError.key, a key of the client's 'study' namespace) with the names of
 * the params it sends, which the translations fill in. Stored with the artefact: keys are only ever added.
 */
export const llmEngineErrors = {
  documentHasNoText: [],
  aiNoContent: [],
  // Shown with the artefact it is about, so it does not name it: a name sent along would stay English in every language.
  aiInvalidOutput: [],
  aiTimeout: [],
  aiRateLimited: [],
  aiUnavailable: [],
  aiNotAuthorized: ['status'],
  aiNotFound: [],
  aiRequestRefused: ['status'],
} as const satisfies Record<string, readonly string[]>;
export type LlmEngineErrorKey = keyof typeof llmEngineErrors;
export const llmEngineErrorKeys = Object.keys(llmEngineErrors) as LlmEngineErrorKey[];

type ParamsOf<K extends LlmEngineErrorKey> = [(typeof llmEngineErrors)[K][number]] extends [never]
  ? Record<string, never>
  : Record<(typeof llmEngineErrors)[K][number], string | number>;

/** The engine's errors are made here only, so that each key is listed above and sends exactly its params. */
export function failure<K extends LlmEngineErrorKey>(key: K, message: string, params: ParamsOf<K>, retryable = false): StudyEngineError {
  return new StudyEngineError(key, message, params, retryable);
}

/**
 * Maps what a request ended with to the engine's errors; the caller's own abort is passed on as it is. An answer the
 * model gave that is not usable (NoObjectGeneratedError) is passed on too: the structured request asks again with it.
 */
export function toEngineError(error: unknown, timedOut: boolean, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof StudyEngineError || NoObjectGeneratedError.isInstance(error)) return error;
  if (timedOut) return failure('aiTimeout', 'The AI model did not answer in time.', {}, true);
  if (RetryError.isInstance(error)) return toEngineError(error.lastError, timedOut, signal);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) {
      return failure('aiNotAuthorized', `The AI endpoint refused the API key (${status}).`, { status });
    }
    if (status === 429) return failure('aiRateLimited', 'The AI endpoint is rate limiting requests (429).', {}, true);
    if (status === 408) return failure('aiTimeout', 'The AI endpoint timed out (408).', {}, true);
    if (status === undefined || status >= 500) {
      const detail = status === undefined ? 'cannot be reached' : `answered ${status}`;
      return failure('aiUnavailable', `The AI endpoint ${detail}: ${error.message}`, {}, true);
    }
    if (status === 404) return failure('aiNotFound', `The AI endpoint or model was not found (404): ${error.message}`, {});
    return failure('aiRequestRefused', `The AI endpoint refused the request (${status}): ${error.message}`, { status });
  }
  return error;
}
