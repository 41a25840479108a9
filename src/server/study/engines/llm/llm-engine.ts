import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { StudyEngine } from '../engine';
import { tutorAnswer } from './answer';
import { makeFlashcards, makeLearnPath } from './cards-and-path';
import { DEFAULT_CHUNK_CHARS } from './chunks';
import { describeCourse } from './course-description';
import type { StudyTools } from './document-work';
import { ModelClient } from './model-client';
import { makeMindmap, makeSummary } from './summary-and-map';

export { MAX_FLASHCARDS, MAX_UNITS } from './cards-and-path';
export { llmEngineErrorKeys, llmEngineErrors, type LlmEngineErrorKey } from './errors';

/**
 * The `llm` study engine (DESIGN §6): every artefact from a model behind any OpenAI-compatible chat completions
 * endpoint (OpenAI, Azure OpenAI's v1 endpoint, Ollama, vLLM, llama.cpp's server), through the AI SDK's structured
 * output with zod schemas. Answers are converted to the artefacts and put through the content checks every engine
 * passes (content-checks.ts: cited pages that exist and hold the text, one correct option, distinct options, …); an
 * invalid answer is asked for once more with its problems, then fails. Long documents are
 * map-reduced: the pages are packed into chunks that fit the context budget, each chunk is summarised or mined (map),
 * and the parts are combined (reduce; in rounds when even the parts do not fit at once).
 *
 * This file only puts the engine together from its parts, so each can be read on its own:
 * - model-client.ts: how a request is made (timeout, retries, abort, structured answers asked again with their problems);
 * - errors.ts: the errors the engine reports and how a request's failure maps to them;
 * - document-work.ts: a document's chunks, system prompt and citable pages, and map-reduce over the chunks;
 * - summary-and-map.ts, cards-and-path.ts: the study material; course-description.ts; answer.ts: the tutor's answer;
 * - prompts.ts: the wording; model-schemas.ts: the answers' schemas and their conversion; chunks.ts: the chunking.
 */

export interface LlmEngineOptions {
  /** The endpoint's base URL; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; local servers (Ollama, llama.cpp) need none. */
  apiKey: string | undefined;
  model: string;
  /** Time allowed for one request to the model (a streamed one included) before it fails as 'aiTimeout'. */
  timeoutMs: number;
  /** For tests or proxies; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Retries of a 429 or 5xx inside one request, with backoff (honouring retry-after), before it fails. Default 2. */
  maxRetries?: number;
  /** Characters of document text per request (map-reduce chunk size). Default 48,000 (≈ 12k tokens). */
  chunkChars?: number;
  /** Map requests in flight at once for a long document. Default 2. */
  concurrency?: number;
}

export function createLlmEngine(options: LlmEngineOptions): StudyEngine {
  const provider = createOpenAICompatible({
    name: 'studypath-llm',
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey,
    supportsStructuredOutputs: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const client = new ModelClient(provider.chatModel(options.model), {
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });
  const tools: StudyTools = {
    client,
    chunkChars: options.chunkChars ?? DEFAULT_CHUNK_CHARS,
    concurrency: options.concurrency ?? 2,
  };
  return {
    name: 'llm',
    summary: (document, call) => makeSummary(tools, document, call),
    mindmap: (document, call) => makeMindmap(tools, document, call),
    flashcards: (document, call) => makeFlashcards(tools, document, call),
    learnPath: (document, call) => makeLearnPath(tools, document, call),
    describeCourse: (course, call) => describeCourse(client, tools.chunkChars, course, call),
    answer: (question, context, call) => tutorAnswer(client, question, context, call),
  };
}
