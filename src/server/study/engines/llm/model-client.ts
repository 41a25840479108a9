import {
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  Output,
  streamText,
  TypeValidationError,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import type { z } from 'zod';
import { failure, toEngineError } from './errors';
import { InvalidOutput } from './model-schemas';

/**
 * How the LLM engine talks to the model, in one place: every request runs with the per-request timeout and the
 * caller's signal, the SDK retries a 429 or 5xx inside it, and whatever it fails with is mapped to the engine's errors
 * (errors.ts). A structured answer is converted and checked by its step and, when it is not usable, asked for once
 * more with its problems; streamed text is handed on delta by delta. The artefact modules say what to ask; this says
 * how a request is made and when it has failed.
 */

/** Attempts at a usable structured answer: the first, and one more told what was wrong with it. */
const ANSWER_ATTEMPTS = 2;

export interface ModelClientOptions {
  /** Time allowed for one request to the model (a streamed one included) before it fails as 'aiTimeout'. */
  timeoutMs: number;
  /** Retries of a 429 or 5xx inside one request, with backoff (honouring retry-after), before it fails. */
  maxRetries: number;
}

/** One structured request: what is asked, in which schema, and how the answer becomes (or fails to become) `A`. */
export interface StructuredStep<M, A> {
  /** The JSON schema's name (response_format.json_schema.name), e.g. 'summary' or 'summary_part'. */
  name: string;
  /** What is asked for, for error messages: 'summary'. */
  label: string;
  schema: z.ZodType<M>;
  system: string;
  prompt: string;
  /** Converts and checks the answer; throws InvalidOutput with its problems when it cannot be used. */
  convert: (model: M) => A;
}

/** A request for streamed text: a system prompt and either a prompt or a conversation. */
export type TextRequest = { system: string } & ({ prompt: string; messages?: never } | { messages: ModelMessage[]; prompt?: never });

/** What was wrong with an answer that did not parse or did not match the schema, for the model to fix. */
function describeNoObject(error: NoObjectGeneratedError): string[] {
  const cause = error.cause;
  if (JSONParseError.isInstance(cause)) return ['the answer is not valid JSON; answer with one JSON object only'];
  if (TypeValidationError.isInstance(cause)) {
    const inner = cause.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined;
    if (inner?.issues) return inner.issues.slice(0, 20).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
    return [cause.message.slice(0, 500)];
  }
  return [error.message];
}

export class ModelClient {
  constructor(
    private readonly model: LanguageModel,
    private readonly options: ModelClientOptions,
  ) {}

  /** Runs one request with the per-request timeout and the caller's signal, mapping its failure. */
  private async request<T>(signal: AbortSignal | undefined, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await run(abortSignal);
    } catch (error) {
      throw toEngineError(error, timeout.aborted, signal);
    }
  }

  /** One structured answer, converted and checked; asked once more with its problems when it is not usable. */
  async structured<M, A>(step: StructuredStep<M, A>, signal: AbortSignal | undefined): Promise<A> {
    const messages: ModelMessage[] = [{ role: 'user', content: step.prompt }];
    let problems: string[] = [];
    for (let attempt = 1; attempt <= ANSWER_ATTEMPTS; attempt++) {
      let answer = '';
      try {
        const result = await this.request(signal, async (abortSignal) => {
          const generated = await generateText({
            model: this.model,
            system: step.system,
            messages,
            output: Output.object({ schema: step.schema, name: step.name }),
            maxRetries: this.options.maxRetries,
            abortSignal,
          });
          answer = generated.text;
          return generated.output;
        });
        return step.convert(result);
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error)) {
          answer = error.text ?? answer;
          problems = describeNoObject(error);
        } else if (error instanceof InvalidOutput) {
          problems = error.problems;
        } else {
          throw error;
        }
      }
      messages.push(
        { role: 'assistant', content: answer.slice(0, 8000) || '(no answer)' },
        {
          role: 'user',
          content: `That answer cannot be used:\n${problems.map((problem) => `- ${problem}`).join('\n')}\nAnswer again with the complete JSON object, following the schema and every rule above.`,
        },
      );
    }
    throw failure(
      'aiInvalidOutput',
      `The AI model gave no usable ${step.label} in ${ANSWER_ATTEMPTS} attempts: ${problems.slice(0, 5).join('; ')}`,
      {},
    );
  }

  /**
   * One streamed request's text, delta by delta (empty deltas skipped), within the per-request timeout (the whole
   * stream's) and the caller's signal; a failure mid-stream is mapped like any request's. Whether the text is usable
   * is the caller's to judge.
   */
  async *text(request: TextRequest, signal: AbortSignal | undefined): AsyncIterable<string> {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const result = streamText({
        model: this.model,
        ...request,
        maxRetries: this.options.maxRetries,
        abortSignal,
        // Errors arrive as parts of the stream below; without this the SDK would also log them.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text.length > 0) {
          yield part.text;
        } else if (part.type === 'error') {
          throw part.error;
        }
      }
      abortSignal.throwIfAborted();
    } catch (error) {
      throw toEngineError(error, timeout.aborted, signal);
    }
  }
}
