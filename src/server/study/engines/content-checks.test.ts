import { describe, expect, it } from 'vitest';
import type { Deck, LearnPath, Mindmap, Summary } from '../../../shared/artefacts';
import { checkDeck, checkLearnPath, checkMindmap, checkSummary, mindmapDepth, PageIndex } from './content-checks';

const pages = [
  { pageNumber: 1, heading: 'Photosynthesis', text: 'Photosynthesis is the process by which plants turn light into sugar. Chloroplasts hold chlorophyll.' },
  { pageNumber: 2, heading: 'Respiration', text: 'Mitochondria release the energy stored in glucose. Respiration needs oxygen.' },
];
const index = new PageIndex(pages);

describe('summary checks', () => {
  const good: Summary = {
    title: 'Plants',
    overview: 'How plants make and use sugar.',
    sections: [
      { heading: 'Photosynthesis', page: 1, points: [{ text: 'Plants turn light into sugar by photosynthesis.', page: 1 }] },
      { heading: 'Respiration', page: 2, points: [{ text: 'Mitochondria release energy stored in glucose.', page: 2 }] },
    ],
    keyTerms: [{ term: 'chlorophyll', page: 1 }],
  };

  it('passes a summary whose points are on the pages they cite, a sentence running on into the next page included', () => {
    expect(checkSummary(good, index)).toEqual([]);
    const runOn = { ...good, sections: [{ heading: 'Both', page: 1, points: [{ text: 'Chloroplasts hold chlorophyll; mitochondria release energy.', page: 1 }] }] };
    expect(checkSummary(runOn, index)).toEqual([]);
  });

  it('cites a sentence at the page where its words are', () => {
    // It may have started on page 1 and run on: the page it was given stays.
    expect(index.bestPage('Mitochondria release the energy stored in glucose.', 1)).toBe(1);
    expect(index.bestPage('Chloroplasts hold chlorophyll.', 2)).toBe(1);
    expect(index.bestPage('Chloroplasts hold chlorophyll; mitochondria release energy.', 1)).toBe(1);
  });

  it('finds a point cited on the wrong page, a page that does not exist and a repeated key term', () => {
    const bad: Summary = {
      ...good,
      sections: [
        { heading: 'Photosynthesis', page: 7, points: [{ text: 'Plants turn light into sugar by photosynthesis.', page: 2 }] },
      ],
      keyTerms: [
        { term: 'Chlorophyll', page: 1 },
        { term: 'chlorophyll', page: 2 },
      ],
    };
    expect(checkSummary(bad, index)).toEqual([
      'summary section 1: cites page 7, which the file does not have',
      'summary section 1 point 1: page 2 does not support "Plants turn light into sugar by photosynthesis." (0% of its words there)',
      'summary key term 2: page 2 does not support "chlorophyll" (0% of its words there)',
      'summary: key term "chlorophyll" twice',
    ]);
  });
});

describe('mind map checks', () => {
  const leaf = (id: string, label: string, page: number) => ({ id, label, page, children: [] });
  it('passes a tree and measures its depth', () => {
    const map: Mindmap = {
      root: { id: 'r', label: 'Plants', page: 1, children: [{ id: 's1', label: 'Photosynthesis', page: 1, children: [leaf('c1', 'Chlorophyll', 1)] }] },
    };
    expect(checkMindmap(map, index)).toEqual([]);
    expect(mindmapDepth(map.root)).toBe(3);
  });

  it('finds a repeated id, a missing page and twin children', () => {
    const map: Mindmap = { root: { id: 'r', label: 'Plants', page: 1, children: [leaf('r', 'Sugar', 9), leaf('x', 'sugar', 1)] } };
    expect(checkMindmap(map, index)).toEqual([
      'mind map root: child "sugar" twice',
      'mind map: node id "r" used twice (not a tree)',
      'mind map root.1: cites page 9, which the file does not have',
    ]);
  });
});

