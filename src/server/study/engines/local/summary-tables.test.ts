import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { summarySchema, summaryToMarkdown } from '../../../../shared/artefacts';
import { checkSummary, PageIndex } from '../content-checks';
import type { StudyDocument } from '../engine';
import { createLocalEngine } from './local-engine';
import { tableMarkdown } from './summary';

/** Markdown as the Summary tab renders it: react-markdown with GitHub-flavoured Markdown (tables). */
const html = (markdown: string) => renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, markdown));
const cellsOf = (rendered: string) => [...rendered.matchAll(/<(th|td)>([^<]*)<\/\1>/g)].map(([, tag, text]) => `${tag}:${text}`);

describe('tableMarkdown', () => {
  it('writes the first row as the header, pads short rows, escapes "|" and gives a corner cell back to a short header', () => {
    expect(
      tableMarkdown([
        ['Operator', 'Meaning'],
        ['a | b', 'a or b'],
        ['¬a'],
      ]),
    ).toBe('| Operator | Meaning |\n  | --- | --- |\n  | a \\| b | a or b |\n  | ¬a |  |');
    expect(tableMarkdown([['r', 'K'], ['Life span', 'Short', 'Long'], ['Fecundity', 'High', 'Low']])).toBe(
      '|  | r | K |\n  | --- | --- | --- |\n  | Life span | Short | Long |\n  | Fecundity | High | Low |',
    );
  });

  it('leaves out a table too large to read in a summary, or not one to read at all', () => {
    const row = (width: number, text = 'cell') => Array.from({ length: width }, (_, index) => `${text} ${index + 1}`);
    expect(tableMarkdown([row(8, 'Column'), row(8)])).toBeDefined();
    expect(tableMarkdown([row(9, 'Column'), row(9)])).toBeUndefined();
    expect(tableMarkdown([row(2, 'Column'), ...Array.from({ length: 14 }, () => row(2))])).toBeDefined();
    expect(tableMarkdown([row(2, 'Column'), ...Array.from({ length: 15 }, () => row(2))])).toBeUndefined();
    expect(tableMarkdown([row(2, 'Column'), ['x'.repeat(80), 'y']])).toBeDefined();
    expect(tableMarkdown([row(2, 'Column'), ['x'.repeat(81), 'y']])).toBeUndefined();
    // A matrix, a numbered agenda: the first row names no columns.
    expect(tableMarkdown([['m', '0', '0'], ['0', 'm', '0'], ['0', '0', 'M']])).toBeUndefined();
    expect(tableMarkdown([['1', 'Warm-up'], ['2', 'Digital globes']])).toBeUndefined();
    // Two tables run together, a listing of files.
    expect(tableMarkdown([['ID', 'Name'], ['101', 'Anna'], ['ClassID', 'Class', 'Room']])).toBeUndefined();
    expect(tableMarkdown([['File', 'Content'], ['01_Basics.md', 'Basics'], ['02_Licences.md', 'Licences']])).toBeUndefined();
  });
});

describe('the summary shows a section’s table', () => {
  const document: StudyDocument = {
    title: 'Photosynthesis',
    language: 'en',
    pages: [
      {
        pageNumber: 1,
        heading: 'Photosynthesis',
        text: `Photosynthesis
Photosynthesis is the process by which green plants convert light energy into chemical energy.
The chloroplast is the organelle in which photosynthesis takes place in plant cells.
Chlorophyll is a green pigment that absorbs light energy in the chloroplast.
During photosynthesis, plants take up carbon dioxide from the air and release oxygen.`,
      },
      {
        pageNumber: 2,
        heading: null,
        text: `Photosynthesis runs in two stages that take place in different parts of the chloroplast.
Stage\tPlace\tWhat happens
Light reactions\tThylakoid membrane\tSplits water | releases oxygen
Calvin cycle\tStroma\tFixes carbon dioxide into sugar
The light reactions make the energy carriers that the Calvin cycle uses to build glucose.`,
      },
    ],
  };

  it('as a Markdown table among its key points, in page order, which the Summary tab and the stored markdown render as a table', async () => {
    const summary = summarySchema.parse(await createLocalEngine().summary(document));
    expect(checkSummary(summary, new PageIndex(document.pages))).toEqual([]);
    const [section] = summary.sections;
    const table = section?.points.find((point) => point.text.startsWith('|'));
    expect(table).toEqual({
      text:
        '| Stage | Place | What happens |\n' +
        '  | --- | --- | --- |\n' +
        '  | Light reactions | Thylakoid membrane | Splits water \\| releases oxygen |\n' +
        '  | Calvin cycle | Stroma | Fixes carbon dioxide into sugar |',
      page: 2,
    });
    const pages = section?.points.map((point) => point.page) ?? [];
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    const cells = [
      'th:Stage',
      'th:Place',
      'th:What happens',
      'td:Light reactions',
      'td:Thylakoid membrane',
      'td:Splits water | releases oxygen',
      'td:Calvin cycle',
      'td:Stroma',
      'td:Fixes carbon dioxide into sugar',
    ];
    expect(cellsOf(html(table?.text ?? ''))).toEqual(cells);
    // The stored markdown (copy, download) writes each point as a list item: the table stays a table there too.
    expect(cellsOf(html(summaryToMarkdown(summary)))).toEqual(cells);
  });

  it('not when it is too large to read there', async () => {
    const rows = Array.from({ length: 20 }, (_, index) => `Sample ${index + 1}\t${20 + index} °C\t${(index * 0.37).toFixed(2)} g`);
    const large = { ...document, pages: document.pages.map((page) => (page.pageNumber === 2 ? { ...page, text: `Stage\tTemperature\tSugar\n${rows.join('\n')}` } : page)) };
    const summary = await createLocalEngine().summary(large);
    expect(summary.sections.flatMap((section) => section.points).some((point) => point.text.startsWith('|'))).toBe(false);
  });
});
