import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  Output,
  RetryError,
  streamText,
  TypeValidationError,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import type { z } from 'zod';
import type { CourseSubject, Deck, LearnPath, Mindmap, Summary } from '../../../../shared/artefacts';
import { PageIndex } from '../content-checks';
import {
  notCoveredAnswer,
  StudyEngineError,
  type AnswerContext,
  type AnswerEvent,
  type AnswerPassage,
  type CourseDescriptionEvent,
  type CourseInput,
  type EngineCallOptions,
  type StudyDocument,
  type StudyEngine,
} from '../engine';
import { batchTexts, chunkDocument, DEFAULT_CHUNK_CHARS, documentLanguage, languageName, type DocumentChunk } from './chunks';
import {
  courseDescriptionPrompt,
  courseDescriptionSystem,
  courseTagsPrompt,
  courseTagsSystem,
  flashcardsPrompt,
  learnPathPrompt,
  mindmapMergePrompt,
  mindmapPartPrompt,
  mindmapPrompt,
  partIntro,
  studySystemPrompt,
  summaryMergePrompt,
  summaryPrompt,
  tutorQuestion,
  tutorSystem,
} from './prompts';
import {
  checkOutline,
  courseTagsModelSchema,
  flashcardsModelSchema,
  InvalidOutput,
  learnPathModelSchema,
  mergeDecks,
  mergeLearnPath,
  mindmapModelSchema,
  summaryModelSchema,
  toFlashcards,
  toLearnPathUnits,
  toMindmap,
  toSummary,
  type MindmapModel,
  type SummaryModel,
} from './model-schemas';

