import { reply, replyError, type FakeChatRequest, type FakeReply } from './fake-openai';
import type { StudyDocument } from '../study/engines/engine';
import type {
  ChallengeModel,
  FlashcardsModel,
  LearnPathModel,
  MindmapModel,
  SummaryModel,
} from '../study/engines/llm/model-schemas';

/**
 * A short document and the answers a good model gives about it, for the tests of the LLM engine against the fake
 * OpenAI-compatible server (src/server/test/fake-openai.ts). The answers are grounded as a real model's are: every item
 * cites the page whose text holds it, so they pass the content checks (content-checks.ts) that every engine's output
 * must pass; tests break one thing at a time from here.
 */
export const photosynthesisPages = [
  'Photosynthesis is the process by which plants turn light into chemical energy. It takes place in the chloroplasts of the leaf and it needs water and carbon dioxide.',
  'Chlorophyll is the green pigment that absorbs light. The light reactions make ATP and NADPH, and they split water into oxygen.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into sugar. It is also called the light-independent reaction.',
];

export function documentOf(pages: string[], overrides: Partial<StudyDocument> = {}): StudyDocument {
  return {
    title: 'Photosynthesis',
    language: 'en',
    pages: pages.map((text, i) => ({ pageNumber: i + 1, text, heading: null })),
    ...overrides,
  };
}

export const summaryAnswer: SummaryModel = {
  title: 'Photosynthesis',
  overview: 'How plants turn light into chemical energy and fix carbon dioxide into sugar.',
  sections: [
    {
      heading: 'Light reactions',
      page: 2,
      points: [
        { text: 'Chlorophyll absorbs light.', page: 2 },
        { text: 'The light reactions make ATP and NADPH and split water into oxygen.', page: 2 },
      ],
    },
    { heading: 'Calvin cycle', page: 3, points: [{ text: 'Carbon dioxide is fixed into sugar.', page: 3 }] },
  ],
  keyTerms: [
    { term: 'Chlorophyll', definition: 'the green pigment that absorbs light', page: 2 },
    { term: 'Calvin cycle', definition: null, page: 3 },
  ],
};

export const outlineAnswer: MindmapModel = {
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

export const flashcardsAnswer: FlashcardsModel = {
  cards: [
    { kind: 'definition', front: 'Chlorophyll', back: 'The green pigment that absorbs light.', page: 2 },
    { kind: 'cloze', front: 'The ____ uses ATP and NADPH to fix carbon dioxide.', back: 'Calvin cycle', page: 3 },
    { kind: 'concept', front: 'Where does photosynthesis take place?', back: 'In the chloroplasts of the leaf.', page: 1 },
    // The model repeated a front: the engine drops the second card.
    { kind: 'definition', front: 'chlorophyll ', back: 'The pigment that absorbs light.', page: 2 },
  ],
};

const unused = { options: [], statementIsTrue: null, answer: '', acceptedAnswers: [], wordBank: [], pairs: [] };

export function multipleChoice(correct: number[] = [1], texts = ['Mitochondria', 'Chloroplasts', 'Nucleus', 'Ribosomes']): ChallengeModel {
  return {
    ...unused,
    type: 'multiple_choice',
    question: 'Where does photosynthesis take place?',
    explanation: 'It takes place in the chloroplasts of the leaf.',
    page: 1,
    options: texts.map((text, i) => ({ text, correct: correct.includes(i) })),
  };
}

export const trueFalse: ChallengeModel = {
  ...unused,
  type: 'true_false',
  question: 'Chlorophyll is red.',
  explanation: 'Chlorophyll is the green pigment that absorbs light.',
  page: 2,
  statementIsTrue: false,
};

export const fillBlank: ChallengeModel = {
  ...unused,
  type: 'fill_blank',
  question: 'The ____ fixes carbon dioxide into sugar.',
  explanation: 'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into sugar.',
  page: 3,
  answer: 'Calvin cycle',
  acceptedAnswers: ['calvin-cycle'],
  // The model left the answer out of its word bank: the engine adds it.
  wordBank: ['Krebs cycle', 'light reaction'],
};

export const match: ChallengeModel = {
  ...unused,
  type: 'match',
  question: 'Match each term with its definition.',
  explanation: 'Chlorophyll absorbs light, and the light reactions make ATP and NADPH.',
  page: 2,
  pairs: [
    { term: 'Chlorophyll', definition: 'Green pigment' },
    { term: 'Light reactions', definition: 'Make ATP and NADPH' },
    { term: 'Oxygen', definition: 'Split from water' },
  ],
};

export function learnPathAnswer(challenges: ChallengeModel[] = [multipleChoice(), trueFalse, fillBlank, match]): LearnPathModel {
  return {
    units: [
      {
        title: 'Light and sugar',
        description: 'How plants capture light and make sugar.',
        page: 1,
        lessons: [{ title: 'The basics', challenges }],
      },
    ],
  };
}

/** The first '[page N]' of a request: the page a part's answers cite, so they stay inside the part. */
export function firstPage(request: FakeChatRequest): number {
  const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
  return Number(/\[page (\d+)\]/.exec(user)?.[1] ?? 1);
}

/** The good answer to each request about the photosynthesis pages, by the JSON schema it asks for. */
export function answersBySchema(request: FakeChatRequest): FakeReply {
  switch (request.schemaName) {
    case 'summary':
    case 'summary_part':
      return reply(summaryAnswer);
    case 'mindmap':
    case 'mindmap_part':
      return reply(outlineAnswer);
    case 'flashcards':
      return reply(flashcardsAnswer);
    case 'learn_path':
      return reply(learnPathAnswer());
    default:
      return replyError(400, `unexpected schema ${request.schemaName}`);
  }
}
