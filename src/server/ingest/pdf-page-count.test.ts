import { describe, expect, it } from 'vitest';
import { pdfWithPages } from '../test/documents';
import { extractPages, setExtractionBytesBudget, takePeakExtractionBytes } from './extract-pages';
import { declaredPdfPageCount } from './pdf-page-count';

/** A PDF-shaped file whose page tree declares `count` pages, padded with `padding` bytes of objects. */
function declaringPages(count: number, padding = 0): Uint8Array {
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Outlines 3 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count ${count} >>\nendobj\n3 0 obj\n<< /Type /Outlines /Count 99999999 >>\nendobj\n`;
  const filler = '5 0 obj\n<< /Length 0 >>\nendobj\n'.repeat(Math.ceil(padding / 30));
  return new TextEncoder().encode(`${head}${filler}%%EOF\n`);
}

describe('declaredPdfPageCount', () => {
  it("reads a real PDF's page tree, and only the page tree's count (not the outline's)", async () => {
    expect(declaredPdfPageCount(await pdfWithPages([[{ text: 'one' }], [{ text: 'two' }], [{ text: 'three' }]]))).toBe(3);
    expect(declaredPdfPageCount(declaringPages(200_000))).toBe(200_000);
  });

  it('knows nothing of a file without a page tree in plain sight', () => {
    expect(declaredPdfPageCount(new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Outlines /Count 7 >>\nendobj\n'))).toBeNull();
    expect(declaredPdfPageCount(new Uint8Array(1024))).toBeNull();
  });
});

describe('extractPages and a PDF declaring too many pages', () => {
  it('refuses it by the declared count before a thread loads it (issue 23: 200,000 pages in a large file)', async () => {
    const bytes = declaringPages(200_000, 8 * 1024 * 1024);
    // pdf.js could not even open this file (its objects are no pages): the refusal names the declared count.
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 1000 } })).toMatchObject({
      ok: false,
      reason: 'too-many-pages',
      params: { pages: 200_000, limit: 1000 },
    });
  });
});

describe('extractPages: the bytes read at once stay within the budget', () => {
  it('reads three files arriving at once one after another when two would pass the budget, and reads them all', async () => {
    const bytes = await pdfWithPages(Array.from({ length: 4 }, (_, index) => [{ text: `Page ${index + 1} of a lecture on cells and their parts.` }]));
    const before = setExtractionBytesBudget(Math.floor(bytes.length * 1.5));
    try {
      takePeakExtractionBytes();
      const results = await Promise.all([0, 1, 2].map(() => extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })));
      expect(results.map((result) => result.ok)).toEqual([true, true, true]);
      // Never two at once: one file's bytes at the most.
      expect(takePeakExtractionBytes()).toBe(bytes.length);
    } finally {
      setExtractionBytesBudget(before);
    }
  });
});
