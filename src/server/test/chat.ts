import { filePage } from '../db/schema';
import { splitIntoPages } from '../ingest/text-pages';
import type { Services } from '../services';
import { generateArtefact, markQueued } from '../study/pipeline/pipeline';
import { lectureText } from './lecture';
import { insertCourse, insertFile } from './courses';
import { requestApp, type TestUser } from './harness';

/**
 * What the chat's tests share: a file whose chunks and summary the real pipeline made (with the test's engine), and a
 * reader of the UI message stream POST /api/chat answers with.
 */

/** The test lecture cut into pages of about 900 characters: its sections land on different pages. */
export const lecturePages = splitIntoPages(lectureText, 900);

export async function readyChatFile(
  services: Services,
  owner: TestUser,
  options: { courseId?: string; name?: string; pages?: string[]; language?: 'en' | 'de'; summary?: boolean } = {},
) {
  const pages = options.pages ?? lecturePages;
  const courseId = options.courseId ?? (await insertCourse(services, owner, { language: options.language ?? 'en' })).id;
  const stored = await insertFile(services, owner, courseId, {
    name: options.name ?? 'Cell Biology.txt',
    extension: 'txt',
    mimeType: 'text/plain',
    status: 'ready',
    pageCount: pages.length,
  });
  await services.db.insert(filePage).values(pages.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
  const kinds = options.summary === false ? (['chunks'] as const) : (['chunks', 'summary'] as const);
  await markQueued(services.db, stored.id, kinds);
  const pipeline = { db: services.db, engine: services.engine, log: services.log };
  for (const kind of kinds) {
    const outcome = await generateArtefact(pipeline, stored.id, kind);
    if (outcome !== 'ready') throw new Error(`the ${kind} of the test file came out ${outcome}`);
  }
  return { file: stored, courseId };
}

/** One part of a UI message stream (its `data:` lines' JSON). */
export interface StreamChunk {
  type: string;
  delta?: string;
  messageId?: string;
  messageMetadata?: { citations?: { fileId: string; fileName: string; page: number; quote: string }[]; status?: string };
  errorText?: string;
}

/** Reads a whole UI message stream; `onChunk` may stop reading early by returning false. */
export async function readStream(response: Response, onChunk?: (chunk: StreamChunk) => boolean | void): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('the response has no body');
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data || data === '[DONE]') continue;
      const chunk = JSON.parse(data) as StreamChunk;
      chunks.push(chunk);
      if (onChunk?.(chunk) === false) {
        await reader.cancel();
        return chunks;
      }
    }
  }
  return chunks;
}

export const textOf = (chunks: StreamChunk[]) =>
  chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta ?? '')
    .join('');

/** The last citations the stream's metadata carried. */
export const citationsOf = (chunks: StreamChunk[]) =>
  chunks.flatMap((chunk) => (chunk.messageMetadata?.citations ? [chunk.messageMetadata.citations] : [])).at(-1) ?? [];

/** POST /api/chat as the client sends it. */
export function ask(services: Services, actor: TestUser | null, body: Record<string, unknown>, init: RequestInit = {}) {
  const headers = new Headers(actor?.headers);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  return requestApp(services, '/api/chat', { method: 'POST', ...init, headers, json: body });
}
