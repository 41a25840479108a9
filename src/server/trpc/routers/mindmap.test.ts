import { afterAll, describe, expect, test } from 'vitest';
import { filePage } from '../../db/schema';
import type { MindmapNode } from '../../../shared/artefacts';
import { generateArtefact, markQueued } from '../../study/pipeline/pipeline';
import { storeMindmap } from '../../study/pipeline/store';
import { lectureText } from '../../test/lecture';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, trpcQueryPath, type TestUser } from '../../test/harness';
import { bestPassage, PASSAGE_MAX_CHARS } from '../../study/engines/local/passage';

const services = await createTestServices();
afterAll(() => services.close());

const PAGES = [
  'Cells\n\nA cell is the smallest unit of life. The cell membrane is a thin double layer of lipids that surrounds every cell. It controls which substances enter and leave the cell.',
  'Energy\n\nMitochondria are the organelles that produce most of the energy of the cell. Ribosomes build proteins from amino acids.',
];

const leaf = (id: string, label: string, page: number): MindmapNode => ({ id, label, page, children: [] });

const TREE: MindmapNode = {
  id: 'root',
  label: 'Cell Biology',
  page: 1,
  children: [
    {
      id: 's1',
      label: 'Cells',
      page: 1,
      children: [
        { id: 's1-membrane', label: 'cell membranes', page: 1, children: [leaf('s1-f1', 'It controls which substances enter and leave the cell.', 1)] },
      ],
    },
    { id: 's2', label: 'Energy', page: 2, children: [leaf('s2-f1', 'Mitochondria produce energy', 2), leaf('s2-f2', 'Photosynthesis in leaves', 2)] },
    { id: 's3', label: 'Appendix', page: 9, children: [] },
  ],
};

/** A user with a course and a file whose pages are PAGES, and (unless `made` is false) TREE stored as its mind map. */
async function ownerWithMindmap(made = true) {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner, { name: 'Biology' });
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: PAGES.length });
  await services.db.insert(filePage).values(PAGES.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
  if (made) await services.db.transaction((tx) => storeMindmap(tx, stored.id, { root: TREE }));
  return { owner, course, stored };
}

async function queryError(actor: TestUser, procedure: string, input: unknown) {
  const response = await requestApp(services, trpcQueryPath(procedure, input), { headers: actor.headers });
  const body = (await response.json()) as { error?: { json: { message: string; data: { code: string; messageKey?: string } } } };
  if (!body.error) throw new Error(`${procedure} succeeded (${response.status})`);
  return { status: response.status, ...body.error.json };
}

