import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPages } from '../../src/server/ingest/extract-pages';
import { detectFileKind } from '../../src/server/ingest/file-kind';
import { deckSchema, learnPathSchema, mindmapSchema, summarySchema } from '../../src/shared/artefacts';
import {
  checkDeck,
  checkLearnPath,
  checkMindmap,
  checkSummary,
  mindmapDepth,
  PageIndex,
} from '../../src/server/study/engines/content-checks';
import { StudyEngineError, type StudyDocument } from '../../src/server/study/engines/engine';
import { createLocalEngine } from '../../src/server/study/engines/local/local-engine';
import { corpusExists, corpusFiles, corpusFolder, printTable } from './corpus';

/**
 * The local study engine over every real document of the shared corpus that has text: each artefact must pass its
 * schema and the content checks (one correct option, distinct options, cited pages that exist and support the
 * answer, unique flashcard fronts, a tree of a mind map), or end in a defined StudyEngineError for a document too thin
 * for it. Documents of several sections must give a mind map of at least three levels.
 */
const engine = createLocalEngine();
const rows: Array<{ file: string; outcome: string; ms: number }> = [];

async function documentOf(relativePath: string): Promise<StudyDocument | null> {
  const bytes = readFileSync(path.join(corpusFolder, relativePath));
  const detected = await detectFileKind({ bytes, fileName: path.basename(relativePath) });
  if (!detected.ok) return null;
  const result = await extractPages({ bytes, kind: detected.kind, limits: { maxPages: 1_000 } });
  if (!result.ok) return null;
  const title = path.basename(relativePath).replace(/\.[^.]+$/, '');
  return { title, language: 'en', pages: result.pages.map((page) => ({ ...page, heading: page.heading ?? null })) };
}

/** The artefact, or the defined error an engine may end with for a document that cannot give it. */
async function made<T>(make: () => Promise<T>): Promise<T | StudyEngineError> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof StudyEngineError) return error;
    throw error;
  }
}

describe.skipIf(!corpusExists)('the local study engine over the shared corpus', () => {
  afterAll(() => printTable('Local study engine over the corpus', rows));

  it.each(corpusFiles())('%s gives artefacts that pass the content checks', { timeout: 120_000 }, async (relativePath) => {
    const document = await documentOf(relativePath);
    if (!document) {
      rows.push({ file: relativePath, outcome: 'no text: nothing to study', ms: 0 });
      return;
    }
    const started = performance.now();
    const index = new PageIndex(document.pages);
    const outcome: string[] = [];

    const summary = await made(() => engine.summary(document));
    if (summary instanceof StudyEngineError) outcome.push(`summary: ${summary.key}`);
    else {
      summarySchema.parse(summary);
      expect(checkSummary(summary, index)).toEqual([]);
      outcome.push(`${summary.sections.length} sections`);
    }

    const mindmap = await made(() => engine.mindmap(document));
    if (mindmap instanceof StudyEngineError) outcome.push(`mindmap: ${mindmap.key}`);
    else {
      mindmapSchema.parse(mindmap);
      expect(checkMindmap(mindmap, index)).toEqual([]);
      const depth = mindmapDepth(mindmap.root);
      if (!(summary instanceof StudyEngineError) && summary.sections.length >= 3) expect(depth).toBeGreaterThanOrEqual(3);
      outcome.push(`mind map depth ${depth}`);
    }

    const deck = await made(() => engine.flashcards(document));
    if (deck instanceof StudyEngineError) outcome.push(`flashcards: ${deck.key}`);
    else {
      deckSchema.parse(deck);
      expect(checkDeck(deck, index)).toEqual([]);
      outcome.push(`${deck.cards.length} cards`);
    }

    const learnPath = await made(() => engine.learnPath(document));
    if (learnPath instanceof StudyEngineError) outcome.push(`learn path: ${learnPath.key}`);
    else {
      learnPathSchema.parse(learnPath);
      expect(checkLearnPath(learnPath, index)).toEqual([]);
      const challenges = learnPath.units.flatMap((unit) => unit.lessons.flatMap((lesson) => lesson.challenges));
      outcome.push(`${learnPath.units.length} units, ${challenges.length} challenges`);
    }
    rows.push({ file: relativePath, outcome: outcome.join(', '), ms: Math.round(performance.now() - started) });

    // A real study document of some length gives every artefact: ten pages a reader can read. (TAMReview.pdf has 17
    // pages, but past its abstract its fonts have no map to Unicode: pdf.js and pdftotext alike read glyph soup.)
    if (document.pages.filter((page) => readable(page.text)).length >= 10) {
      for (const artefact of [summary, mindmap, deck, learnPath]) expect(artefact).not.toBeInstanceOf(StudyEngineError);
    }
  });
});

/** A page of running text: most of its tokens are words, and there are enough of them to read. */
function readable(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  const words = tokens.filter((token) => /^[(“"„]?\p{L}{2,}[.,;:!?)”"]?$/u.test(token));
  return words.length >= 80 && words.length >= tokens.length * 0.6;
}
