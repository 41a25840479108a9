/**
 * Writes what the local study engine makes of every document of the evaluation set (eval/documents) and of the shared
 * test corpus (../shared/testdata, when it is there): the extracted pages and the four artefacts, one JSON file per
 * document. Two runs of different code compared byte for byte (`diff -r`) show whether a change altered any generated
 * material. Extraction runs through extractPages (the product's threads, split as for an upload).
 *
 *   npx tsx eval/artefact-snapshot.ts --out /tmp/before [--corpus ../shared/testdata] [--only id,id]
 *   npx tsx eval/artefact-snapshot.ts --out /tmp/after --read-ahead   pages handed to engine.readAhead as the
 *                                                                    extraction announces them, before the whole
 *   diff -r /tmp/before /tmp/after && echo identical
 *
 * With --read-ahead the drafts of the summary go to <out>/drafts/ (not part of the comparison: they are what the
 * Summary tab shows while the file is read). Runs in one process, so what the engine keeps between documents is
 * exercised too. Asserts nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractPages } from '../src/server/ingest/extract-pages';
import { detectFileKind } from '../src/server/ingest/file-kind';
import type { ExtractedPage } from '../src/server/ingest/types';
import { StudyEngineError, type StudyDocument, type StudyPage } from '../src/server/study/engines/engine';
import { createLocalEngine } from '../src/server/study/engines/local/local-engine';
import { loadManifest } from './set';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'read-ahead': { type: 'boolean', default: false }, only: { type: 'string' }, corpus: { type: 'string' } },
});
if (!values.out) throw new Error('--out <folder> is required');
const out = path.resolve(values.out);
mkdirSync(path.join(out, 'drafts'), { recursive: true });

const here = path.dirname(new URL(import.meta.url).pathname);
const corpus = path.resolve(values.corpus ?? path.join(here, '../../shared/testdata'));
const inputs: { name: string; file: string; language: 'en' | 'de' }[] = [
  ...(loadManifest() ?? []).map((entry) => ({ name: entry.id, file: path.join(here, 'documents', entry.file), language: entry.language })),
  ...['pdfs', 'office'].flatMap((folder) =>
    existsSync(path.join(corpus, folder))
      ? readdirSync(path.join(corpus, folder)).map((name) => ({ name: `testdata-${name}`, file: path.join(corpus, folder, name), language: 'en' as const }))
      : [],
  ),
].filter((input) => !values.only || values.only.split(',').includes(input.name));

const engine = createLocalEngine();
const studyPage = (page: ExtractedPage): StudyPage => ({ pageNumber: page.pageNumber, text: page.text.replaceAll('\u0000', ''), heading: page.heading ?? null });

async function snapshot(input: (typeof inputs)[number]) {
  const bytes = new Uint8Array(readFileSync(input.file));
  const kind = await detectFileKind({ bytes, fileName: path.basename(input.file) });
  if (!kind.ok) return { result: { refused: kind.reason }, drafts: [] };
  const announced: ExtractedPage[][] = [];
  const result = await extractPages({ bytes, kind: kind.kind, limits: { maxPages: 2000 }, language: input.language, onPages: (pages) => void announced.push(pages) });
  if (!result.ok) return { result: { failed: result.reason, key: result.key }, drafts: [] };
  const title = path.basename(input.file).replace(/\.[^.]+$/, '');
  const drafts: unknown[] = [];
  if (values['read-ahead'] && engine.readAhead) {
    const known = new Map<number, StudyPage>();
    for (const batch of announced) {
      for (const page of batch) known.set(page.pageNumber, studyPage(page));
      const pages = [...known.values()].sort((a, b) => a.pageNumber - b.pageNumber);
      drafts.push(await engine.readAhead({ title, language: input.language, pages }, result.pageCount));
    }
  }
  const document: StudyDocument = { title, language: input.language, pages: result.pages.map(studyPage) };
  const made: Record<string, unknown> = { pages: document.pages, unreadablePages: result.unreadablePages ?? [] };
  for (const [name, make] of Object.entries({
    summary: () => engine.summary(document),
    mindmap: () => engine.mindmap(document),
    flashcards: () => engine.flashcards(document),
    learnPath: () => engine.learnPath(document),
  })) {
    try {
      made[name] = await make();
    } catch (error) {
      if (!(error instanceof StudyEngineError)) throw error;
      made[name] = { failed: error.key };
    }
  }
  return { result: made, drafts };
}

for (const input of inputs) {
  const started = performance.now();
  const { result, drafts } = await snapshot(input);
  writeFileSync(path.join(out, `${input.name}.json`), `${JSON.stringify(result, null, 1)}\n`);
  if (drafts.length > 0) writeFileSync(path.join(out, 'drafts', `${input.name}.json`), `${JSON.stringify(drafts, null, 1)}\n`);
  console.log(`${input.name}: ${(performance.now() - started).toFixed(0)} ms${drafts.length ? `, ${drafts.length} read-ahead steps` : ''}`);
}
process.exit(0);