describe('mindmap.get', () => {
  test("answers the owner the file's stored tree with its node count", async () => {
    const { owner, stored } = await ownerWithMindmap();
    const answer = await callerFor(services, owner).mindmap.get({ fileId: stored.id });
    expect(answer).toMatchObject({ fileId: stored.id, fileName: 'Lecture 1.pdf', root: TREE, nodeCount: 8 });
    expect(answer.createdAt).toBeInstanceOf(Date);
    // A shared context names a space (studyFileAccess): a guessed one is the file's NOT_FOUND, even for its owner.
    await expect(callerFor(services, owner).mindmap.get({ fileId: stored.id, uuid: 'x', id: stored.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  test("refuses a visitor, another user, an unknown and a malformed id with the spec's message", async () => {
    const { owner, stored } = await ownerWithMindmap();
    await expectRefused({
      services,
      call: (caller) => caller.mindmap.get({ fileId: stored.id }),
      actors: ['anonymous', 'stranger'],
    });
    for (const fileId of [crypto.randomUUID(), 'not-a-uuid']) {
      expect(await queryError(owner, 'mindmap.get', { fileId })).toMatchObject({
        status: 404,
        message: 'File not found. Try to refresh the page.',
        data: { code: 'NOT_FOUND', messageKey: 'fileNotFound' },
      });
    }
  });

  test('says the mind map has not been made yet while the file has none', async () => {
    const { owner, stored } = await ownerWithMindmap(false);
    expect(await queryError(owner, 'mindmap.get', { fileId: stored.id })).toMatchObject({
      status: 404,
      message: 'The mind map of this file has not been made yet.',
      data: { code: 'NOT_FOUND', messageKey: 'mindmapNotReady' },
    });
    expect(await queryError(owner, 'mindmap.getPassage', { fileId: stored.id, nodeId: 'root' })).toMatchObject({
      data: { code: 'NOT_FOUND', messageKey: 'mindmapNotReady' },
    });
  });
});

describe('mindmap.getPassage', () => {
  test("answers a node's page with the sentence that supports its label, marked, inside its neighbours", async () => {
    const { owner, stored } = await ownerWithMindmap();
    const caller = callerFor(services, owner);
    const fact = await caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's1-f1' });
    expect(fact).toMatchObject({ nodeId: 's1-f1', label: 'It controls which substances enter and leave the cell.', page: 1 });
    const passage = fact.passage!;
    expect(passage.matched).toBe(true);
    expect(passage.text).toBe(PAGES[0]!.replace(/\s+/g, ' '));
    expect(passage.text.slice(passage.highlight!.start, passage.highlight!.end)).toBe(
      'It controls which substances enter and leave the cell.',
    );

    // A concept: its words in another form ('membranes' → 'membrane') find the sentence defining it.
    const concept = (await caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's1-membrane' })).passage!;
    expect(concept.text.slice(concept.highlight!.start, concept.highlight!.end)).toBe(
      'The cell membrane is a thin double layer of lipids that surrounds every cell.',
    );

    const energy = (await caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's2-f1' })).passage!;
    expect(energy.text.slice(energy.highlight!.start, energy.highlight!.end)).toBe(
      'Mitochondria are the organelles that produce most of the energy of the cell.',
    );
  });

  test("a label whose words are not on its page answers the page's opening, unmarked; a page the file lacks, no passage", async () => {
    const { owner, stored } = await ownerWithMindmap();
    const caller = callerFor(services, owner);
    const missing = await caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's2-f2' });
    expect(missing.passage).toEqual({ text: PAGES[1]!.replace(/\s+/g, ' '), highlight: null, matched: false });
    expect(await caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's3' })).toMatchObject({ page: 9, passage: null });
  });

  test('refuses another user and an unknown node', async () => {
    const { owner, stored } = await ownerWithMindmap();
    await expectRefused({
      services,
      call: (caller) => caller.mindmap.getPassage({ fileId: stored.id, nodeId: 's1' }),
      actors: ['anonymous', 'stranger'],
    });
    expect(await queryError(owner, 'mindmap.getPassage', { fileId: stored.id, nodeId: 'nope' })).toMatchObject({
      status: 404,
      message: 'This part of the mind map no longer exists. Try to refresh the page.',
      data: { code: 'NOT_FOUND', messageKey: 'mindmapNodeNotFound' },
    });
    expect((await queryError(owner, 'mindmap.getPassage', { fileId: stored.id, nodeId: '' })).status).toBe(400);
  });

  test('every node of a mind map the local engine made finds its passage on its page', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const pages = lectureText.split(/\n(?=Organelles|Cellular Respiration)/);
    const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: pages.length });
    await services.db.insert(filePage).values(pages.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
    await markQueued(services.db, stored.id);
    expect(await generateArtefact({ db: services.db, engine: services.engine, log: services.log }, stored.id, 'mindmap')).toBe('ready');

    const caller = callerFor(services, owner);
    const { root, nodeCount } = await caller.mindmap.get({ fileId: stored.id });
    expect(nodeCount).toBeGreaterThan(10);
    const nodes: MindmapNode[] = [];
    const visit = (node: MindmapNode) => {
      nodes.push(node);
      node.children.forEach(visit);
    };
    visit(root);
    // The root is named after the document (here its file name), which its pages need not contain.
    for (const node of nodes.filter((candidate) => candidate !== root)) {
      const { passage } = await caller.mindmap.getPassage({ fileId: stored.id, nodeId: node.id });
      expect(passage?.matched, node.label).toBe(true);
      expect(passage!.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS + 4);
      // A fact is a sentence of the page: the marked sentence is that sentence.
      if (node.children.length === 0 && node.label.length > 40) {
        expect(passage!.text.slice(passage!.highlight!.start, passage!.highlight!.end)).toBe(node.label);
      }
    }
  });
});

describe('bestPassage', () => {
  test('cuts a page without sentence ends to a window of whole words around the label', () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`);
    words[300] = 'glycolysis';
    const passage = bestPassage(words.join(' '), 'Glycolysis', 'en')!;
    expect(passage.matched).toBe(true);
    expect(passage.text).toContain('glycolysis');
    expect(passage.text.startsWith('… word')).toBe(true);
    expect(passage.text.endsWith(' …')).toBe(true);
    expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS + 4);
    // Cut at spaces: every word whole.
    expect(passage.text.split(' ').filter((word) => word !== '…').every((word) => /^(word\d+|glycolysis)$/.test(word))).toBe(true);
  });

  test('prefers the sentence holding the whole label over one holding its words apart, and ignores stop words', () => {
    const text = 'The cycle of carbon is long. The Calvin cycle fixes carbon dioxide. Calvin was a chemist.';
    const passage = bestPassage(text, 'the Calvin cycle', 'en')!;
    expect(passage.text.slice(passage.highlight!.start, passage.highlight!.end)).toBe('The Calvin cycle fixes carbon dioxide.');
    expect(bestPassage('   \n ', 'anything')).toBeNull();
  });

  test('reads German pages with German stop words', () => {
    const text = 'Die Zelle ist klein. Die Zellmembran umgibt jede Zelle. Mitochondrien liefern Energie.';
    const passage = bestPassage(text, 'die Mitochondrien', 'de')!;
    expect(passage.text.slice(passage.highlight!.start, passage.highlight!.end)).toBe('Mitochondrien liefern Energie.');
  });
});
