import { afterAll, describe, expect, test } from 'vitest';
import { filePage, studyArtefact } from '../db/schema';
import { generateArtefact, markQueued } from '../study/pipeline/pipeline';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser, type TestUser } from '../test/harness';
import { restoreLines, retrievePassages } from './retrieval';
import { ask, readyChatFile, readStream, textOf } from '../test/chat';

const services = await createTestServices();
afterAll(() => services.close());

/** A ready file whose pages (with headings) went through the real chunks pipeline. */
async function fileWith(owner: TestUser, language: 'en' | 'de', pages: { text: string; heading?: string }[]) {
  const course = await insertCourse(services, owner, { language });
  const stored = await insertFile(services, owner, course.id, { name: 'Notes.txt', extension: 'txt', mimeType: 'text/plain', status: 'ready', pageCount: pages.length });
  await services.db.insert(filePage).values(pages.map((page, index) => ({ fileId: stored.id, pageNumber: index + 1, text: page.text, heading: page.heading ?? null })));
  await markQueued(services.db, stored.id, ['chunks']);
  expect(await generateArtefact({ db: services.db, engine: services.engine, log: services.log }, stored.id, 'chunks')).toBe('ready');
  return stored;
}

const filler = (topic: string) =>
  Array.from({ length: 12 }, (_, index) => `${topic} sentence ${index + 1} adds general remarks about measurement, units and careful notes.`).join(' ');

describe('retrieval for the tutor', () => {
  test('restores a passage’s line breaks from its page, and keeps its own text when the page does not hold it', () => {
    const page = '## Key facts\n\n| Feature | Info |\n|---|---|\n| M + 2 peak | Cl or Br |\n\nPersonenbezogene Daten ermöglichen,\neine Person zu erkennen.';
    expect(restoreLines('## Key facts\n| Feature | Info | |---|---| | M + 2 peak | Cl or Br |', page)).toBe('## Key facts\n\n| Feature | Info |\n|---|---|\n| M + 2 peak | Cl or Br |');
    expect(restoreLines('Personenbezogene Daten ermöglichen, eine Person zu erkennen.', page)).toBe('Personenbezogene Daten ermöglichen,\neine Person zu erkennen.');
    expect(restoreLines('Not on the page.', page)).toBe('Not on the page.');
    // A chunk cut in mid-sentence (the page had a paragraph break there) is completed from the page at both ends.
    const slide = 'Markov chain - a sequence of random variables where the\n\nprobability of a subsequent state only depends on the current state.\n\nMonte Carlo - an algorithm.';
    expect(restoreLines('Markov chain - a sequence of random variables where the', slide)).toBe(
      'Markov chain - a sequence of random variables where the\n\nprobability of a subsequent state only depends on the current state.',
    );
    expect(restoreLines('probability of a subsequent state only depends on the current state.', slide)).toBe(
      'Markov chain - a sequence of random variables where the\n\nprobability of a subsequent state only depends on the current state.',
    );
  });

  test('finds German inflections, derivations and compounds, and counts a page’s heading for each of its passages', async () => {
    const owner = await createUser(services);
    const stored = await fileWith(owner, 'de', [
      { text: filler('Gitter') },
      { heading: 'Rastertunnelmikroskop (STM)', text: `Rastertunnelmikroskop (STM)\n\n${filler('Messung')}\n\nDas STM basiert auf dem Tunneleffekt der Quantenmechanik. Es kann nur leitende Materialien messen.` },
      { text: `${filler('Kristall')}\n\nDas Rasterkraftmikroskop misst Kräfte.` },
    ]);
    const search = (query: string) => retrievePassages(services.db, { scope: { fileId: stored.id }, language: 'de', query });
    const genitive = await search('Worauf beruht das Prinzip des Rastertunnelmikroskops?');
    expect(genitive[0]?.page).toBe(2);
    const derived = await search('Wie funktioniert die Rastertunnelmikroskopie?');
    expect(derived[0]?.page).toBe(2);
    // The passage holding the answer does not name the microscope; its page's heading does, and leads its text.
    const tunnel = derived.find((passage) => passage.text.includes('Tunneleffekt'));
    expect(tunnel?.text.startsWith('Rastertunnelmikroskop (STM)\n')).toBe(true);
    // A compound's head finds the compound.
    expect((await search('Welches Mikroskop misst Kräfte?'))[0]?.page).toBe(3);
  });

  test('a rare word of the question outweighs several common ones, and passages come back with their lines', async () => {
    const owner = await createUser(services);
    const stored = await fileWith(owner, 'en', [
      { text: `${filler('Energy')} Energy of light and energy of heat are energy again.` },
      { text: `${filler('Radiation')}\n\nThis embarrassment became known as the\n"ultraviolet catastrophe."` },
    ]);
    const passages = await retrievePassages(services.db, { scope: { fileId: stored.id }, language: 'en', query: 'What energy and light problem was the ultraviolet catastrophe?' });
    expect(passages[0]?.page).toBe(2);
    expect(passages[0]?.text).toContain('became known as the\n"ultraviolet catastrophe."');
  });

  test('the tutor answers a question in the student’s words through the whole route, and declines one off the topic', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, {
      pages: [
        'Energy in packets\n\nPhysicists at the time understood that hot objects glow. Heat a piece of iron and it radiates. The best theoretical predictions diverged from the data at short wavelengths, predicting infinite energy where experiments showed almost none. This embarrassment became known as the **ultraviolet catastrophe**.',
        'Gibbs free energy\n\nThe Gibbs free energy $G = H - TS$ is what you can actually spend.',
      ],
      summary: false,
    });
    const answer = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'Why did the old theory fail for hot objects?' })));
    expect(answer).toContain('predicting infinite energy where experiments showed almost none.');
    expect(answer).not.toMatch(/\\\*|\*\*|\$/);
    const gibbs = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'What is Gibbs free energy?' })));
    expect(gibbs).toContain('The Gibbs free energy G = H − TS is what you can actually spend. [1]');
    const off = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'What is the Compton effect?' })));
    expect(off).toMatch(/^Your documents don't cover this/);
  });
});