/**
 * The `llm` study engine (DESIGN §6): every artefact from a model behind any OpenAI-compatible chat completions
 * endpoint (OpenAI, Azure OpenAI's v1 endpoint, Ollama, vLLM, llama.cpp's server), through the AI SDK's structured
 * output with zod schemas. Answers are converted to the artefacts and put through the content checks every engine
 * passes (content-checks.ts: cited pages that exist and hold the text, one correct option, distinct options, …); an
 * invalid answer is asked for once more with its problems, then fails. Long documents are
 * map-reduced: the pages are packed into chunks that fit the context budget, each chunk is summarised or mined (map),
 * and the parts are combined (reduce; in rounds when even the parts do not fit at once).
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
function failure<K extends LlmEngineErrorKey>(key: K, message: string, params: ParamsOf<K>, retryable = false): StudyEngineError {
  return new StudyEngineError(key, message, params, retryable);
}

export const MAX_FLASHCARDS = 60;
export const MAX_UNITS = 40;
const ANSWER_ATTEMPTS = 2;

export function createLlmEngine(options: LlmEngineOptions): StudyEngine {
  const provider = createOpenAICompatible({
    name: 'studypath-llm',
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey,
    supportsStructuredOutputs: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const engine = new LlmEngine(provider.chatModel(options.model), options);
  return {
    name: 'llm',
    summary: (document, call) => engine.summary(document, call),
    mindmap: (document, call) => engine.mindmap(document, call),
    flashcards: (document, call) => engine.flashcards(document, call),
    learnPath: (document, call) => engine.learnPath(document, call),
    describeCourse: (course, call) => engine.describeCourse(course, call),
    answer: (question, context, call) => engine.answer(question, context, call),
  };
}

/** Maps what a request ended with to the engine's errors; the caller's own abort is passed on as it is. */
function toEngineError(error: unknown, timedOut: boolean, signal: AbortSignal | undefined): unknown {
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

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
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

/** The pages with their text that answers about `pages` may cite: what their content checks hold them to. */
function pageIndex(document: StudyDocument, pages: readonly number[]): PageIndex {
  const given = new Set(pages);
  const sorted = [...given].sort((a, b) => a - b);
  const list = sorted.length <= 8 ? sorted.join(', ') : `${sorted[0]}–${sorted.at(-1)}`;
  return new PageIndex(
    document.pages.filter((page) => given.has(page.pageNumber)),
    `is not among the pages given (${list})`,
  );
}

function renderSummaryNotes(notes: SummaryModel): string {
  const lines: string[] = [];
  for (const section of notes.sections) {
    lines.push(`## ${section.heading} [page ${section.page}]`);
    for (const point of section.points) lines.push(`- ${point.text} [page ${point.page}]`);
  }
  if (notes.keyTerms.length > 0) lines.push('Key terms:');
  for (const entry of notes.keyTerms) lines.push(`- ${entry.term}${entry.definition ? `: ${entry.definition}` : ''} [page ${entry.page}]`);
  return lines.join('\n');
}

function renderOutline(outline: MindmapModel): string {
  const lines: string[] = [];
  for (const section of outline.sections) {
    lines.push(`- ${section.label} [page ${section.page}]`);
    for (const item of section.concepts) {
      lines.push(`  - ${item.label} [page ${item.page}]`);
      for (const entry of item.facts) lines.push(`    - ${entry.label} [page ${entry.page}]`);
    }
  }
  return lines.join('\n');
}

interface StructuredStep<M, A> {
  /** The JSON schema's name (response_format.json_schema.name), e.g. 'summary' or 'summary_part'. */
  name: string;
  /** What is asked for, for error messages: 'summary'. */
  label: string;
  schema: z.ZodType<M>;
  system: string;
  prompt: string;
  convert: (model: M) => A;
}

class LlmEngine {
  private readonly maxRetries: number;
  private readonly chunkChars: number;
  private readonly concurrency: number;

  constructor(
    private readonly model: LanguageModel,
    private readonly options: LlmEngineOptions,
  ) {
    this.maxRetries = options.maxRetries ?? 2;
    this.chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
    this.concurrency = options.concurrency ?? 2;
  }

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
  private async structured<M, A>(step: StructuredStep<M, A>, signal: AbortSignal | undefined): Promise<A> {
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
            maxRetries: this.maxRetries,
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

  private system(document: StudyDocument): string {
    const code = documentLanguage(document);
    return studySystemPrompt(languageName(code), code);
  }

  private chunks(document: StudyDocument): DocumentChunk[] {
    const chunks = chunkDocument(document, this.chunkChars);
    if (chunks.length === 0) throw failure('documentHasNoText', 'The document has no text to study from.', {});
    return chunks;
  }

  /**
   * Map-reduce: one answer per chunk, then the answers' texts combined in rounds of batches that fit the budget until
   * one remains. A document of one chunk is answered in one request (`single`).
   */
  private async mapReduce<P, F>(
    chunks: DocumentChunk[],
    steps: {
      single: (chunk: DocumentChunk) => Promise<F>;
      map: (chunk: DocumentChunk) => Promise<P>;
      render: (part: P) => string;
      reduce: (texts: string[], final: boolean) => Promise<P | F>;
    },
  ): Promise<F> {
    const [first] = chunks;
    if (chunks.length === 1 && first) return steps.single(first);
    let texts = (await mapLimit(chunks, this.concurrency, steps.map)).map(steps.render);
    for (;;) {
      const batches = batchTexts(texts, this.chunkChars);
      if (batches.length === 1) return (await steps.reduce(texts, true)) as F;
      const parts = await mapLimit(batches, this.concurrency, (batch) => steps.reduce(batch, false));
      texts = (parts as P[]).map(steps.render);
    }
  }

  async summary(document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Summary> {
    const chunks = this.chunks(document);
    const system = this.system(document);
    const allPages = pageIndex(document, chunks.flatMap((chunk) => chunk.pages));
    const notes = (chunk: DocumentChunk, name: string) =>
      this.structured(
        {
          name,
          label: 'summary',
          schema: summaryModelSchema,
          system,
          prompt: summaryPrompt(partIntro(document.title, chunk, chunks.length), chunk.text),
          convert: (model) => {
            toSummary(model, pageIndex(document, chunk.pages));
            return model;
          },
        },
        signal,
      );
    return this.mapReduce<SummaryModel, Summary>(chunks, {
      single: async (chunk) => toSummary(await notes(chunk, 'summary'), allPages),
      map: (chunk) => notes(chunk, 'summary_part'),
      render: renderSummaryNotes,
      reduce: (texts, final) =>
        this.structured<SummaryModel, SummaryModel | Summary>(
          {
            name: final ? 'summary' : 'summary_part',
            label: 'summary',
            schema: summaryModelSchema,
            system,
            prompt: summaryMergePrompt(document.title, texts, final),
            convert: (model) => {
              const summary = toSummary(model, allPages);
              return final ? summary : model;
            },
          },
          signal,
        ),
    });
  }

  async mindmap(document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Mindmap> {
    const chunks = this.chunks(document);
    const system = this.system(document);
    const allPages = pageIndex(document, chunks.flatMap((chunk) => chunk.pages));
    const rootPage = chunks[0]?.pages[0] ?? 1;
    const finish = (outline: MindmapModel) => toMindmap(outline, document.title, rootPage);
    return this.mapReduce<MindmapModel, Mindmap>(chunks, {
      single: (chunk) =>
        this.structured(
          {
            name: 'mindmap',
            label: 'mind map',
            schema: mindmapModelSchema,
            system,
            prompt: mindmapPrompt(partIntro(document.title, chunk, 1), chunk.text),
            convert: (model) => finish(checkOutline(model, pageIndex(document, chunk.pages), rootPage)),
          },
          signal,
        ),
      map: (chunk) =>
        this.structured(
          {
            name: 'mindmap_part',
            label: 'mind map',
            schema: mindmapModelSchema,
            system,
            prompt: mindmapPartPrompt(partIntro(document.title, chunk, chunks.length), chunk.text),
            convert: (model) => checkOutline(model, pageIndex(document, chunk.pages), chunk.pages[0] ?? rootPage),
          },
          signal,
        ),
      render: renderOutline,
      reduce: (texts, final) =>
        this.structured<MindmapModel, MindmapModel | Mindmap>(
          {
            name: final ? 'mindmap' : 'mindmap_part',
            label: 'mind map',
            schema: mindmapModelSchema,
            system,
            prompt: mindmapMergePrompt(document.title, texts, final),
            convert: (model) => {
              const outline = checkOutline(model, allPages, rootPage);
              return final ? finish(outline) : outline;
            },
          },
          signal,
        ),
    });
  }

  async flashcards(document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Deck> {
    const chunks = this.chunks(document);
    const system = this.system(document);
    const perChunk = Math.min(40, Math.max(8, Math.ceil(MAX_FLASHCARDS / chunks.length) + 4));
    const decks = await mapLimit(chunks, this.concurrency, (chunk) =>
      this.structured(
        {
          name: 'flashcards',
          label: 'flashcards',
          schema: flashcardsModelSchema,
          system,
          prompt: flashcardsPrompt(perChunk, partIntro(document.title, chunk, chunks.length), chunk.text),
          convert: (model) => toFlashcards(model, pageIndex(document, chunk.pages)),
        },
        signal,
      ),
    );
    if (decks.every((cards) => cards.length === 0)) {
      throw failure('aiNoContent', 'The AI model found nothing in the document to make flashcards from.', {});
    }
    return mergeDecks(document.title, decks, MAX_FLASHCARDS);
  }

  async learnPath(document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<LearnPath> {
    const chunks = this.chunks(document);
    const system = this.system(document);
    const parts = await mapLimit(chunks, this.concurrency, (chunk) =>
      this.structured(
        {
          name: 'learn_path',
          label: 'learn path',
          schema: learnPathModelSchema,
          system,
          prompt: learnPathPrompt(partIntro(document.title, chunk, chunks.length), chunk.text),
          convert: (model) => toLearnPathUnits(model, pageIndex(document, chunk.pages)),
        },
        signal,
      ),
    );
    return mergeLearnPath(parts, MAX_UNITS);
  }

  async *describeCourse(course: CourseInput, { signal }: EngineCallOptions = {}): AsyncIterable<CourseDescriptionEvent> {
    const code = course.language.trim() || 'en';
    const system = courseDescriptionSystem(languageName(code), code);
    const share = Math.max(1500, Math.floor(this.chunkChars / Math.max(1, course.documents.length)));
    const documents = course.documents
      .map((document) => {
        const text = document.pages.map((page) => page.text.trim()).filter(Boolean).join('\n').slice(0, share);
        return `### ${document.title}\n${text}`;
      })
      .join('\n\n');
    const prompt = courseDescriptionPrompt(course.name, documents);

    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let description = '';
    try {
      const result = streamText({
        model: this.model,
        system,
        prompt,
        maxRetries: this.maxRetries,
        abortSignal,
        // Errors arrive as parts of the stream below; without this the SDK would also log them.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text.length > 0) {
          description += part.text;
          yield { type: 'text', text: part.text };
        } else if (part.type === 'error') {
          throw part.error;
        }
      }
      abortSignal.throwIfAborted();
    } catch (error) {
      throw toEngineError(error, timeout.aborted, signal);
    }
    if (description.trim().length === 0) {
      throw failure('aiInvalidOutput', 'The AI model wrote an empty course description.', {});
    }

    const tags = await this.structured(
      {
        name: 'course_tags',
        label: 'course tags',
        schema: courseTagsModelSchema,
        system: courseTagsSystem,
        prompt: courseTagsPrompt(course.name, course.documents.map((document) => document.title), description.trim()),
        convert: (model): CourseSubject[] => {
          const unique = [...new Set(model.tags)].slice(0, 3);
          if (unique.length === 0) throw new InvalidOutput(['tags is empty; pick at least one subject']);
          return unique;
        },
      },
      signal,
    );
    yield { type: 'tags', tags };
  }

  /**
   * The tutor's chat answer (issue 5), streamed as the model writes it. The model sees the retrieved passages,
   * numbered, and the recent conversation; it may answer from the passages only and marks what it uses with [n].
   * Those markers are renumbered in the order they first appear, each announced by its citation (AnswerEvent's
   * contract); a marker naming no passage is dropped. Without passages the model is not asked at all.
   */
  async *answer(question: string, context: AnswerContext, { signal }: EngineCallOptions = {}): AsyncIterable<AnswerEvent> {
    const code = context.language.trim().split(/[-_]/)[0] || 'en';
    if (context.passages.length === 0) {
      yield { type: 'text', text: notCoveredAnswer(code) };
      return;
    }
    const system = tutorSystem(languageName(code));
    const passages = context.passages
      .map((passage, index) => `[${index + 1}] ${passage.fileName}, page ${passage.page}:\n${passage.text}`)
      .join('\n\n');
    const messages: ModelMessage[] = [
      ...context.history.map((turn): ModelMessage => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: tutorQuestion(passages, question) },
    ];
    const markers = new CitationMarkers(context.passages);

    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let written = '';
    try {
      const result = streamText({
        model: this.model,
        system,
        messages,
        maxRetries: this.maxRetries,
        abortSignal,
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text.length > 0) {
          for (const event of markers.push(part.text)) {
            if (event.type === 'text') written += event.text;
            yield event;
          }
        } else if (part.type === 'error') {
          throw part.error;
        }
      }
      abortSignal.throwIfAborted();
    } catch (error) {
      throw toEngineError(error, timeout.aborted, signal);
    }
    for (const event of markers.end()) {
      if (event.type === 'text') written += event.text;
      yield event;
    }
    if (written.trim().length === 0) {
      throw failure('aiInvalidOutput', 'The AI model wrote an empty answer.', {});
    }
  }
}

/** A citation's quote: the passage's start, cut at a word. */
function quoteOf(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max);
  return `${flat.slice(0, cut > max / 2 ? cut : max)}…`;
}

/**
 * Rewrites a streamed answer's passage markers ([3], [1, 4], [2][5]) into citation numbers in order of first use,
 * announcing each citation before the text that first marks it. A marker split across deltas ("… [" then "2] …") is
 * held back until it is complete.
 */
class CitationMarkers {
  private readonly numbers = new Map<number, number>();
  private held = '';

  constructor(private readonly passages: readonly AnswerPassage[]) {}

  push(delta: string): AnswerEvent[] {
    const text = this.held + delta;
    const open = /\[[\d,\s]{0,12}$/.exec(text);
    this.held = open ? open[0] : '';
    return this.rewrite(open ? text.slice(0, open.index) : text);
  }

  end(): AnswerEvent[] {
    const rest = this.held;
    this.held = '';
    return this.rewrite(rest);
  }

  private rewrite(text: string): AnswerEvent[] {
    const events: AnswerEvent[] = [];
    let plain = '';
    let last = 0;
    for (const match of text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
      plain += text.slice(last, match.index);
      last = match.index + match[0].length;
      for (const given of (match[1] ?? '').split(',').map((part) => Number(part.trim()))) {
        const passage = this.passages[given - 1];
        if (!passage) continue;
        let number = this.numbers.get(given);
        if (number === undefined) {
          number = this.numbers.size + 1;
          this.numbers.set(given, number);
          if (plain) events.push({ type: 'text', text: plain });
          plain = '';
          events.push({ type: 'citation', citation: { passage: given - 1, quote: quoteOf(passage.text) } });
        }
        plain += `[${number}]`;
      }
    }
    plain += text.slice(last);
    if (plain) events.push({ type: 'text', text: plain });
    return events;
  }
}
