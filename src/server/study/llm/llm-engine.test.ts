import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { COURSE_SUBJECTS, deckSchema, learnPathSchema, mindmapSchema, summarySchema, type MindmapNode } from '../artefacts';
import { StudyEngineError, type CourseDescriptionEvent, type StudyDocument } from '../engine';
import { hang, reply, replyError, startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../../test/fake-openai';
import { chunkDocument } from './chunks';
import { createLlmEngine, MAX_FLASHCARDS, type LlmEngineOptions } from './llm-engine';

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.close();
});

function engine(overrides: Partial<LlmEngineOptions> = {}) {
  return createLlmEngine({
    baseUrl: fake.url,
    apiKey: 'test-key',
    model: 'test-model',
    timeoutMs: 5000,
    maxRetries: 0,
    ...overrides,
  });
}

const englishPages = [
  'Photosynthesis is the process by which plants turn light into chemical energy. It takes place in the chloroplasts of the leaf and it needs water and carbon dioxide.',
  'Chlorophyll is the green pigment that absorbs light. The light reactions make ATP and NADPH, and they split water into oxygen.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into sugar. It is also called the light-independent reaction.',
];
const germanPages = [
  'Die Photosynthese ist der Vorgang, mit dem die Pflanzen das Licht in chemische Energie umwandeln. Sie findet in den Chloroplasten statt und braucht Wasser und Kohlendioxid.',
  'Das Chlorophyll ist der grüne Farbstoff, der das Licht aufnimmt. Die Lichtreaktion ist nicht von der Temperatur abhängig und sie spaltet das Wasser in Sauerstoff auf.',
];

function documentOf(pages: string[], overrides: Partial<StudyDocument> = {}): StudyDocument {
  return {
    title: 'Photosynthesis',
    language: 'en',
    pages: pages.map((text, i) => ({ pageNumber: i + 1, text, heading: null })),
    ...overrides,
  };
}

const summaryAnswer = {
  title: 'Photosynthesis',
  overview: 'How plants turn light into sugar.',
  sections: [
    { heading: 'Light reactions', page: 2, points: [{ text: 'Chlorophyll absorbs light.', page: 2 }] },
    { heading: 'Calvin cycle', page: 3, points: [{ text: 'Carbon dioxide is fixed into sugar.', page: 3 }] },
  ],
  keyTerms: [
    { term: 'Chlorophyll', definition: 'the green pigment that absorbs light', page: 2 },
    { term: 'Calvin cycle', definition: null, page: 3 },
  ],
};

const outlineAnswer = {
  title: 'Photosynthesis',
  sections: [
    {
      label: 'Light reactions',
      page: 2,
      concepts: [{ label: 'Chlorophyll', page: 2, facts: [{ label: 'It absorbs light.', page: 2 }] }],
    },
    { label: 'Calvin cycle', page: 3, concepts: [{ label: 'Carbon fixation', page: 3, facts: [] }] },
  ],
};

const flashcardsAnswer = {
  cards: [
    { kind: 'definition', front: 'Chlorophyll', back: 'The green pigment that absorbs light.', page: 2 },
    { kind: 'cloze', front: 'The ____ uses ATP and NADPH to fix carbon dioxide.', back: 'Calvin cycle', page: 3 },
    { kind: 'definition', front: 'chlorophyll ', back: 'A duplicate front.', page: 2 },
  ],
};

