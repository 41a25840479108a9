import type { Worker } from 'node:worker_threads';
import { startThread } from '../../../threads/start-thread';
import type {
  AnswerContext,
  AnswerEvent,
  CourseDescriptionEvent,
  CourseInput,
  EngineCallOptions,
  StudyDocument,
  StudyEngine,
} from '../engine';
import { StudyEngineError } from '../engine';
import type { ArtefactMethod, ThreadError, ThreadReply, ThreadRequest } from './thread-protocol';

/**
 * The local engine run in a thread of its own (study-thread.ts): the same artefacts as createLocalEngine, without
 * blocking this process's event loop for the second a long document takes. The thread starts with the first call
 * and does not keep the process alive while idle. If it dies (out of memory on a pathological document), the calls
 * it held fail with a retryable error, so their jobs try again, and the next call starts a new thread.
 */
export function createThreadedLocalEngine(settings: { answerWordMs?: number } = {}): StudyEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  const listeners = new Map<number, (reply: ThreadReply) => void>();

  const failAll = (message: string) => {
    const waiting = [...listeners.values()];
    listeners.clear();
    for (const listener of waiting) listener({ id: 0, type: 'error', error: { message } });
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const started = startThread('study-thread');
    started.on('message', (reply: ThreadReply) => {
      listeners.get(reply.id)?.(reply);
      if (listeners.size === 0) started.unref();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(`the study engine's thread failed: ${error.message}`);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(`the study engine's thread stopped (exit code ${code})`);
    });
    worker = started;
    return started;
  };

  /** Sends a request and passes its replies to `onReply` until it returns true (the request is over). */
  const send = (request: ThreadRequest, onReply: (reply: ThreadReply) => boolean) => {
    const target = thread();
    listeners.set(request.id, (reply) => {
      if (onReply(reply)) listeners.delete(request.id);
    });
    target.ref();
    target.postMessage(request);
  };

  const cancel = (id: number) => {
    if (!listeners.delete(id)) return;
    worker?.postMessage({ id, method: 'cancel' } satisfies ThreadRequest);
    if (listeners.size === 0) worker?.unref();
  };

  const call = <T>(request: DistributiveOmit<Extract<ThreadRequest, { document: StudyDocument }>, 'id'>, options?: EngineCallOptions): Promise<T> => {
    options?.signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        cancel(id);
        reject(options?.signal?.reason);
      };
      options?.signal?.addEventListener('abort', onAbort, { once: true });
      send({ ...request, id }, (reply) => {
        options?.signal?.removeEventListener('abort', onAbort);
        if (reply.type === 'error') reject(errorOf(reply.error));
        // The thread sends what the engine made; the pipeline validates it against the artefact's schema.
        else resolve((reply as { value: T }).value);
        return true;
      });
    });
  };

  /**
   * Sends a streaming request and yields the events `eventOf` picks from its replies until the thread says it is done.
   * Stopping early (the consumer's break or `signal`) cancels the request in the thread.
   */
  async function* stream<E>(
    request: ThreadRequest,
    eventOf: (reply: ThreadReply) => E | undefined,
    options?: EngineCallOptions,
  ): AsyncGenerator<E> {
    options?.signal?.throwIfAborted();
    const { id } = request;
    const buffered: ThreadReply[] = [];
    let wake: (() => void) | null = null;
    send(request, (reply) => {
      buffered.push(reply);
      wake?.();
      return reply.type === 'error' || reply.type === 'done' || reply.type === 'result';
    });
    const onAbort = () => {
      cancel(id);
      buffered.push({ id, type: 'error', error: { message: 'cancelled' } });
      wake?.();
    };
    options?.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const reply = buffered.shift();
        if (!reply) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        if (reply.type === 'error') {
          options?.signal?.throwIfAborted();
          throw errorOf(reply.error);
        }
        if (reply.type === 'done' || reply.type === 'result') return;
        const event = eventOf(reply);
        if (event !== undefined) yield event;
      }
    } finally {
      options?.signal?.removeEventListener('abort', onAbort);
      cancel(id);
    }
  }

  const describeCourse = (course: CourseInput, options?: EngineCallOptions): AsyncIterable<CourseDescriptionEvent> =>
    stream({ id: nextId++, method: 'describeCourse', course }, (reply) => (reply.type === 'event' ? reply.event : undefined), options);

  const answer = (question: string, context: AnswerContext, options?: EngineCallOptions): AsyncIterable<AnswerEvent> =>
    stream({ id: nextId++, method: 'answer', question, context, wordMs: settings.answerWordMs }, (reply) => (reply.type === 'answer' ? reply.event : undefined), options);

  return {
    name: 'local',
    summary: (document, options) => call(artefact('summary', document), options),
    mindmap: (document, options) => call(artefact('mindmap', document), options),
    flashcards: (document, options) => call(artefact('flashcards', document), options),
    learnPath: (document, options) => call(artefact('learnPath', document), options),
    readAhead: (document, pageCount, options) => call({ method: 'readAhead', document, pageCount }, options),
    describeCourse,
    answer,
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const artefact = (method: ArtefactMethod, document: StudyDocument) => ({ method, document });

function errorOf(error: ThreadError): Error {
  if (error.engineError) {
    const { key, params, retryable } = error.engineError;
    return new StudyEngineError(key, error.message, params, retryable);
  }
  return new Error(error.message);
}
