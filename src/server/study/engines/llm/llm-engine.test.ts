import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { COURSE_SUBJECTS, deckSchema, learnPathSchema, mindmapSchema, summarySchema } from '../../../../shared/artefacts';
import { checkDeck, checkLearnPath, checkMindmap, checkSummary, mindmapDepth, PageIndex } from '../content-checks';
import { StudyEngineError, type CourseDescriptionEvent, type StudyDocument } from '../engine';
import { hang, reply, replyError, startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../../../test/fake-openai';
import { chunkDocument } from './chunks';
import { createLlmEngine, MAX_FLASHCARDS, type LlmEngineOptions } from './llm-engine';
import type { ChallengeModel, FlashcardsModel, MindmapModel, SummaryModel } from './model-schemas';
import {
  documentOf,
  fillBlank,
  firstPage,
  flashcardsAnswer,
  learnPathAnswer,
  match,
  multipleChoice,
  outlineAnswer,
  photosynthesisPages,
  summaryAnswer,
  trueFalse,
} from '../../../test/llm-answers';

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

const englishPages = photosynthesisPages;
const germanPages = [
  'Die Photosynthese ist der Vorgang, mit dem die Pflanzen das Licht in chemische Energie umwandeln. Sie findet in den Chloroplasten statt und braucht Wasser und Kohlendioxid.',
  'Das Chlorophyll ist der grüne Farbstoff, der das Licht aufnimmt. Die Lichtreaktion ist nicht von der Temperatur abhängig und sie spaltet das Wasser in Sauerstoff auf.',
];
const germanSummaryAnswer: SummaryModel = {
  title: 'Photosynthese',
  overview: 'Wie Pflanzen Licht in chemische Energie umwandeln.',
  sections: [
    { heading: 'Photosynthese', page: 1, points: [{ text: 'Die Photosynthese findet in den Chloroplasten statt.', page: 1 }] },
    { heading: 'Lichtreaktion', page: 2, points: [{ text: 'Die Lichtreaktion spaltet das Wasser in Sauerstoff auf.', page: 2 }] },
  ],
  keyTerms: [{ term: 'Chlorophyll', definition: 'der grüne Farbstoff, der das Licht aufnimmt', page: 2 }],
};

/** The content checks every engine's output passes, over the pages of `document`: no problems expected. */
const checksOf = (document: StudyDocument) => new PageIndex(document.pages);

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

describe('LLM engine: each artefact from plain responses, passing the content checks', () => {
  const document = documentOf(englishPages);

  test('summary: a structured-output request to {baseUrl}/chat/completions with the model, key and page markers', async () => {
    fake.enqueue(reply(summaryAnswer));
    const summary = await engine().summary(document);

    expect(summarySchema.parse(summary)).toEqual(summary);
    expect(checkSummary(summary, checksOf(document))).toEqual([]);
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
    const { root } = await engine().mindmap(document);

    expect(mindmapSchema.parse({ root })).toEqual({ root });
    expect(checkMindmap({ root }, checksOf(document))).toEqual([]);
    expect(root).toMatchObject({ id: 'root', label: 'Photosynthesis', page: 1 });
    expect(root.children.map((node) => [node.id, node.label, node.page])).toEqual([
      ['n1', 'Light reactions', 2],
      ['n2', 'Calvin cycle', 3],
    ]);
    expect(root.children[0]?.children[0]?.children[0]).toEqual({ id: 'n1.1.1', label: 'It absorbs light.', page: 2, children: [] });
    expect(mindmapDepth(root)).toBe(4);
    expect(fake.requests[0]?.schemaName).toBe('mindmap');
  });

  test('flashcards: a deck with the document title, cards with pages, duplicate fronts dropped', async () => {
    fake.enqueue(reply(flashcardsAnswer));
    const deck = await engine().flashcards(document);

    expect(deckSchema.parse(deck)).toEqual(deck);
    expect(checkDeck(deck, checksOf(document))).toEqual([]);
    expect(deck.title).toBe('Photosynthesis');
    // In the document's order: by page.
    expect(deck.cards.map((card) => [card.kind, card.front, card.page])).toEqual([
      ['concept', 'Where does photosynthesis take place?', 1],
      ['definition', 'Chlorophyll', 2],
      ['cloze', 'The ____ uses ATP and NADPH to fix carbon dioxide.', 3],
    ]);
  });

  test('learn path: flat model challenges become the four challenge types', async () => {
    fake.enqueue(reply(learnPathAnswer()));
    const path = await engine().learnPath(document);

    expect(learnPathSchema.parse(path)).toEqual(path);
    expect(checkLearnPath(path, checksOf(document))).toEqual([]);
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
    fake.enqueue(reply(learnPathAnswer([multipleChoice([0, 1]), trueFalse, fillBlank, match])), reply(learnPathAnswer()));
    const path = await engine().learnPath(documentOf(englishPages));

    expect(path.units).toHaveLength(1);
    const fix = fake.requests[1]?.messages.at(-1)?.content ?? '';
    expect(fix).toContain('unit 1 lesson 1 challenge 1: 2 correct options instead of exactly one');
  });

  test('a page that is not in the document is refused', async () => {
    const wrongPage = { ...summaryAnswer, sections: [{ heading: 'Light', page: 9, points: [{ text: 'Light.', page: 2 }] }] };
    fake.enqueue(reply(wrongPage), reply(wrongPage));
    const error = await engineError(engine().summary(documentOf(englishPages)));
    expect(error).toMatchObject({ key: 'aiInvalidOutput', retryable: false });
    expect(fake.requests[1]?.messages.at(-1)?.content).toContain('section 1: cites page 9, which is not among the pages given (1, 2, 3)');
  });

  test('invalid twice fails with aiInvalidOutput after exactly two requests', async () => {
    fake.enqueue(reply('{"title": "Photosynthesis"'), reply({ cards: 'none' }));
    const error = await engineError(engine().flashcards(documentOf(englishPages)));
    expect(error.key).toBe('aiInvalidOutput');
    expect(error.params).toEqual({});
    expect(error.message).toContain('gave no usable flashcards in 2 attempts');
    expect(fake.requests).toHaveLength(2);
  });
});

describe('LLM engine: answers that pass the schema but not the content checks', () => {
  const document = documentOf(englishPages);
  const retryOf = (request = 1) => fake.requests[request]?.messages.at(-1)?.content ?? '';

  test('a summary point cited at a page that does not hold it is refused, then the corrected answer is used', async () => {
    // Chlorophyll is on page 2; the model cites page 3.
    const miscited = structuredClone(summaryAnswer);
    miscited.sections[0]!.points[0]!.page = 3;
    fake.enqueue(reply(miscited), reply(summaryAnswer));
    const summary = await engine().summary(document);

    expect(fake.requests).toHaveLength(2);
    expect(retryOf()).toContain('summary section 1 point 1: page 3 does not support "Chlorophyll absorbs light."');
    expect(summary.sections[0]?.points[0]?.page).toBe(2);
    expect(checkSummary(summary, checksOf(document))).toEqual([]);
  });

  test('an explanation its page does not hold, answered twice, fails as aiInvalidOutput naming the artefact', async () => {
    // The Calvin cycle is on page 3; the model cites page 1.
    const miscited = learnPathAnswer([multipleChoice(), trueFalse, { ...fillBlank, page: 1 }, match]);
    fake.enqueue(reply(miscited), reply(miscited));
    const error = await engineError(engine().learnPath(document));

    expect(error).toMatchObject({ key: 'aiInvalidOutput', params: {}, retryable: false });
    expect(error.message).toContain('The AI model gave no usable learn path in 2 attempts');
    expect(error.message).toContain('unit 1 lesson 1 challenge 3 explanation: page 1 does not support');
    expect(error.message).toContain('unit 1 lesson 1 challenge 3 answer: page 1 does not support "Calvin cycle"');
    expect(fake.requests).toHaveLength(2);
  });

  test('two options with the same text and a question asked twice in a lesson are refused', async () => {
    const twins = multipleChoice([1], ['Mitochondria', 'Chloroplasts', 'mitochondria ', 'Ribosomes']);
    fake.enqueue(reply(learnPathAnswer([twins, trueFalse, fillBlank, match, { ...trueFalse, statementIsTrue: true }])), reply(learnPathAnswer()));
    const path = await engine().learnPath(document);

    expect(retryOf()).toContain('unit 1 lesson 1 challenge 1: option "mitochondria" twice');
    expect(retryOf()).toContain('unit 1 lesson 1: question "chlorophyll is red." twice');
    expect(checkLearnPath(path, checksOf(document))).toEqual([]);
  });

  test('a key term given twice is dropped rather than refused', async () => {
    const twice = { ...summaryAnswer, keyTerms: [...summaryAnswer.keyTerms, { term: 'chlorophyll', definition: null, page: 2 }] };
    fake.enqueue(reply(twice));
    const summary = await engine().summary(document);

    expect(fake.requests).toHaveLength(1);
    expect(summary.keyTerms.map((entry) => entry.term)).toEqual(['Chlorophyll', 'Calvin cycle']);
  });

  test('a mind map with the same child twice is refused', async () => {
    const twins = structuredClone(outlineAnswer);
    twins.sections.push({ ...twins.sections[1]!, label: 'calvin  cycle' });
    fake.enqueue(reply(twins), reply(outlineAnswer));
    const mindmap = await engine().mindmap(document);

    expect(retryOf()).toContain('mind map root: child "calvin cycle" twice');
    expect(mindmap.root.children).toHaveLength(2);
  });

  test('a card its page does not hold is dropped like a repeated front, while most of the answer holds', async () => {
    const answer: FlashcardsModel = {
      cards: [
        ...flashcardsAnswer.cards,
        // Chlorophyll is on page 2, not page 3.
        { kind: 'definition', front: 'Pigment', back: 'Chlorophyll is the green pigment that absorbs light.', page: 3 },
      ],
    };
    fake.enqueue(reply(answer));
    const deck = await engine().flashcards(document);

    expect(fake.requests).toHaveLength(1);
    expect(deck.cards.map((card) => card.front)).toEqual([
      'Where does photosynthesis take place?',
      'Chlorophyll',
      'The ____ uses ATP and NADPH to fix carbon dioxide.',
    ]);
    expect(checkDeck(deck, checksOf(document))).toEqual([]);
  });

  test('an answer whose cards mostly fail is refused, and after a second such answer the deck fails', async () => {
    const invented: FlashcardsModel = {
      cards: [
        flashcardsAnswer.cards[0]!,
        { kind: 'concept', front: 'What do mitochondria make?', back: 'Mitochondria release energy from glucose.', page: 2 },
        { kind: 'cloze', front: 'Glucose is stored as ____.', back: 'starch', page: 3 },
      ],
    };
    fake.enqueue(reply(invented), reply(invented));
    const error = await engineError(engine().flashcards(document));

    expect(error).toMatchObject({ key: 'aiInvalidOutput', message: expect.stringContaining('no usable flashcards') });
    expect(retryOf()).toContain('cards[1]: page 2 does not support "Mitochondria release energy from glucose."');
    expect(retryOf()).toContain('cards[2]: page 3 does not support "starch"');
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
  const sentence = 'Plants use light, water and carbon dioxide to make sugar and oxygen in their leaves.';
  const longPages = Array.from({ length: 40 }, (_, i) => `Section ${i + 1}. `.concat(`${sentence} `.repeat(28)));

  /** What a good model answers about the long document: grounded in its sentence, citing the part's first page. */
  function longAnswer(request: FakeChatRequest) {
    const page = firstPage(request);
    const unused = { options: [], statementIsTrue: null, answer: '', acceptedAnswers: [], wordBank: [], pairs: [] };
    const explanation = sentence;
    switch (request.schemaName) {
      case 'summary':
      case 'summary_part':
        return reply({
          title: 'Photosynthesis',
          overview: 'How plants make sugar and oxygen from light, water and carbon dioxide.',
          sections: [{ heading: `Part from ${page}`, page, points: [{ text: 'Plants make sugar and oxygen in their leaves.', page }] }],
          keyTerms: [{ term: 'Carbon dioxide', definition: 'what plants use, with light and water, to make sugar', page }],
        } satisfies SummaryModel);
      case 'mindmap':
      case 'mindmap_part':
        return reply({
          title: 'Photosynthesis',
          sections: [{ label: `Section ${page}`, page, concepts: [{ label: 'Sugar', page, facts: [{ label: 'Made in the leaves.', page }] }] }],
        } satisfies MindmapModel);
      case 'flashcards':
        return reply({
          cards: Array.from({ length: 40 }, (_, i) => ({
            kind: 'concept' as const,
            front: `Question ${i} of ${page}: what do plants make in their leaves?`,
            back: 'Sugar and oxygen, from light, water and carbon dioxide.',
            page,
          })),
        } satisfies FlashcardsModel);
      case 'learn_path': {
        const challenges: ChallengeModel[] = [
          {
            ...multipleChoice([0], ['Sugar and oxygen', 'Salt and iron', 'Protein', 'Nitrogen']),
            question: 'What do plants make in their leaves?',
            explanation,
            page,
          },
          { ...trueFalse, question: 'Plants make salt in their leaves.', explanation, page },
          { ...unused, type: 'fill_blank', question: 'Plants use light, water and ____ to make sugar.', explanation, page, answer: 'carbon dioxide', acceptedAnswers: [], wordBank: ['nitrogen', 'helium'] },
          {
            ...match,
            explanation,
            page,
            pairs: [
              { term: 'Light', definition: 'What plants use as energy' },
              { term: 'Sugar', definition: 'What plants make' },
              { term: 'Oxygen', definition: 'What plants release' },
            ],
          },
        ];
        const path = learnPathAnswer(challenges);
        for (const unit of path.units) unit.page = page;
        return reply(path);
      }
      default:
        return replyError(400, `unexpected schema ${request.schemaName}`);
    }
  }

  test('summary: one map request per chunk, each with its own pages, then one reduce over their notes', async () => {
    const document = documentOf(longPages);
    const chunks = chunkDocument(document);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    fake.respondWith(longAnswer);
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
    expect(checkSummary(summary, checksOf(document))).toEqual([]);
  });

  test('a part may cite only its own pages, though the document has the others', async () => {
    const document = documentOf(longPages);
    const [, second] = chunkDocument(document);
    // Every part's notes cite page 1, which only the first part holds.
    fake.respondWith((request) => longAnswer({ ...request, messages: [{ role: 'user', content: '[page 1]' }] }));
    expect(await engineError(engine().summary(document))).toMatchObject({ key: 'aiInvalidOutput' });
    const refusal = fake.requests.find((request) => request.prompt.includes(`part 2 of`) && request.messages.length > 2);
    expect(refusal?.messages.at(-1)?.content).toContain(
      `summary section 1: cites page 1, which is not among the pages given (${second?.pages[0]}–${second?.pages.at(-1)})`,
    );
  });

  test('mind map, flashcards and learn path: per chunk, then merged (cards capped), passing the content checks', async () => {
    const document = documentOf(longPages);
    const count = chunkDocument(document).length;
    fake.respondWith(longAnswer);
    const llm = engine();
    const mindmap = await llm.mindmap(document);
    expect(mindmapDepth(mindmap.root)).toBe(4);
    expect(checkMindmap(mindmap, checksOf(document))).toEqual([]);
    expect(fake.requests.filter((request) => request.schemaName === 'mindmap_part')).toHaveLength(count);
    expect(fake.requests.filter((request) => request.schemaName === 'mindmap')).toHaveLength(1);

    const deck = await llm.flashcards(document);
    expect(fake.requests.filter((request) => request.schemaName === 'flashcards')).toHaveLength(count);
    expect(deck.cards).toHaveLength(MAX_FLASHCARDS);
    expect(new Set(deck.cards.map((card) => card.front)).size).toBe(MAX_FLASHCARDS);
    expect(new Set(deck.cards.map((card) => card.page)).size).toBe(count);
    expect(checkDeck(deck, checksOf(document))).toEqual([]);

    const path = await llm.learnPath(document);
    expect(path.units).toHaveLength(count);
    expect(checkLearnPath(path, checksOf(document))).toEqual([]);
  });

  test('a German document is written in German, even in a course whose language is English', async () => {
    fake.enqueue(reply(germanSummaryAnswer), reply(germanSummaryAnswer));
    const summary = await engine().summary(documentOf(germanPages, { language: 'de' }));
    expect(checkSummary(summary, checksOf(documentOf(germanPages)))).toEqual([]);
    await engine().summary(documentOf(germanPages, { language: 'en' }));
    for (const request of fake.requests) {
      expect(request.messages[0]?.content).toContain('Write every text in German (language code de)');
    }
  });

  test("a learn path's lesson titles and unit descriptions are asked for in the course's language when it is not the document's", async () => {
    fake.enqueue(reply(learnPathAnswer()), reply(learnPathAnswer()));
    await engine().learnPath(documentOf(englishPages, { language: 'de' }));
    await engine().learnPath(documentOf(englishPages, { language: 'en' }));
    const [inGermanCourse, inEnglishCourse] = fake.requests;
    expect(inGermanCourse?.prompt).toContain("Write each unit's description and each lesson's title in German, the language of the course");
    expect(inGermanCourse?.messages[0]?.content).toContain('Write every text in English');
    expect(inEnglishCourse?.prompt).not.toContain('the language of the course');
  });

  test('a document too short to tell its language follows the course language', async () => {
    fake.enqueue(reply({ ...summaryAnswer, sections: [{ heading: 'A', page: 1, points: [{ text: 'B.', page: 1 }] }], keyTerms: [] }));
    await engine().summary(documentOf(['Photosynthese.'], { language: 'de' }));
    expect(fake.requests[0]?.messages[0]?.content).toContain('Write every text in German');
  });
});