const empty = { options: [], statementIsTrue: null, answer: '', acceptedAnswers: [], wordBank: [], pairs: [] };
function multipleChoice(correct: number[] = [1]) {
  return {
    ...empty,
    type: 'multiple_choice',
    question: 'Where does photosynthesis take place?',
    explanation: 'It takes place in the chloroplasts.',
    page: 1,
    options: ['Mitochondria', 'Chloroplasts', 'Nucleus', 'Ribosomes'].map((text, i) => ({ text, correct: correct.includes(i) })),
  };
}
function learnPathAnswer(firstChallenge = multipleChoice()) {
  return {
    units: [
      {
        title: 'Light and sugar',
        description: 'How plants capture light and make sugar.',
        page: 1,
        lessons: [
          {
            title: 'The basics',
            challenges: [
              firstChallenge,
              {
                ...empty,
                type: 'true_false',
                question: 'Chlorophyll is red.',
                explanation: 'Chlorophyll is the green pigment.',
                page: 2,
                statementIsTrue: false,
              },
              {
                ...empty,
                type: 'fill_blank',
                question: 'The ____ fixes carbon dioxide into sugar.',
                explanation: 'The Calvin cycle fixes carbon dioxide.',
                page: 3,
                answer: 'Calvin cycle',
                acceptedAnswers: ['calvin-cycle'],
                wordBank: ['Krebs cycle', 'light reaction'],
              },
              {
                ...empty,
                type: 'match',
                question: 'Match each term with its definition.',
                explanation: 'These are the key terms of the chapter.',
                page: 2,
                pairs: [
                  { term: 'Chlorophyll', definition: 'Green pigment' },
                  { term: 'Calvin cycle', definition: 'Fixes carbon dioxide' },
                  { term: 'Chloroplast', definition: 'Where photosynthesis happens' },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The first '[page N]' of a request: the page a part's answers cite, so they stay inside the part. */
function firstPage(request: FakeChatRequest): number {
  const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
  return Number(/\[page (\d+)\]/.exec(user)?.[1] ?? 1);
}

/** A copy of an answer with every `page` set to one page. */
function atPage<T>(answer: T, page: number): T {
  return JSON.parse(JSON.stringify(answer), (key, value: unknown) => (key === 'page' ? page : value)) as T;
}

/** Answers by the JSON schema asked for; a part of a long document gets answers citing its first page. */
function answersBySchema(request: FakeChatRequest) {
  const place = <T>(answer: T) => (/part \d+ of \d+/.test(request.prompt) ? atPage(answer, firstPage(request)) : answer);
  switch (request.schemaName) {
    case 'summary':
    case 'summary_part':
      return reply(place(summaryAnswer));
    case 'mindmap':
    case 'mindmap_part':
      return reply(place(outlineAnswer));
    case 'flashcards':
      return reply(place(flashcardsAnswer));
    case 'learn_path':
      return reply(place(learnPathAnswer()));
    default:
      return replyError(400, `unexpected schema ${request.schemaName}`);
  }
}

async function engineError(promise: Promise<unknown>): Promise<StudyEngineError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StudyEngineError) return error;
    throw error;
  }
  throw new Error('expected a StudyEngineError');
}

async function collect(events: AsyncIterable<CourseDescriptionEvent>): Promise<CourseDescriptionEvent[]> {
  const all: CourseDescriptionEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

function depth(node: MindmapNode): number {
  return 1 + Math.max(0, ...node.children.map(depth));
}

describe('LLM engine: each artefact from plain responses', () => {
  test('summary: a structured-output request to {baseUrl}/chat/completions with the model, key and page markers', async () => {
    fake.enqueue(reply(summaryAnswer));
    const summary = await engine().summary(documentOf(englishPages));

    expect(summarySchema.parse(summary)).toEqual(summary);
    expect(summary.sections.map((section) => section.heading)).toEqual(['Light reactions', 'Calvin cycle']);
    expect(summary.keyTerms[1]).toEqual({ term: 'Calvin cycle', page: 3 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests as [FakeChatRequest];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.model).toBe('test-model');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'summary', strict: true, schema: { type: 'object', required: ['title', 'overview', 'sections', 'keyTerms'] } },
    });
    expect(request.messages[0]?.role).toBe('system');
    for (const [i, text] of englishPages.entries()) expect(request.prompt).toContain(`[page ${i + 1}]\n${text}`);
    expect(request.prompt).toContain('Write every text in English');
  });

  test('mind map: the outline becomes a tree document → sections → concepts → facts with pages and unique ids', async () => {
    fake.enqueue(reply(outlineAnswer));
    const { root } = await engine().mindmap(documentOf(englishPages));

    expect(mindmapSchema.parse({ root })).toEqual({ root });
    expect(root).toMatchObject({ id: 'root', label: 'Photosynthesis', page: 1 });
    expect(root.children.map((node) => [node.id, node.label, node.page])).toEqual([
      ['n1', 'Light reactions', 2],
      ['n2', 'Calvin cycle', 3],
    ]);
    expect(root.children[0]?.children[0]?.children[0]).toEqual({ id: 'n1.1.1', label: 'It absorbs light.', page: 2, children: [] });
    expect(depth(root)).toBe(4);
    expect(fake.requests[0]?.schemaName).toBe('mindmap');
  });

  test('flashcards: a deck with the document title, cards with pages, duplicate fronts dropped', async () => {
    fake.enqueue(reply(flashcardsAnswer));
    const deck = await engine().flashcards(documentOf(englishPages));

    expect(deckSchema.parse(deck)).toEqual(deck);
    expect(deck.title).toBe('Photosynthesis');
    expect(deck.cards.map((card) => [card.kind, card.front, card.page])).toEqual([
      ['definition', 'Chlorophyll', 2],
      ['cloze', 'The ____ uses ATP and NADPH to fix carbon dioxide.', 3],
    ]);
  });

  test('learn path: flat model challenges become the four challenge types', async () => {
    fake.enqueue(reply(learnPathAnswer()));
    const path = await engine().learnPath(documentOf(englishPages));

    expect(learnPathSchema.parse(path)).toEqual(path);
    const challenges = path.units[0]?.lessons[0]?.challenges ?? [];
    expect(challenges.map((challenge) => challenge.type)).toEqual(['multiple_choice', 'true_false', 'fill_blank', 'match']);
    expect(challenges[1]).toMatchObject({ type: 'true_false', answer: false });
    // The model left the answer out of the word bank: it is added, so the blank can be filled from it.
    expect(challenges[2]).toMatchObject({
      type: 'fill_blank',
      answer: 'Calvin cycle',
      acceptedAnswers: ['calvin-cycle'],
      options: ['Krebs cycle', 'light reaction', 'Calvin cycle'],
    });
    expect(challenges[0]).not.toHaveProperty('statementIsTrue');
    expect(fake.requests[0]?.schemaName).toBe('learn_path');
  });

  test('a document without text fails as documentHasNoText without asking the model', async () => {
    const error = await engineError(engine().summary(documentOf(['', '   '])));
    expect(error.key).toBe('documentHasNoText');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('LLM engine: course description', () => {
  test('streams the description in text events, then tags from the subject list', async () => {
    const description = 'This course explains how plants turn light into sugar, from chlorophyll to the Calvin cycle.';
    fake.enqueue(reply(description, 9), reply({ tags: ['Biology', 'Science'] }));
    const events = await collect(
      engine().describeCourse({ name: 'Plant biology', language: 'de', documents: [documentOf(englishPages)] }),
    );

    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.map((event) => event.text).join('')).toBe(description);
    expect(events.at(-1)).toEqual({ type: 'tags', tags: ['Biology', 'Science'] });
    const [streamed, tagging] = fake.requests;
    expect(streamed?.stream).toBe(true);
    expect(streamed?.prompt).toContain('Plant biology');
    expect(streamed?.prompt).toContain('Write in German');
    expect(tagging?.schemaName).toBe('course_tags');
    expect(tagging?.prompt).toContain(description);
    const tagSchema = (tagging?.body.response_format as { json_schema: { schema: { properties: { tags: { items: { enum: string[] } } } } } })
      .json_schema.schema;
    expect(tagSchema.properties.tags.items.enum).toEqual([...COURSE_SUBJECTS]);
  });

  test('a 429 on the stream ends it with a retryable aiRateLimited', async () => {
    fake.enqueue(replyError(429, 'slow down'));
    const error = await engineError(collect(engine().describeCourse({ name: 'C', language: 'en', documents: [] })));
    expect(error).toMatchObject({ key: 'aiRateLimited', retryable: true });
  });
});

describe('LLM engine: invalid answers', () => {
  test('an answer that is not JSON is asked for again with the problem, and the second answer is used', async () => {
    fake.enqueue(reply('Sure! Here is your summary: ...'), reply(summaryAnswer));
    const summary = await engine().summary(documentOf(englishPages));

    expect(summary.title).toBe('Photosynthesis');
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]?.messages ?? [];
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[2]?.content).toBe('Sure! Here is your summary: ...');
    expect(retry[3]?.content).toContain('not valid JSON');
  });

  test('an answer that fails the artefact checks is asked for again, naming the problems', async () => {
    fake.enqueue(reply(learnPathAnswer(multipleChoice([0, 1]))), reply(learnPathAnswer()));
    const path = await engine().learnPath(documentOf(englishPages));

    expect(path.units).toHaveLength(1);
    const fix = fake.requests[1]?.messages.at(-1)?.content ?? '';
    expect(fix).toContain('2 correct options instead of exactly one');
  });

  test('a page that is not in the document is refused', async () => {
    const wrongPage = { ...summaryAnswer, sections: [{ heading: 'Light', page: 9, points: [{ text: 'Light.', page: 2 }] }] };
    fake.enqueue(reply(wrongPage), reply(wrongPage));
    const error = await engineError(engine().summary(documentOf(englishPages)));
    expect(error).toMatchObject({ key: 'aiInvalidOutput', retryable: false });
    expect(fake.requests[1]?.messages.at(-1)?.content).toContain('cites page 9, which is not among the pages given (1, 2, 3)');
  });

  test('invalid twice fails with aiInvalidOutput after exactly two requests', async () => {
    fake.enqueue(reply('{"title": "Photosynthesis"'), reply({ cards: 'none' }));
    const error = await engineError(engine().flashcards(documentOf(englishPages)));
    expect(error.key).toBe('aiInvalidOutput');
    expect(error.params).toEqual({ artefact: 'flashcards' });
    expect(fake.requests).toHaveLength(2);
  });
});

describe('LLM engine: endpoint errors', () => {
  test('429 is a retryable aiRateLimited', async () => {
    fake.enqueue(replyError(429, 'Rate limit reached'));
    const error = await engineError(engine().summary(documentOf(englishPages)));
    expect(error).toMatchObject({ key: 'aiRateLimited', retryable: true });
  });

  test('a 429 with retry-after is retried inside the request when retries are allowed', async () => {
    fake.enqueue(replyError(429, 'Rate limit reached', { 'retry-after-ms': '20' }), reply(summaryAnswer));
    const summary = await engine({ maxRetries: 1 }).summary(documentOf(englishPages));
    expect(summary.title).toBe('Photosynthesis');
    expect(fake.requests).toHaveLength(2);
  });

  test('5xx is a retryable aiUnavailable, and so is an endpoint that cannot be reached', async () => {
    fake.enqueue(replyError(503, 'overloaded'));
    expect(await engineError(engine().mindmap(documentOf(englishPages)))).toMatchObject({ key: 'aiUnavailable', retryable: true });

    const closed = await startFakeOpenAi();
    await closed.close();
    const unreachable = await engineError(engine({ baseUrl: closed.url }).mindmap(documentOf(englishPages)));
    expect(unreachable).toMatchObject({ key: 'aiUnavailable', retryable: true });
  });

  test('401 and 403 are aiNotAuthorized and not retryable', async () => {
    fake.enqueue(replyError(401, 'Incorrect API key'), replyError(403, 'Forbidden'));
    for (let i = 0; i < 2; i++) {
      expect(await engineError(engine().flashcards(documentOf(englishPages)))).toMatchObject({
        key: 'aiNotAuthorized',
        retryable: false,
      });
    }
  });

  test('an endpoint that does not answer in time fails as a retryable aiTimeout', async () => {
    fake.enqueue(hang);
    const started = Date.now();
    const error = await engineError(engine({ timeoutMs: 300 }).summary(documentOf(englishPages)));
    expect(error).toMatchObject({ key: 'aiTimeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test("the caller's abort stops the request and is passed on as it is", async () => {
    fake.enqueue(hang);
    const controller = new AbortController();
    const pending = engine().learnPath(documentOf(englishPages), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 100);
    await expect(pending).rejects.toThrow('job cancelled');

    const aborted = AbortSignal.abort(new Error('already cancelled'));
    await expect(engine().summary(documentOf(englishPages), { signal: aborted })).rejects.toThrow('already cancelled');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('LLM engine: long documents and languages', () => {
  // 40 pages of about 2,400 characters: about 96,000 characters, more than one 48,000-character chunk.
  const longPages = Array.from({ length: 40 }, (_, i) =>
    `Section ${i + 1}. `.concat('Plants use light, water and carbon dioxide to make sugar and oxygen in their leaves. '.repeat(28)),
  );

  test('summary: one map request per chunk, each with its own pages, then one reduce over their notes', async () => {
    const document = documentOf(longPages);
    const chunks = chunkDocument(document);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    fake.respondWith((request) =>
      request.schemaName === 'summary_part'
        ? reply({
            ...atPage(summaryAnswer, firstPage(request)),
            sections: [
              { heading: `Part from ${firstPage(request)}`, page: firstPage(request), points: [{ text: 'A point.', page: firstPage(request) }] },
            ],
          })
        : answersBySchema(request),
    );
    const summary = await engine().summary(document);

    const maps = fake.requests.filter((request) => request.schemaName === 'summary_part');
    const reduces = fake.requests.filter((request) => request.schemaName === 'summary');
    expect(maps).toHaveLength(chunks.length);
    expect(reduces).toHaveLength(1);
    for (const [i, chunk] of chunks.entries()) {
      const map = maps.find((request) => request.prompt.includes(`part ${i + 1} of ${chunks.length}`));
      expect(map?.prompt).toContain(`[page ${chunk.pages[0]}]`);
      expect(map?.prompt).not.toContain(`[page ${chunks[(i + 1) % chunks.length]?.pages[0]}]\n`);
      expect(reduces[0]?.prompt).toContain(`## Part from ${chunk.pages[0]} [page ${chunk.pages[0]}]`);
    }
    expect(summary.title).toBe('Photosynthesis');
  });

  test('mind map, flashcards and learn path: per chunk, then merged (cards capped)', async () => {
    const document = documentOf(longPages);
    const count = chunkDocument(document).length;
    fake.respondWith((request) =>
      request.schemaName === 'flashcards'
        ? reply({
            cards: Array.from({ length: 40 }, (_, i) => ({
              kind: 'concept',
              front: `Question ${i} of ${firstPage(request)}?`,
              back: 'An answer.',
              page: firstPage(request),
            })),
          })
        : answersBySchema(request),
    );
    const llm = engine();
    const { root } = await llm.mindmap(document);
    expect(depth(root)).toBe(4);
    expect(fake.requests.filter((request) => request.schemaName === 'mindmap_part')).toHaveLength(count);
    expect(fake.requests.filter((request) => request.schemaName === 'mindmap')).toHaveLength(1);

    const deck = await llm.flashcards(document);
    expect(fake.requests.filter((request) => request.schemaName === 'flashcards')).toHaveLength(count);
    expect(deck.cards).toHaveLength(MAX_FLASHCARDS);
    expect(new Set(deck.cards.map((card) => card.front)).size).toBe(MAX_FLASHCARDS);
    expect(new Set(deck.cards.map((card) => card.page)).size).toBe(count);

    const path = await llm.learnPath(document);
    expect(path.units).toHaveLength(count);
  });

  test('a German document is written in German, even in a course whose language is English', async () => {
    fake.enqueue(reply(atPage(summaryAnswer, 2)), reply(atPage(summaryAnswer, 2)));
    await engine().summary(documentOf(germanPages, { language: 'de' }));
    await engine().summary(documentOf(germanPages, { language: 'en' }));
    for (const request of fake.requests) {
      expect(request.messages[0]?.content).toContain('Write every text in German (language code de)');
    }
  });

  test('a document too short to tell its language follows the course language', async () => {
    fake.enqueue(reply({ ...summaryAnswer, sections: [{ heading: 'A', page: 1, points: [{ text: 'B.', page: 1 }] }], keyTerms: [] }));
    await engine().summary(documentOf(['Photosynthese.'], { language: 'de' }));
    expect(fake.requests[0]?.messages[0]?.content).toContain('Write every text in German');
  });
});
