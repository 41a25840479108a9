import { describe, expect, it } from 'vitest';
import { extractPages, idleExtractionThreads } from './extract-pages';
import {
  docxWithFormulasAndList,
  docxWithParagraphs,
  docxWithSections,
  encrypt,
  pdfWithPages,
  lyingZipBomb,
  pptxRuns,
  pptxTable,
  pptxTextBox,
  pptxWithSlides,
  zipBomb,
  zipWith,
} from '../test/documents';
import { listZipEntries } from './zip-entries';

const noText = 'No readable text found in this file, not even by reading its pages as images.';

describe('extractPages: PDF', () => {
  it('reads each page, joins hyphenated line breaks and guesses the heading from the largest font', async () => {
    const bytes = await pdfWithPages([
      [{ text: 'Cell Biology', size: 24 }, { text: 'The nucleus holds the genetic infor-' }, { text: 'mation of the cell.' }],
      [],
      [{ text: 'Page three   has  spaces.' }],
    ]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 3,
      pages: [
        { pageNumber: 1, text: 'Cell Biology\nThe nucleus holds the genetic information of the cell.', heading: 'Cell Biology' },
        { pageNumber: 2, text: '' },
        { pageNumber: 3, text: 'Page three has spaces.' },
      ],
    });
  });

  it('finds no text in a PDF of pictures only', async () => {
    const bytes = await pdfWithPages([[], []]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toEqual({
      ok: false,
      reason: 'no-text',
      key: 'noTextAfterOcr',
      message: noText,
    });
  });

  it('refuses a PDF with more pages than the plan allows, before reading them', async () => {
    const bytes = await pdfWithPages([[{ text: 'one' }], [{ text: 'two' }], [{ text: 'three' }]]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 2 } })).toEqual({
      ok: false,
      reason: 'too-many-pages',
      key: 'tooManyPages',
      params: { pages: 3, limit: 2, count: 2 },
      message: 'This file has 3 pages; your plan allows up to 2 pages per file.',
    });
  });

  it('says when a PDF is password-protected', async () => {
    const bytes = await pdfWithPages([[{ text: 'secret' }]], encrypt);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toEqual({
      ok: false,
      reason: 'encrypted',
      key: 'encrypted',
      message: 'This PDF is password-protected.',
    });
  });

  it('reports a damaged PDF as corrupt', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\nnothing else');
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toMatchObject({
      ok: false,
      reason: 'corrupt',
      key: 'corrupt',
      message: 'This file is damaged and cannot be read.',
    });
  });
});

