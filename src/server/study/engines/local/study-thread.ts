import { parentPort } from 'node:worker_threads';
import type { StudyDocument } from '../engine';
import { StudyEngineError } from '../engine';
import { answerQuestion } from './answer';
import { createLocalEngine } from './local-engine';
import type { ThreadError, ThreadReply, ThreadRequest } from './thread-protocol';

/**
 * Entry point of the local engine's thread (threaded-engine.ts): the engine's CPU work — reading a whole book takes
 * most of a second — runs here, so the web process keeps answering meanwhile. Requests are answered in the order
 * they arrive. The artefact jobs of one file each send the same document; the first one's analysis serves the rest
 * (the engine caches it per document object, and identical documents are mapped onto the first one received).
 */
const engine = createLocalEngine();
const recent = new Map<string, StudyDocument>();
const RECENT_DOCUMENTS = 4;
/** Requests received and not finished; a cancel for one of them makes it end without an answer. */
const pending = new Set<number>();
const cancelled = new Set<number>();

function post(reply: ThreadReply) {
  parentPort?.postMessage(reply);
}

function errorOf(error: unknown): ThreadError {
  if (error instanceof StudyEngineError) {
    return { message: error.message, engineError: { key: error.key, params: error.params, retryable: error.retryable } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** A key for a document's content: its title, language and a 32-bit FNV-1a hash over every page. */
function keyOf(document: StudyDocument): string {
  let hash = 0x811c9dc5;
  let length = 0;
  for (const page of document.pages) {
    const text = `${page.pageNumber}\u0000${page.heading ?? ''}\u0000${page.text}\u0001`;
    length += text.length;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return `${document.title}\u0000${document.language}\u0000${length}\u0000${(hash >>> 0).toString(16)}`;
}

function shared(document: StudyDocument): StudyDocument {
  const key = keyOf(document);
  const known = recent.get(key);
  recent.delete(key);
  recent.set(key, known ?? document);
  while (recent.size > RECENT_DOCUMENTS) {
    const oldest = recent.keys().next().value;
    if (oldest === undefined) break;
    recent.delete(oldest);
  }
  return known ?? document;
}

async function handle(request: ThreadRequest): Promise<void> {
  if (request.method === 'cancel') {
    if (pending.has(request.id)) cancelled.add(request.id);
    return;
  }
  try {
    if (request.method === 'answer') {
      const pace = request.wordMs === undefined ? {} : { chunkMs: request.wordMs };
      for await (const event of answerQuestion(request.question, request.context, pace)) {
        if (cancelled.has(request.id)) break;
        post({ id: request.id, type: 'answer', event });
      }
      post({ id: request.id, type: 'done' });
      return;
    }
    if (request.method === 'describeCourse') {
      const course = { ...request.course, documents: request.course.documents.map(shared) };
      for await (const event of engine.describeCourse(course)) {
        if (cancelled.has(request.id)) break;
        post({ id: request.id, type: 'event', event });
      }
      post({ id: request.id, type: 'done' });
      return;
    }
    if (cancelled.has(request.id)) return;
    if (request.method === 'readAhead') {
      // Pages read so far: not mapped onto a recent document (the whole one comes later under its own key).
      post({ id: request.id, type: 'result', value: await engine.readAhead?.(request.document, request.pageCount) ?? null });
      return;
    }
    const value = await engine[request.method](shared(request.document));
    post({ id: request.id, type: 'result', value });
  } catch (error) {
    post({ id: request.id, type: 'error', error: errorOf(error) });
  } finally {
    pending.delete(request.id);
    cancelled.delete(request.id);
  }
}

// One request at a time: a second would only interleave with the first on the same core. Between two, the thread
// goes back to its event loop, so that a cancel sent meanwhile is read before the next request starts.
let queue = Promise.resolve();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
parentPort?.on('message', (request: ThreadRequest) => {
  if (request.method === 'cancel') {
    void handle(request);
    return;
  }
  pending.add(request.id);
  // An answer takes milliseconds to compose and is then paced out by timers: it does not wait behind a long document.
  if (request.method === 'answer') {
    void handle(request);
    return;
  }
  queue = queue.then(nextTurn).then(() => handle(request));
});