describe('flashcard checks', () => {
  it('passes definition and cloze cards from their pages', () => {
    const deck: Deck = {
      title: 'Plants',
      cards: [
        { kind: 'definition', front: 'Photosynthesis', back: 'The process by which plants turn light into sugar.', page: 1 },
        { kind: 'cloze', front: '____ release the energy stored in glucose.', back: 'Mitochondria', page: 2 },
      ],
    };
    expect(checkDeck(deck, index)).toEqual([]);
  });

  it('finds a repeated front, a cloze without a blank and an answer not on its page', () => {
    const deck: Deck = {
      title: 'Plants',
      cards: [
        { kind: 'cloze', front: 'Chloroplasts hold chlorophyll.', back: 'Chloroplasts', page: 2 },
        { kind: 'definition', front: 'Respiration', back: 'Needs oxygen.', page: 2 },
        { kind: 'definition', front: 'respiration', back: 'Needs oxygen.', page: 2 },
      ],
    };
    expect(checkDeck(deck, index)).toEqual([
      "flashcard 1: a cloze card without '____' in its front",
      'flashcard 1: page 2 does not support "Chloroplasts" (0% of its words there)',
      'flashcard 1: page 2 does not support "Chloroplasts hold chlorophyll." (0% of its words there)',
      'flashcards: front "respiration" twice',
    ]);
  });
});

describe('learn path checks', () => {
  const explanation = 'Photosynthesis is the process by which plants turn light into sugar.';
  const path = (challenges: LearnPath['units'][number]['lessons'][number]['challenges']): LearnPath => ({
    units: [{ title: 'Photosynthesis', description: 'Light into sugar.', page: 1, lessons: [{ title: 'Basics', challenges }] }],
  });

  it('passes well-formed challenges of every type', () => {
    const problems = checkLearnPath(
      path([
        {
          type: 'multiple_choice',
          question: 'What turns light into sugar?',
          explanation,
          page: 1,
          options: [
            { text: 'Photosynthesis', correct: true },
            { text: 'Respiration', correct: false },
            { text: 'Digestion', correct: false },
            { text: 'Osmosis', correct: false },
          ],
        },
        { type: 'true_false', question: 'Chloroplasts hold chlorophyll.', explanation: 'Chloroplasts hold chlorophyll.', page: 1, answer: true },
        {
          type: 'fill_blank',
          question: '____ hold chlorophyll.',
          explanation: 'Chloroplasts hold chlorophyll.',
          page: 1,
          answer: 'Chloroplasts',
          acceptedAnswers: ['chloroplast'],
          options: ['Mitochondria', 'Chloroplasts'],
        },
        {
          type: 'match',
          question: 'Match each term with what it does.',
          explanation,
          page: 1,
          pairs: [
            { term: 'Photosynthesis', definition: 'turns light into sugar' },
            { term: 'Chloroplasts', definition: 'hold chlorophyll' },
            { term: 'Plants', definition: 'make sugar' },
          ],
        },
      ]),
      index,
    );
    expect(problems).toEqual([]);
  });

  it('finds two correct options, twin options, a word bank without its answer and a repeated question', () => {
    const problems = checkLearnPath(
      path([
        {
          type: 'multiple_choice',
          question: 'What turns light into sugar?',
          explanation,
          page: 1,
          options: [
            { text: 'Photosynthesis', correct: true },
            { text: 'photosynthesis', correct: true },
            { text: 'Digestion', correct: false },
            { text: 'Osmosis', correct: false },
          ],
        },
        {
          type: 'fill_blank',
          question: 'What turns light into sugar?',
          explanation,
          page: 1,
          answer: 'Photosynthesis',
          acceptedAnswers: [],
          options: ['Respiration', 'Digestion'],
        },
      ]),
      index,
    );
    expect(problems).toEqual([
      'unit 1 lesson 1 challenge 1: 2 correct options instead of exactly one',
      'unit 1 lesson 1 challenge 1: option "photosynthesis" twice',
      "unit 1 lesson 1 challenge 2: the question needs exactly one '____'",
      'unit 1 lesson 1 challenge 2: the word bank lacks the answer',
      'unit 1 lesson 1: question "what turns light into sugar?" twice',
    ]);
  });
});