describe('extractPages: Word', () => {
  it('starts a page at each Heading 1 and writes tables as rows of tab-separated cells', async () => {
    expect(await extractPages({ bytes: await docxWithSections(), kind: 'docx', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 2,
      pages: [
        {
          pageNumber: 1,
          heading: 'Cells',
          text: 'Cells\n\nA cell is the smallest unit of life.\n\nParts\n\nPart\tRole\nNucleus\tHolds the DNA',
        },
        { pageNumber: 2, heading: 'Tissues', text: 'Tissues\n\nCells of one kind form a tissue.' },
      ],
    });
  });

  it('writes superscripts and subscripts inline and starts bulleted list items with "• "', async () => {
    expect(await extractPages({ bytes: await docxWithFormulasAndList(), kind: 'docx', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 1,
      pages: [{ pageNumber: 1, text: 'One mole holds 6.022·10²³ particles; water is H₂O.\n\n• Oxygen\n\n• Hydrogen' }],
    });
  });

  it('cuts a long document without headings into pages of about 3,000 characters', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, index) => `Paragraph ${index + 1}. ${'text '.repeat(150).trim()}`);
    const result = await extractPages({ bytes: await docxWithParagraphs(paragraphs), kind: 'docx', limits: { maxPages: 10 } });
    if (!result.ok) throw new Error(result.message);
    expect(result.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4]);
    expect(result.pages.map((page) => page.text).join('\n\n')).toBe(paragraphs.join('\n\n'));
    expect(result.pages.every((page) => page.heading === undefined && page.text.length <= 3_000)).toBe(true);
  });

  it('refuses a zip bomb by its declared size before inflating it', async () => {
    const bytes = zipBomb(20 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(100_000);
    const limits = { maxPages: 10, maxExpandedBytes: 10 * 1024 * 1024 };
    expect(await extractPages({ bytes, kind: 'docx', limits })).toEqual({
      ok: false,
      reason: 'too-large-expanded',
      key: 'tooLargeExpanded',
      params: { limit: 10 },
      message: 'This file unpacks to more than 10 MB, which is over the limit.',
    });
  });

  it('refuses a zip bomb whose headers understate its size, counting what inflating really yields', async () => {
    const bytes = lyingZipBomb(20 * 1024 * 1024);
    expect(listZipEntries(bytes).map((entry) => entry.originalSize)).toEqual([expect.any(Number), 1_000]);
    const limits = { maxPages: 10, maxExpandedBytes: 10 * 1024 * 1024 };
    expect(await extractPages({ bytes, kind: 'docx', limits })).toEqual({
      ok: false,
      reason: 'too-large-expanded',
      key: 'tooLargeExpanded',
      params: { limit: 10 },
      message: 'This file unpacks to more than 10 MB, which is over the limit.',
    });
  });

  it('refuses a zip with too many entries', async () => {
    const entries = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`word/part${index}.xml`, '<x/>']));
    const bytes = zipWith({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>', ...entries });
    expect(await extractPages({ bytes, kind: 'docx', limits: { maxPages: 10, maxZipEntries: 10 } })).toEqual({
      ok: false,
      reason: 'too-large-expanded',
      key: 'tooManyEntries',
      params: { entries: 22, limit: 10 },
      message: 'This file holds 22 packed parts; at most 10 are allowed.',
    });
  });
});

