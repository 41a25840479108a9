import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { describe, expect, it } from 'vitest';
import type { StudyDocument } from '../study/engines/engine';
import { createLocalEngine } from '../study/engines/local/local-engine';
import { docxPages } from './docx-pages';
import { pdfPages } from './pdf-pages';
import { pptxPages } from './pptx-pages';
import { pdfWithText, pptxTable, pptxWithSlides, type PdfText } from '../test/documents';
import type { ExtractedPage } from './types';

/**
 * The promises about what extraction keeps, through the real parsers: a slide's speaker notes are part of its
 * page (and so of what the study engine makes items from), and a table of a PDF, a Word file or a deck keeps its rows
 * as lines and its columns as tab-separated cells, in order — an empty or merged cell as an empty cell in its place.
 */

const studyDocument = (title: string, pages: ExtractedPage[]): StudyDocument => ({
  title,
  language: 'en',
  pages: pages.map((page) => ({ ...page, heading: page.heading ?? null })),
});

describe('speaker notes', () => {
  const deck = () =>
    pptxWithSlides([
      {
        title: 'Transport across membranes',
        body: ['Passive transport', 'Active transport'],
        notes: 'Diffusion is the movement of particles from a region of high concentration to a region of low concentration.',
      },
      {
        title: 'Water',
        body: ['Water crosses the membrane', 'Cells can swell or shrink'],
        notes:
          'Osmosis is the diffusion of water across a selectively permeable membrane.\nA cell placed in pure water takes up water by osmosis and swells.',
      },
      {
        title: 'Pumps',
        body: ['Energy from ATP', 'Against the gradient'],
        notes: 'The sodium-potassium pump is a membrane protein that moves sodium ions out of the cell and potassium ions into it.',
      },
    ]);

  it("are in their slide's page, after the slide's own text", () => {
    const pages = pptxPages(deck());
    expect(pages.map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    expect(pages[1]?.text).toBe(
      'Water\nWater crosses the membrane\nCells can swell or shrink\n\n' +
        'Osmosis is the diffusion of water across a selectively permeable membrane.\nA cell placed in pure water takes up water by osmosis and swells.',
    );
    expect(pages[0]?.text).not.toContain('Osmosis');
    expect(pages[2]?.text).not.toContain('Osmosis');
  });

  it('give study items: a fact stated only in the notes becomes a flashcard citing that slide', async () => {
    const deckOfCards = await createLocalEngine().flashcards(studyDocument('Membranes', pptxPages(deck())));
    const osmosis = deckOfCards.cards.filter((card) => `${card.front} ${card.back}`.toLowerCase().includes('osmosis'));
    expect(osmosis.length).toBeGreaterThan(0);
    expect(osmosis.every((card) => card.page === 2)).toBe(true);
    expect(osmosis.some((card) => /selectively permeable membrane/.test(`${card.front} ${card.back}`))).toBe(true);
  });
});

describe('tables keep their rows and columns', () => {
  it('in a PDF: cells aligned in columns, a missing cell written empty in its column', async () => {
    const columns = [50, 200, 330];
    const row = (y: number, cells: string[]): PdfText[] =>
      cells.flatMap((text, index) => (text ? [{ text, x: columns[index] ?? 0, y }] : []));
    const [page] = (
      await pdfPages(
        await pdfWithText([
          [
            { text: 'Boiling points at sea level.', x: 50, y: 760 },
            ...row(740, ['Substance', 'Formula', 'Boiling point']),
            ...row(725, ['Water', 'H2O', '100 °C']),
            // Air is a mixture: it has no formula.
            ...row(710, ['Air', '', '-194 °C']),
            ...row(695, ['Ethanol', 'C2H6O', '78 °C']),
            { text: 'Water boils at a higher temperature than ethanol.', x: 50, y: 670 },
          ],
        ]),
        10,
      )
    ).pages;
    expect(page?.text.split('\n')).toEqual([
      'Boiling points at sea level.',
      'Substance\tFormula\tBoiling point',
      'Water\tH2O\t100 °C',
      'Air\t\t-194 °C',
      'Ethanol\tC2H6O\t78 °C',
      'Water boils at a higher temperature than ethanol.',
    ]);
  });

  it('in a Word file: a cell of several paragraphs is one cell, merged cells leave empty cells, a table in a cell is its text', async () => {
    const cell = (...paragraphs: string[]) => new TableCell({ children: paragraphs.map((text) => new Paragraph(text)) });
    const nested = new Table({
      rows: [new TableRow({ children: [cell('Kidney'), cell('Bladder')] }), new TableRow({ children: [cell('Ureter'), cell('Urethra')] })],
    });
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph('The organ systems of the body.'),
            new Table({
              rows: [
                new TableRow({ children: [cell('System'), cell('Organ'), cell('Role')] }),
                new TableRow({
                  children: [new TableCell({ children: [new Paragraph('Circulatory')], rowSpan: 2 }), cell('Heart'), cell('Pumps blood', 'through the body')],
                }),
                new TableRow({ children: [cell('Vein'), cell('Returns blood to the heart')] }),
                new TableRow({ children: [cell('Excretory'), new TableCell({ children: [nested] }), cell('Filters and stores urine')] }),
                new TableRow({ children: [new TableCell({ children: [new Paragraph('Digestive system')], columnSpan: 2 }), cell('Breaks down food')] }),
              ],
            }),
            new Paragraph('Every organ belongs to a system.'),
          ],
        },
      ],
    });
    const [page] = await docxPages(new Uint8Array(await Packer.toBuffer(document)));
    expect(page?.text).toBe(
      'The organ systems of the body.\n\n' +
        'System\tOrgan\tRole\n' +
        'Circulatory\tHeart\tPumps blood through the body\n' +
        '\tVein\tReturns blood to the heart\n' +
        'Excretory\tKidney Bladder Ureter Urethra\tFilters and stores urine\n' +
        'Digestive system\t\tBreaks down food\n\n' +
        'Every organ belongs to a system.',
    );
  });

  it('in a deck: a row per line, a cell of several paragraphs as one cell, a merged cell empty in its place', () => {
    const twoParagraphs =
      '<a:tc><a:txBody><a:p><a:r><a:t>Splits water</a:t></a:r></a:p><a:p><a:r><a:t>and releases oxygen</a:t></a:r></a:p></a:txBody></a:tc>';
    const table = pptxTable([
      ['Stage', 'Place', 'What happens'],
      ['Light reactions', 'Thylakoid', 'PLACEHOLDER'],
      ['Calvin cycle', '', 'Fixes carbon dioxide'],
    ]).replace(/<a:tc><a:txBody><a:p><a:r><a:t>PLACEHOLDER<\/a:t><\/a:r><\/a:p><\/a:txBody><\/a:tc>/, twoParagraphs);
    const [page] = pptxPages(pptxWithSlides([{ title: 'Photosynthesis', shapes: table, notes: 'Both stages run in the chloroplast.' }]));
    expect(page?.text).toBe(
      'Photosynthesis\n' +
        'Stage\tPlace\tWhat happens\n' +
        'Light reactions\tThylakoid\tSplits water and releases oxygen\n' +
        'Calvin cycle\t\tFixes carbon dioxide\n\n' +
        'Both stages run in the chloroplast.',
    );
  });
});