describe('running lines and whole pages', () => {
  test('leaves a slide template’s footer and labels out of passages (but on their first page), keeps a slide built up over a few pages, and marks whole pages', async () => {
    const owner = await createUser(services);
    const inventors = ['Wilhelm Schickard', 'Blaise Pascal', 'Gottfried Leibniz', 'Charles Babbage', 'Ada Lovelace', 'Herman Hollerith', 'Konrad Zuse', 'Alan Turing'];
    const pages = inventors.map((name, index) => ({
      text: `${name}\n${1620 + index * 40} · Sicherung\nInformatik · Klasse 7\n${index + 1}\nSchlüsselidee\n${name} baute eine Rechenmaschine für die Idee Nummer ${index + 1}.`,
    }));
    // A slide built up over three slides repeats its first bullet: content, not furniture.
    for (const step of [1, 2, 3]) pages.push({ text: `Lochkarten im Überblick\nLochkarten speichern Daten als Löcher.${step > 1 ? '\nMaschinen lesen die Löcher.' : ''}${step > 2 ? '\nSo wurde die Volkszählung ausgewertet.' : ''}` });
    const stored = await fileWith(owner, 'de', pages);
    const search = (query: string) => retrievePassages(services.db, { scope: { fileId: stored.id }, language: 'de', query });
    const hollerith = (await search('Was baute Herman Hollerith?')).find((passage) => passage.page === 6);
    expect(hollerith?.text).toContain('1820 · Sicherung');
    expect(hollerith?.text).not.toMatch(/Informatik · Klasse 7|Schlüsselidee|^6$/m);
    expect(hollerith?.wholePage).toBe(true);
    const first = (await search('Was baute Wilhelm Schickard?')).find((passage) => passage.page === 1);
    expect(first?.text).toContain('Informatik · Klasse 7');
    const built = (await search('Wie wurde die Volkszählung ausgewertet?')).find((passage) => passage.page === 11);
    expect(built?.text).toContain('Lochkarten speichern Daten als Löcher.');
  });

  test('a passage cut from a long page is no whole page', async () => {
    const owner = await createUser(services);
    const stored = await fileWith(owner, 'en', [{ text: `${filler('Energy')}\n\n${filler('Radiation')}\n\n${filler('Spectra')}\n\nThe Balmer series lies in visible light.` }]);
    const passages = await retrievePassages(services.db, { scope: { fileId: stored.id }, language: 'en', query: 'Where does the Balmer series lie?' });
    expect(passages[0]?.text).toContain('Balmer series');
    expect(passages[0]?.wholePage).toBe(false);
  });
});

