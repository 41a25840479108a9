import { describe, expect, test } from 'vitest';
import { extractPages } from '../ingest/extract-pages';
import { checkDeck, checkLearnPath, checkMindmap, checkSummary, mindmapDepth, PageIndex } from '../study/engines/content-checks';
import type { StudyDocument } from '../study/engines/engine';
import { createLocalEngine } from '../study/engines/local/local-engine';
import { TRACE_PAPER_PAGES, TRACE_PAPER_TITLE, tracePaperPdf } from './trace-paper';

// The paper the browser tests study: what they count on, checked here in a second rather than in a browser.
describe('the test paper (trace-trees.pdf)', () => {
  test('reads as 14 pages of prose with its title and numbered sections, and gives every artefact', async () => {
    const result = await extractPages({ bytes: await tracePaperPdf(), kind: 'pdf', limits: { maxPages: 100 } });
    if (!result.ok) throw new Error(`the paper did not read: ${result.reason}`);
    expect(TRACE_PAPER_PAGES).toBe(14);
    expect(result.pages).toHaveLength(14);
    expect(result.pages[0]).toMatchObject({ pageNumber: 1, heading: TRACE_PAPER_TITLE });
    expect(result.pages[6]?.text).toContain('A trace tree is a tree of traces that all start at the same loop header');
    for (const page of result.pages) expect(page.text.length, `page ${page.pageNumber}`).toBeGreaterThan(1_000);

    const document: StudyDocument = {
      title: 'trace-trees',
      language: 'en',
      pages: result.pages.map((page) => ({ ...page, heading: page.heading ?? null })),
    };
    const index = new PageIndex(document.pages);
    const engine = createLocalEngine();
    const summary = await engine.summary(document);
    expect(checkSummary(summary, index)).toEqual([]);
    expect(summary.sections.length).toBeGreaterThanOrEqual(10);
    expect(summary.sections.map((section) => section.heading)).toContain('5 Trace Trees');
    expect(summary.keyTerms.map((term) => term.term.toLowerCase())).toContain('trace tree');
    const mindmap = await engine.mindmap(document);
    expect(checkMindmap(mindmap, index)).toEqual([]);
    expect(mindmapDepth(mindmap.root)).toBeGreaterThanOrEqual(3);
    const deck = await engine.flashcards(document);
    expect(checkDeck(deck, index)).toEqual([]);
    expect(deck.cards.length).toBeGreaterThanOrEqual(10);
    const path = await engine.learnPath(document);
    expect(checkLearnPath(path, index)).toEqual([]);
    expect(path.units[0]?.lessons[0]?.challenges.length).toBeGreaterThanOrEqual(3);
  });
});