describe('extractPages: PowerPoint', () => {
  it('gives one page per slide in deck order, titled, with the speaker notes appended', async () => {
    const bytes = pptxWithSlides(
      [
        { title: 'Photosynthesis', body: ['Light &amp; water', 'make sugar'], notes: 'Ask who has seen a leaf.' },
        { title: 'Agenda', body: ['Why plants are green'] },
        { body: [] },
      ],
      [2, 1, 3],
    );
    expect(await extractPages({ bytes, kind: 'pptx', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 3,
      pages: [
        { pageNumber: 1, heading: 'Agenda', text: 'Agenda\nWhy plants are green' },
        {
          pageNumber: 2,
          heading: 'Photosynthesis',
          text: 'Photosynthesis\nLight & water\nmake sugar\n\nAsk who has seen a leaf.',
        },
        { pageNumber: 3, text: '' },
      ],
    });
  });

  it('writes a table as rows of tab-separated cells and raised or lowered runs as scripts', async () => {
    const bytes = pptxWithSlides([
      {
        title: 'Gases',
        shapes:
          pptxRuns([['Avogadro: 6.022·10'], ['23', 30000], [' per mole; CO'], ['2', -25000], [' is a gas.']]) +
          pptxTable([
            ['Gas', 'Formula', 'Share of air'],
            ['Nitrogen', 'N2', '78 %'],
            ['Argon', '', '0.9 %'],
          ]),
      },
    ]);
    expect(await extractPages({ bytes, kind: 'pptx', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 1,
      pages: [
        {
          pageNumber: 1,
          heading: 'Gases',
          text: 'Gases\nAvogadro: 6.022·10²³ per mole; CO₂ is a gas.\nGas\tFormula\tShare of air\nNitrogen\tN2\t78 %\nArgon\t\t0.9 %',
        },
      ],
    });
  });

  it('takes the one line set larger than the rest for the heading of a slide without a title placeholder', async () => {
    const bytes = pptxWithSlides([
      { shapes: pptxTextBox([['Supply and demand', 28]]) + pptxTextBox([['Prices balance buyers and sellers.', 16]]) },
      { shapes: pptxTextBox([['Same size', 16]]) + pptxTextBox([['Nothing stands out.', 16]]) },
    ]);
    expect(await extractPages({ bytes, kind: 'pptx', limits: { maxPages: 10 } })).toEqual({
      ok: true,
      pageCount: 2,
      pages: [
        { pageNumber: 1, heading: 'Supply and demand', text: 'Supply and demand\nPrices balance buyers and sellers.' },
        { pageNumber: 2, text: 'Same size\nNothing stands out.' },
      ],
    });
  });

  it('finds no text in a deck without slides, and does not call it a scan', async () => {
    expect(await extractPages({ bytes: pptxWithSlides([]), kind: 'pptx', limits: { maxPages: 10 } })).toEqual({
      ok: false,
      reason: 'no-text',
      key: 'noTextInDocument',
      message: 'No text found in this file. It may hold only images or empty tables.',
    });
  });
});

describe('extractPages: text and legacy Word', () => {
  it('cuts plain text into pages at paragraph boundaries', async () => {
    const paragraphs = Array.from({ length: 7 }, (_, index) => `Absatz ${index + 1}: ${'Grüße '.repeat(180).trim()}`);
    const bytes = new TextEncoder().encode(paragraphs.join('\r\n\r\n'));
    const result = await extractPages({ bytes, kind: 'txt', limits: { maxPages: 10 } });
    if (!result.ok) throw new Error(result.message);
    expect(result.pageCount).toBe(4);
    expect(result.pages.map((page) => page.text)).toEqual([
      paragraphs.slice(0, 2).join('\n\n'),
      paragraphs.slice(2, 4).join('\n\n'),
      paragraphs.slice(4, 6).join('\n\n'),
      paragraphs[6],
    ]);
  });

  it('refuses a text that must have more pages than the plan allows, without decoding it', async () => {
    const bytes = new TextEncoder().encode('a'.repeat(13_000));
    expect(await extractPages({ bytes, kind: 'txt', limits: { maxPages: 1 } })).toEqual({
      ok: false,
      reason: 'too-many-pages',
      key: 'tooManyPagesAtLeast',
      params: { pages: 2, limit: 1, count: 1 },
      message: 'This file has at least 2 pages; your plan allows up to 1 page per file.',
    });
  });

  it('reads a Markdown note in the extraction thread, a page per section, within the plan and its limits', async () => {
    const note = (sections: number) =>
      new TextEncoder().encode(Array.from({ length: sections }, (_, index) => `## Abschnitt ${index + 1}\n\n**Begriff ${index + 1}**: eine Erklärung.`).join('\n\n'));
    const result = await extractPages({ bytes: note(3), kind: 'md', limits: { maxPages: 10 } });
    if (!result.ok) throw new Error(result.message);
    expect(result.pages).toEqual([1, 2, 3].map((number) => ({ pageNumber: number, heading: `Abschnitt ${number}`, text: `# Abschnitt ${number}\n\nBegriff ${number}: eine Erklärung.` })));
    // More sections than the plan's pages, and more bytes than its pages can hold: refused like any other file.
    expect(await extractPages({ bytes: note(3), kind: 'md', limits: { maxPages: 2 } })).toMatchObject({ ok: false, key: 'tooManyPages', params: { pages: 3, limit: 2 } });
    expect(await extractPages({ bytes: new TextEncoder().encode('# a\n\n'.repeat(3_000)), kind: 'md', limits: { maxPages: 1 } })).toMatchObject({ ok: false, key: 'tooManyPagesAtLeast' });
    expect(await extractPages({ bytes: new TextEncoder().encode('---\ntitle: leer\n---\n<!-- nichts -->\n'), kind: 'md', limits: { maxPages: 10 } })).toMatchObject({
      ok: false,
      key: 'noTextInDocument',
    });
  });

  it('reports a damaged legacy Word file as corrupt', async () => {
    const bytes = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(600).fill(0)]);
    expect(await extractPages({ bytes, kind: 'doc', limits: { maxPages: 10 } })).toMatchObject({ ok: false, reason: 'corrupt' });
  });
});

