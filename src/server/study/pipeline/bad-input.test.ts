import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { filePage, studyArtefact, studyArtefactKinds, user } from '../../db/schema';
import { insertCourse, insertFile } from '../../test/courses';
import { createTestServices, createUser } from '../../test/harness';
import { generateArtefact, markQueued, type PipelineDependencies } from './pipeline';
import { lectureText } from '../../test/lecture';

/**
 * Bad input: documents an engine can only partly study, through the whole pipeline with the configured
 * (local, threaded) engine. Each artefact must end ready with what could be made, or failed with a reason the client
 * can translate — never left running.
 */
const services = await createTestServices();
afterAll(() => services.close());
const pipeline: PipelineDependencies = { db: services.db, engine: services.engine, log: services.log };

const studyKeys = new Set(Object.keys(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../client/locales/en/study.json'), 'utf8')) as object));

async function studied(pages: string[], language: 'en' | 'de' = 'en') {
  const owner = await createUser(services);
  await services.db.update(user).set({ plan: 'ultra' }).where(eq(user.id, owner.user.id));
  const course = await insertCourse(services, owner, { language });
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: pages.length });
  for (let from = 0; from < pages.length; from += 500) {
    await services.db
      .insert(filePage)
      .values(pages.slice(from, from + 500).map((text, index) => ({ fileId: stored.id, pageNumber: from + index + 1, text })));
  }
  await markQueued(services.db, stored.id);
  for (const kind of studyArtefactKinds) await generateArtefact(pipeline, stored.id, kind, { lastAttempt: true });
  const rows = await services.db
    .select({ kind: studyArtefact.kind, status: studyArtefact.status, errorKey: studyArtefact.errorKey })
    .from(studyArtefact)
    .where(and(eq(studyArtefact.fileId, stored.id)));
  return Object.fromEntries(rows.map((row) => [row.kind, row]));
}

function expectSettled(states: Record<string, { status: string; errorKey: string | null }>) {
  expect(Object.keys(states).sort()).toEqual([...studyArtefactKinds].sort());
  for (const state of Object.values(states)) {
    expect(['ready', 'failed']).toContain(state.status);
    if (state.status === 'failed') expect(studyKeys).toContain(state.errorKey);
  }
}

describe('documents the engine can only partly study', () => {
  test('one sentence: the chunks are made, every other artefact ends with a reason', async () => {
    const states = await studied(['Mitochondria are the powerhouse of the cell.']);
    expectSettled(states);
    expect(states.chunks?.status).toBe('ready');
  });

  test('a document of tables only: settled, with the chunks ready', async () => {
    const row = (cells: string[]) => cells.join('\t');
    const table = [row(['Element', 'Symbol', 'Number']), row(['Hydrogen', 'H', '1']), row(['Helium', 'He', '2']), row(['Lithium', 'Li', '3'])];
    const states = await studied([table.join('\n'), table.join('\n')]);
    expectSettled(states);
    expect(states.chunks?.status).toBe('ready');
  });

  test('mixed English and German: every artefact is made', async () => {
    const german =
      'Die Photosynthese ist der Vorgang, bei dem Pflanzen Lichtenergie in chemische Energie umwandeln. Das Chlorophyll ist ein grüner Farbstoff, der Licht absorbiert. Die Zellatmung ist der Vorgang, bei dem Zellen Glukose abbauen.';
    const states = await studied([lectureText, german, lectureText.replace('Cell Biology', 'Zellbiologie')]);
    expectSettled(states);
    for (const state of Object.values(states)) expect(state.status).toBe('ready');
  });

  test('2,000 pages: every artefact is made', { timeout: 120_000 }, async () => {
    const sections = lectureText.split(/\n\n(?=[A-Z][^\n]{2,40}\n)/);
    const pages = Array.from({ length: 2_000 }, (_, index) => sections[index % sections.length]!.replace('cell', `cell ${index + 1}`));
    const states = await studied(pages);
    expectSettled(states);
    for (const state of Object.values(states)) expect(state.status).toBe('ready');
  });
});
