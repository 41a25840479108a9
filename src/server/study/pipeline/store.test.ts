import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import {
  challenge,
  challengeOption,
  chunk,
  deck,
  file,
  flashcard,
  lesson,
  mindmap,
  summary,
  unit,
} from '../../db/schema';
import { insertCourse, insertFile } from '../../test/courses';
import { createTestServices, createUser } from '../../test/harness';
import {
  deckSchema,
  learnPathSchema,
  mindmapSchema,
  summarySchema,
  type Challenge,
  type Deck,
  type LearnPath,
  type Mindmap,
  type Summary,
} from '../../../shared/artefacts';
import { chunkPages } from '../engines/chunks';
import { storeChunks, storeDeck, storeLearnPath, storeMindmap, storeSummary } from './store';

const services = await createTestServices();

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`, which the shared Db type leaves unknown. */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await services.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
afterAll(() => services.close());

// Artefacts as an engine returns them: plain data that passes the schemas (checked below), not a fake engine.
const summaryValue: Summary = summarySchema.parse({
  title: 'Cells',
  overview: 'How cells build proteins.',
  sections: [{ heading: 'Ribosomes', page: 1, points: [{ text: 'Ribosomes build proteins.', page: 1 }] }],
  keyTerms: [{ term: 'Ribosome', definition: 'the protein factory of a cell', page: 1 }],
});
const mindmapValue: Mindmap = mindmapSchema.parse({
  root: {
    id: 'root',
    label: 'Cells',
    page: 1,
    children: [{ id: 'n1', label: 'Ribosomes', page: 1, children: [{ id: 'n2', label: 'build proteins', page: 2, children: [] }] }],
  },
});
const deckValue: Deck = deckSchema.parse({
  title: 'Cells',
  cards: [
    { kind: 'definition', front: 'Ribosome', back: 'The protein factory of a cell', page: 1 },
    { kind: 'cloze', front: 'Proteins are made by ____.', back: 'ribosomes', page: 2 },
  ],
});
const challenges: Challenge[] = [
  {
    type: 'multiple_choice',
    question: 'What builds proteins?',
    explanation: 'Ribosomes build proteins.',
    page: 1,
    options: [
      { text: 'Ribosomes', correct: true },
      { text: 'Lysosomes', correct: false },
      { text: 'Vacuoles', correct: false },
      { text: 'Centrioles', correct: false },
    ],
  },
  { type: 'true_false', question: 'Ribosomes build proteins.', explanation: 'They do.', page: 1, answer: true },
  {
    type: 'fill_blank',
    question: 'Proteins are built by ____.',
    explanation: 'Ribosomes build proteins.',
    page: 2,
    answer: 'ribosomes',
    acceptedAnswers: ['ribosome'],
    options: ['ribosomes', 'vacuoles'],
  },
  {
    type: 'match',
    question: 'Match the organelles.',
    explanation: 'Each organelle has its job.',
    page: 2,
    pairs: [
      { term: 'Ribosome', definition: 'builds proteins' },
      { term: 'Lysosome', definition: 'digests waste' },
      { term: 'Mitochondrion', definition: 'makes energy' },
    ],
  },
];
const learnPathValue: LearnPath = learnPathSchema.parse({
  units: [
    { title: 'Ribosomes', description: 'What ribosomes do.', page: 1, lessons: [{ title: 'Basics', challenges }] },
    { title: 'Organelles', description: 'The parts of a cell.', page: 2, lessons: [{ title: 'More', challenges }] },
  ],
});

async function readyFile() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  return insertFile(services, owner, course.id, { status: 'ready', pages: 2 });
}

async function storeAll(fileId: string) {
  await services.db.transaction(async (tx) => {
    await storeChunks(tx, fileId, chunkPages([{ pageNumber: 1, text: 'Ribosomes build proteins.\n\nCells divide.' }]));
    await storeSummary(tx, fileId, summaryValue);
    await storeMindmap(tx, fileId, mindmapValue);
    await storeDeck(tx, fileId, deckValue);
    await storeLearnPath(tx, fileId, learnPathValue);
  });
}

/** Every row the artefacts of a file left, without their generated ids. */
async function rowsOf(fileId: string) {
  const db = services.db;
  const decks = await db.select().from(deck).where(eq(deck.fileId, fileId));
  const units = await db.select().from(unit).where(eq(unit.fileId, fileId)).orderBy(asc(unit.position));
  const lessons = await db.select().from(lesson).innerJoin(unit, eq(unit.id, lesson.unitId)).where(eq(unit.fileId, fileId));
  const challengeRows = await db
    .select({ type: challenge.type, question: challenge.question, payload: challenge.payload, page: challenge.page, position: challenge.position })
    .from(challenge)
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(unit.fileId, fileId))
    .orderBy(asc(unit.position), asc(challenge.position));
  const optionRows = await db
    .select({ text: challengeOption.text, correct: challengeOption.correct, position: challengeOption.position })
    .from(challengeOption)
    .innerJoin(challenge, eq(challenge.id, challengeOption.challengeId))
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(unit.fileId, fileId))
    .orderBy(asc(unit.position), asc(challengeOption.position));
  const cards = await db
    .select({ kind: flashcard.kind, front: flashcard.front, back: flashcard.back, page: flashcard.page, position: flashcard.position })
    .from(flashcard)
    .innerJoin(deck, eq(deck.id, flashcard.deckId))
    .where(eq(deck.fileId, fileId))
    .orderBy(asc(flashcard.position));
  return {
    chunks: await db.select({ page: chunk.page, position: chunk.position, text: chunk.text }).from(chunk).where(eq(chunk.fileId, fileId)),
    summaries: await db.select({ markdown: summary.markdown, content: summary.content }).from(summary).where(eq(summary.fileId, fileId)),
    mindmaps: await db.select({ tree: mindmap.tree }).from(mindmap).where(eq(mindmap.fileId, fileId)),
    decks: decks.map(({ title, generated }) => ({ title, generated })),
    cards,
    units: units.map(({ title, description, page, position }) => ({ title, description, page, position })),
    lessons: lessons.length,
    challenges: challengeRows,
    options: optionRows,
  };
}

describe('storing artefacts', () => {
  test('keeps every part of each artefact, and storing again replaces it with the same rows', async () => {
    const target = await readyFile();
    await storeAll(target.id);
    const first = await rowsOf(target.id);
    expect(first.summaries).toEqual([{ markdown: expect.stringContaining('- Ribosomes build proteins. (p. 1)'), content: summaryValue }]);
    expect(first.mindmaps).toEqual([{ tree: mindmapValue.root }]);
    expect(first.decks).toEqual([{ title: 'Cells', generated: true }]);
    expect(first.cards).toEqual([
      { kind: 'definition', front: 'Ribosome', back: 'The protein factory of a cell', page: 1, position: 0 },
      { kind: 'cloze', front: 'Proteins are made by ____.', back: 'ribosomes', page: 2, position: 1 },
    ]);
    expect(first.units).toHaveLength(2);
    expect(first.lessons).toBe(2);
    expect(first.challenges).toHaveLength(8);
    expect(first.challenges.slice(0, 4)).toEqual([
      { type: 'multiple_choice', question: 'What builds proteins?', payload: {}, page: 1, position: 0 },
      { type: 'true_false', question: 'Ribosomes build proteins.', payload: { answer: true }, page: 1, position: 1 },
      {
        type: 'fill_blank',
        question: 'Proteins are built by ____.',
        payload: { answer: 'ribosomes', acceptedAnswers: ['ribosome'], options: ['ribosomes', 'vacuoles'] },
        page: 2,
        position: 2,
      },
      {
        type: 'match',
        question: 'Match the organelles.',
        payload: { pairs: challenges[3]?.type === 'match' ? challenges[3].pairs : [] },
        page: 2,
        position: 3,
      },
    ]);
    expect(first.options).toHaveLength(8);
    expect(first.options.filter((option) => option.correct)).toHaveLength(2);

    await storeAll(target.id);
    expect(await rowsOf(target.id)).toEqual(first);
  });

  test("replacing the generated deck leaves a user's own deck alone", async () => {
    const target = await readyFile();
    await services.db.insert(deck).values({ fileId: target.id, title: 'My own', generated: false });
    await storeAll(target.id);
    await storeAll(target.id);
    const decks = await services.db.select({ title: deck.title, generated: deck.generated }).from(deck).where(eq(deck.fileId, target.id));
    expect(decks.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Cells', generated: true },
      { title: 'My own', generated: false },
    ]);
  });

  test('chunks are found by full-text search through their GIN-indexed vector', async () => {
    const target = await readyFile();
    await storeAll(target.id);
    const found = await services.db
      .select({ text: chunk.text, page: chunk.page })
      .from(chunk)
      .where(sql`${chunk.fileId} = ${target.id} and ${chunk.search} @@ plainto_tsquery('simple', 'ribosomes')`);
    expect(found).toEqual([{ text: 'Ribosomes build proteins.\nCells divide.', page: 1 }]);
    const indexes = await query<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'chunk' and indexname = 'chunk_search_idx'`,
    );
    expect(indexes[0]?.indexdef).toMatch(/USING gin \(search\)/);
  });

  test("deleting the file deletes every artefact row with it", async () => {
    const target = await readyFile();
    await storeAll(target.id);
    await services.db.delete(file).where(eq(file.id, target.id));
    const counts = await query<Record<string, number>>(sql`
      select (select count(*)::int from chunk where file_id = ${target.id}) as chunks,
             (select count(*)::int from summary where file_id = ${target.id}) as summaries,
             (select count(*)::int from mindmap where file_id = ${target.id}) as mindmaps,
             (select count(*)::int from deck where file_id = ${target.id}) as decks,
             (select count(*)::int from unit where file_id = ${target.id}) as units,
             (select count(*)::int from flashcard f where not exists (select 1 from deck d where d.id = f.deck_id)) as orphan_cards,
             (select count(*)::int from challenge_option o where not exists (select 1 from challenge c where c.id = o.challenge_id)) as orphan_options`);
    expect(counts[0]).toEqual({ chunks: 0, summaries: 0, mindmaps: 0, decks: 0, units: 0, orphan_cards: 0, orphan_options: 0 });
  });
});