describe('tables for look-ups', () => {
  const header = 'k\t0.90\t0.95\t0.975\t0.99';
  const tPages = [
    `Reading the t table\n\n${filler('Statistics')}\n\nThe t statistic compares a sample mean with its standard error.`,
    ['Table 3: Percentiles of Student’s t-distribution.', 'Each table entry is the value with the area A to its left.', 'A', header, '1\t3.078\t6.314\t12.706\t31.821', '2\t1.886\t2.920\t4.303\t6.965', '3\t1.638\t2.353\t3.182\t4.541'].join('\n'),
    [header, '11\t1.363\t1.796\t2.201\t2.718', '12\t1.356\t1.782\t2.179\t2.681', '13\t1.350\t1.771\t2.160\t2.650'].join('\n'),
    `Confidence intervals\n\n${filler('Intervals')}`,
  ];

  test('a question with a number gets the table pages its caption names, a continued table with its caption', async () => {
    const owner = await createUser(services);
    const stored = await fileWith(owner, 'en', tPages.map((text) => ({ text })));
    const search = (query: string) => retrievePassages(services.db, { scope: { fileId: stored.id }, language: 'en', query });
    const passages = await search('How do I read off the critical t value for a two-sided 95% interval with 12 degrees of freedom?');
    const lookups = passages.filter((passage) => passage.lookup);
    expect(lookups.map((passage) => passage.page)).toEqual([2, 3]);
    expect(lookups[1]?.text.startsWith('Table 3: Percentiles of Student’s t-distribution.\nEach table entry is the value with the area A to its left.\nA\nk 0.90 0.95 0.975 0.99\n11 1.363')).toBe(true);
    // Without a number nothing is looked up, and no table page comes along.
    expect((await search('What does the t statistic compare?')).some((passage) => passage.lookup)).toBe(false);
  });

  test('a course file hidden from the caller gives no table page, however well its caption fits', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner, { language: 'en' });
    const chunked = async (name: string, pages: string[]) => {
      const stored = await insertFile(services, owner, course.id, { name, extension: 'txt', mimeType: 'text/plain', status: 'ready', pageCount: pages.length });
      await services.db.insert(filePage).values(pages.map((text, index) => ({ fileId: stored.id, pageNumber: index + 1, text })));
      await markQueued(services.db, stored.id, ['chunks']);
      expect(await generateArtefact({ db: services.db, engine: services.engine, log: services.log }, stored.id, 'chunks')).toBe('ready');
      return stored;
    };
    const visible = await chunked('Notes.txt', [tPages[0] ?? '']);
    const hidden = await chunked('Tables.txt', tPages.slice(1, 3));
    const search = (excludeFileIds: string[]) =>
      retrievePassages(services.db, { scope: { directoryId: course.id }, language: 'en', query: 'What critical t value has a two-sided 95% interval with 12 degrees of freedom?', excludeFileIds });
    expect((await search([])).some((passage) => passage.fileId === hidden.id && passage.lookup)).toBe(true);
    const member = await search([hidden.id]);
    expect(member.length).toBeGreaterThan(0);
    expect(member.every((passage) => passage.fileId === visible.id)).toBe(true);
  });

  test('the tutor reads the value off the table through the whole route', async () => {
    const owner = await createUser(services);
    const { file } = await readyChatFile(services, owner, { pages: tPages, summary: false });
    const answer = textOf(await readStream(await ask(services, owner, { fileId: file.id, message: 'How do I read off the critical t value for a two-sided 95% interval with 12 degrees of freedom?' })));
    expect(answer).toContain('In Table 3 (Percentiles of Student’s t-distribution), the row k = 12 and the column A = 0.975 give **2.179** (at a 5\u00a0% level, two-sided, the value to look up is 0.975). [1]');
  });
});

describe('a file the chat cannot use', () => {
  test('a file whose text could not be read says so instead of "still being prepared", and counts nothing', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner);
    const failed = await insertFile(services, owner, course.id, { status: 'failed', errorKey: 'noText', error: 'No text found in this file.' });
    const refused = await ask(services, owner, { fileId: failed.id, message: 'What is this about?' });
    expect(refused.status).toBe(412);
    expect(((await refused.json()) as { error: { messageKey: string; message: string } }).error).toMatchObject({
      messageKey: 'chatFileFailed',
      message: expect.stringMatching(/^This file could not be processed, so the tutor cannot answer questions about it\./) as unknown as string,
    });

    // Its passages failed to be made: the same; still in the making: "being prepared".
    const chunksFailed = await insertFile(services, owner, course.id, { status: 'ready', pageCount: 1 });
    await services.db.insert(studyArtefact).values({ fileId: chunksFailed.id, kind: 'chunks', status: 'failed' });
    expect((await ask(services, owner, { fileId: chunksFailed.id, message: 'Hi?' })).status).toBe(412);
    const extracting = await insertFile(services, owner, course.id, { status: 'extracting' });
    const waiting = await ask(services, owner, { fileId: extracting.id, message: 'Hi?' });
    expect(waiting.status).toBe(409);
    expect(((await waiting.json()) as { error: { messageKey: string } }).error.messageKey).toBe('chatFileNotReady');
  });
});
