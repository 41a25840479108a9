import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPages } from '../../src/server/ingest/extract-pages';
import { detectFileKind } from '../../src/server/ingest/file-kind';
import type { ExtractionFailureReason } from '../../src/server/ingest/types';
import { corpusExists, corpusFiles, corpusFolder, expectations, printTable } from './corpus';

/**
 * Runs the extraction engine directly over the shared corpus: every file must end as pages of text or as a failure
 * with a defined reason, within a minute, and leave this process alive. upload.test.ts sends the same files through
 * the real upload endpoint and job queue.
 */
if (!corpusExists) {
  console.log(`Corpus suite skipped: ${corpusFolder} does not exist (the shared corpus beside the repository, not part of it; CORPUS_DIR names another folder).`);
}

const failureReasons: readonly (ExtractionFailureReason | 'empty' | 'unsupported-type' | 'extension-mismatch')[] = [
  'encrypted', 'corrupt', 'no-text', 'too-many-pages', 'too-large-expanded', 'timeout', 'out-of-memory', 'unsupported',
  'empty', 'unsupported-type', 'extension-mismatch',
];

const rows: Array<{ file: string; outcome: string; ms: number }> = [];

describe.skipIf(!corpusExists)('extraction over the shared corpus', () => {
  afterAll(() => {
    printTable('Extraction engine over the corpus', rows);
  });

  it.each(corpusFiles())('%s ends as text or a defined failure', { timeout: 60_000 }, async (file) => {
    const started = performance.now();
    const bytes = readFileSync(path.join(corpusFolder, file));
    const detected = await detectFileKind({ bytes, fileName: path.basename(file) });
    const result = detected.ok ? await extractPages({ bytes, kind: detected.kind, limits: { maxPages: 1_000 } }) : detected;
    const ms = Math.round(performance.now() - started);
    rows.push({ file, outcome: result.ok ? `${result.pageCount} pages` : result.reason, ms });
    if (result.ok && file.endsWith('freeculture.pdf')) {
      console.log(`freeculture.pdf: ${result.pageCount} pages in ${ms} ms = ${Math.round((result.pageCount / ms) * 1000)} pages/s`);
    }

    const expected = expectations[file] ?? {};
    if (result.ok) {
      expect(expected.reason).toBeUndefined();
      expect(result.pageCount).toBe(result.pages.length);
      expect(result.pages.map((page) => page.pageNumber)).toEqual(result.pages.map((_, index) => index + 1));
      const text = result.pages.map((page) => page.text).join('\n');
      expect(text.trim().length).toBeGreaterThan(0);
      if (expected.pages) {
        expect(result.pageCount).toBeGreaterThanOrEqual(expected.pages[0]);
        expect(result.pageCount).toBeLessThanOrEqual(expected.pages[1]);
      }
      if (expected.text) expect(text).toMatch(expected.text);
    } else {
      expect(failureReasons).toContain(result.reason);
      expect(result.message).toMatch(/^[A-Z].+\.$/);
      expect(expected.pages).toBeUndefined();
      if (expected.reason) expect(expected.reason).toContain(result.reason);
    }
  });

  it('leaves this process alive and responsive', async () => {
    const tick = await new Promise<number>((resolve) => {
      const started = performance.now();
      setTimeout(() => resolve(performance.now() - started), 10);
    });
    expect(tick).toBeLessThan(5_000);
    const bytes = new TextEncoder().encode('Still here.');
    expect(await extractPages({ bytes, kind: 'txt', limits: { maxPages: 1 } })).toEqual({
      ok: true,
      pageCount: 1,
      pages: [{ pageNumber: 1, text: 'Still here.' }],
    });
  });
});
