import { afterAll, describe, expect, test } from 'vitest';
import { filePage } from '../../db/schema';
import { summaryToMarkdown, type Summary } from '../../../shared/artefacts';
import { generateArtefact, markQueued, type PipelineDependencies } from '../../study/pipeline/pipeline';
import { storeSummary } from '../../study/pipeline/store';
import { lectureText } from '../../test/lecture';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, trpcQueryPath } from '../../test/harness';

const services = await createTestServices();
afterAll(() => services.close());
const pipeline: PipelineDependencies = { db: services.db, engine: services.engine, log: services.log };

/** The test lecture on three pages: the cell and its organelles, energy, division. */
const lecture = ((text: string) => {
  const at = (heading: string) => text.indexOf(`\n${heading}\n`);
  return [text.slice(0, at('Photosynthesis')), text.slice(at('Photosynthesis'), at('Cell Division')), text.slice(at('Cell Division'))];
})(lectureText);

/** A user with a ready file of `lecture`'s pages and its artefacts queued, as the ingest job leaves it. */
async function ownerWithReadyFile() {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pageCount: lecture.length });
  await services.db.insert(filePage).values(lecture.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
  await markQueued(services.db, stored.id);
  return { owner, stored };
}

describe('summary.get', () => {
  test("answers the owner's summary made by the pipeline: sections, points and key terms with their source pages", async () => {
    const { owner, stored } = await ownerWithReadyFile();
    expect(await generateArtefact(pipeline, stored.id, 'summary')).toBe('ready');
    const answer = await callerFor(services, owner).summary.get({ fileId: stored.id });
    expect(answer).not.toBeNull();
    if (!answer) return;
    expect(answer).toMatchObject({ fileId: stored.id, fileName: 'Lecture 1.pdf' });
    expect(answer.title.length).toBeGreaterThan(0);
    expect(answer.overview.length).toBeGreaterThan(0);
    expect(answer.sections.length).toBeGreaterThan(0);
    for (const section of answer.sections) {
      expect(section.points.length).toBeGreaterThan(0);
      for (const point of section.points) expect(lecture[point.page - 1]).toContain(point.text);
    }
    expect(answer.keyTerms.length).toBeGreaterThan(0);
    // Every cited page holds what cites it, so the viewer opens where the student can read it.
    for (const term of answer.keyTerms) expect(lecture[term.page - 1]?.toLowerCase()).toContain(term.term.toLowerCase());
    expect(answer.keyTerms).toContainEqual({
      term: 'mitosis',
      definition: 'The division of a nucleus into two identical nuclei.',
      page: 3,
    });
    // The markdown the Copy button hands out: the same summary, every bullet citing its page.
    expect(answer.markdown).toContain(`## ${answer.sections[0]?.heading}`);
    expect(answer.markdown).toContain('- **mitosis**: The division of a nucleus into two identical nuclei. (p. 3)');
  });

  test('answers null while the summary has not been made yet, and the summary once it is', async () => {
    const { owner, stored } = await ownerWithReadyFile();
    const caller = callerFor(services, owner);
    expect(await caller.summary.get({ fileId: stored.id })).toBeNull();
    // A shared context names a space (studyFileAccess): a guessed one is the file's NOT_FOUND, even for its owner.
    await expect(caller.summary.get({ fileId: stored.id, uuid: 'a-space', id: stored.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await generateArtefact(pipeline, stored.id, 'summary');
    expect(await caller.summary.get({ fileId: stored.id })).toMatchObject({ fileId: stored.id });
  });

  test('hands back markup in a summary as stored text, for the client to show as text', async () => {
    const { owner, stored } = await ownerWithReadyFile();
    const hostile: Summary = {
      title: '<script>alert(1)</script> Notes',
      overview: 'An overview with <img src=x onerror="alert(2)"> and **bold** text.',
      sections: [{ heading: '# Not a heading', page: 1, points: [{ text: '[click](javascript:alert(3))', page: 2 }] }],
      keyTerms: [{ term: '<b>term</b>', definition: '$$x^2$$', page: 2 }],
    };
    await services.db.transaction((tx) => storeSummary(tx, stored.id, hostile));
    const answer = await callerFor(services, owner).summary.get({ fileId: stored.id });
    expect(answer).toMatchObject({ ...hostile, markdown: summaryToMarkdown(hostile) });
  });

  test("refuses a stranger, a visitor, and an unknown or malformed file id with the spec's message", async () => {
    const { owner, stored } = await ownerWithReadyFile();
    await generateArtefact(pipeline, stored.id, 'summary');
    await expectRefused({
      services,
      call: (caller) => caller.summary.get({ fileId: stored.id }),
      actors: ['anonymous', 'stranger'],
    });
    for (const fileId of [crypto.randomUUID(), 'not-a-uuid']) {
      const response = await requestApp(services, trpcQueryPath('summary.get', { fileId }), { headers: owner.headers });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { json: { message: string; data: { code: string; messageKey: string } } } };
      expect(body.error.json).toMatchObject({
        message: 'File not found. Try to refresh the page.',
        data: { code: 'NOT_FOUND', messageKey: 'fileNotFound' },
      });
    }
    await expectRefused({
      services,
      call: (caller) => caller.summary.get({ fileId: '' }),
      actors: [{ name: 'owner', headers: owner.headers, code: 'BAD_REQUEST' }],
    });
  });
});
