import { PageIndex } from '../content-checks';
import type { StudyDocument } from '../engine';
import { batchTexts, chunkDocument, documentLanguage, languageName, type DocumentChunk } from './chunks';
import { failure } from './errors';
import type { ModelClient } from './model-client';
import { studySystemPrompt } from './prompts';

/**
 * How the LLM engine works through one document, shared by the study-material artefacts (summary-and-map.ts,
 * cards-and-path.ts): the document's chunks (a document without text fails here, before any request), the system
 * prompt in its language, the pages an answer may cite, and map-reduce over the chunks with a bounded number of
 * requests in flight. A long document is map-reduced: each chunk is summarised or mined (map), and the parts are
 * combined (reduce; in rounds when even the parts do not fit at once).
 */

/** What making an artefact needs from the engine: the client that asks the model, and the limits of the work. */
export interface StudyTools {
  client: ModelClient;
  /** Characters of document text per request (map-reduce chunk size). */
  chunkChars: number;
  /** Map requests in flight at once for a long document. */
  concurrency: number;
}

/** The document's chunks; a document without text fails as 'documentHasNoText'. */
export function documentChunks(document: StudyDocument, chunkChars: number): DocumentChunk[] {
  const chunks = chunkDocument(document, chunkChars);
  if (chunks.length === 0) throw failure('documentHasNoText', 'The document has no text to study from.', {});
  return chunks;
}

/** The system prompt of the document's requests, in the document's own language. */
export function documentSystem(document: StudyDocument): string {
  const code = documentLanguage(document);
  return studySystemPrompt(languageName(code), code);
}

/** The pages with their text that answers about `pages` may cite: what their content checks hold them to. */
export function pageIndex(document: StudyDocument, pages: readonly number[]): PageIndex {
  const given = new Set(pages);
  const sorted = [...given].sort((a, b) => a - b);
  const list = sorted.length <= 8 ? sorted.join(', ') : `${sorted[0]}–${sorted.at(-1)}`;
  return new PageIndex(
    document.pages.filter((page) => given.has(page.pageNumber)),
    `is not among the pages given (${list})`,
  );
}

/** `fn` over the items with at most `limit` in flight, results in the items' order; after a failure none is started. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Map-reduce: one answer per chunk, then the answers' texts combined in rounds of batches that fit the budget until
 * one remains. A document of one chunk is answered in one request (`single`).
 */
export async function mapReduce<P, F>(
  chunks: DocumentChunk[],
  tools: StudyTools,
  steps: {
    single: (chunk: DocumentChunk) => Promise<F>;
    map: (chunk: DocumentChunk) => Promise<P>;
    render: (part: P) => string;
    reduce: (texts: string[], final: boolean) => Promise<P | F>;
  },
): Promise<F> {
  const [first] = chunks;
  if (chunks.length === 1 && first) return steps.single(first);
  let texts = (await mapLimit(chunks, tools.concurrency, steps.map)).map(steps.render);
  for (;;) {
    const batches = batchTexts(texts, tools.chunkChars);
    if (batches.length === 1) return (await steps.reduce(texts, true)) as F;
    const parts = await mapLimit(batches, tools.concurrency, (batch) => steps.reduce(batch, false));
    texts = (parts as P[]).map(steps.render);
  }
}