describe('extractPages: a large PDF read by two threads', () => {
  const split = { splitAboveBytes: 0 };

  it('gives the same pages, in order, as one thread', async () => {
    const bytes = await pdfWithPages(
      Array.from({ length: 7 }, (_, index) => [{ text: `Chapter ${index + 1}`, size: 20 }, { text: `Body text of page ${index + 1}.` }]),
    );
    const single = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } });
    const twoThreads = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 }, ...split });
    expect(twoThreads).toEqual(single);
    expect(twoThreads).toMatchObject({ ok: true, pageCount: 7 });
    if (twoThreads.ok) expect(twoThreads.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('looks for text in the whole document, not in each half', async () => {
    const textFirst = await pdfWithPages([[{ text: 'Only the first page has text.' }], [], [], []]);
    expect(await extractPages({ bytes: textFirst, kind: 'pdf', limits: { maxPages: 10 }, ...split })).toMatchObject({
      ok: true,
      pageCount: 4,
    });
    const pictures = await pdfWithPages([[], [], [], []]);
    expect(await extractPages({ bytes: pictures, kind: 'pdf', limits: { maxPages: 10 }, ...split })).toEqual({
      ok: false,
      reason: 'no-text',
      key: 'noTextAfterOcr',
      message: noText,
    });
  });

  it("reports the failure that stopped it, not the other thread's being stopped", async () => {
    const bytes = await pdfWithPages([[{ text: 'one' }], [{ text: 'two' }], [{ text: 'three' }]]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 2 }, ...split })).toMatchObject({
      ok: false,
      reason: 'too-many-pages',
    });
    expect(await extractPages({ bytes: new TextEncoder().encode('%PDF-1.7\nbroken'), kind: 'pdf', limits: { maxPages: 5 }, ...split })).toMatchObject({
      ok: false,
      reason: 'corrupt',
      message: 'This file is damaged and cannot be read.',
    });
  });
});

describe('extractPages: the worker thread', () => {
  it('keeps a thread whose file was read for the next file, and never one that failed', async () => {
    const bytes = await pdfWithPages([[{ text: 'Warm' }]]);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toMatchObject({ ok: true });
    const idle = idleExtractionThreads();
    expect(idle).toBeGreaterThanOrEqual(1);
    // The next file takes the idle thread; it times out, so the thread is ended instead of going back.
    const slow = await pdfWithPages(Array.from({ length: 400 }, (_, index) => [{ text: `Slow page ${index + 1}` }]));
    expect(await extractPages({ bytes: slow, kind: 'pdf', limits: { maxPages: 1000, timeoutMs: 5 } })).toMatchObject({ reason: 'timeout' });
    expect(idleExtractionThreads()).toBe(idle - 1);
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 10 } })).toMatchObject({ ok: true });
    expect(idleExtractionThreads()).toBe(idle);
  });

  it('stops a parse that runs past the time limit and stays usable afterwards', async () => {
    // Long enough that even a warm thread cannot read it within the limit.
    const bytes = await pdfWithPages(Array.from({ length: 400 }, (_, index) => [{ text: `Slow page ${index + 1}` }]));
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 1000, timeoutMs: 5 } })).toEqual({
      ok: false,
      reason: 'timeout',
      key: 'timeout',
      params: { seconds: 1, count: 1 },
      message: 'Reading this file took longer than 5 ms and was stopped.',
    });
    expect(await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 1000 } })).toMatchObject({ ok: true, pageCount: 400 });
  });

  it('ends a parse that outgrows its heap as out-of-memory, not as a crash', async () => {
    const bytes = new TextEncoder().encode('word\n\n'.repeat(8_000_000));
    const limits = { maxPages: 1_000_000, maxMemoryMb: 64 };
    expect(await extractPages({ bytes, kind: 'txt', limits })).toMatchObject({
      ok: false,
      reason: 'out-of-memory',
      key: 'outOfMemory',
      message: 'This file needs too much memory to read.',
    });
  });
});
