import { describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-pages';
import { inlinePieces, pdfWithText, type PdfText } from '../test/documents';

async function pagesOf(pages: PdfText[][]) {
  return (await pdfPages(await pdfWithText(pages), 100)).pages;
}

describe('pdfPages: formulas', () => {
  it('writes raised and lowered smaller text as superscripts and subscripts', async () => {
    const line = await inlinePieces(700, [
      { text: 'Sizes range from 10' },
      { text: '3', size: 8, rise: 4.5 },
      { text: ' to 10' },
      { text: '7', size: 8, rise: 4.5 },
      { text: ' m; one mole holds 6.022·10' },
      { text: '23', size: 8, rise: 4.5 },
      { text: ' particles.' },
    ]);
    const chemistry = await inlinePieces(670, [
      { text: 'Plants take up CO' },
      { text: '2', size: 8, rise: -2 },
      { text: ' and give off O' },
      { text: '2', size: 8, rise: -2 },
      { text: '; Euler: e' },
      { text: 'ix', size: 8, rise: 4.5 },
      { text: ' = cos x + i sin x and p' },
      { text: 'max', size: 8, rise: -2 },
      { text: '.' },
    ]);
    const [page] = await pagesOf([[...line, ...chemistry]]);
    expect(page?.text).toBe(
      'Sizes range from 10³ to 10⁷ m; one mole holds 6.022·10²³ particles.\n' +
        'Plants take up CO₂ and give off O₂; Euler: e^{ix} = cos x + i sin x and p_{max}.',
    );
  });

  it('keeps a displayed fraction in its line, numerator over denominator', async () => {
    const formula = await inlinePieces(700, [{ text: 'E = ' }, { text: '1', rise: 8 }]);
    const at = formula[1] as PdfText;
    const rest = await inlinePieces(700, [{ text: 'mv' }, { text: '2', size: 8, rise: 4.5 }, { text: ' is the kinetic energy.' }], at.x + 10);
    const [page] = await pagesOf([
      [{ text: 'The kinetic energy of a body:', x: 50, y: 730 }, ...formula, { text: '2', x: at.x, y: 692 }, ...rest],
    ]);
    expect(page?.text).toBe('The kinetic energy of a body:\nE = 1/2 mv² is the kinetic energy.');
  });
});

describe('pdfPages: tables', () => {
  const columns = [50, 200, 330];
  const row = (y: number, cells: string[]): PdfText[] => cells.map((text, index) => ({ text, x: columns[index] ?? 0, y }));

  it('writes cells aligned in columns over three or more lines as tab-separated rows, and not two-column prose or contents', async () => {
    const table = [
      { text: 'Table 1: Boiling points at sea level', x: 50, y: 760 },
      ...row(740, ['Substance', 'Boiling point', 'Formula']),
      ...row(725, ['Water', '100 °C', 'H2O']),
      ...row(710, ['Ethanol', '78 °C', 'C2H6O']),
      ...row(695, ['Mercury', '357 °C', 'Hg']),
      { text: 'Water boils at a higher temperature than ethanol.', x: 50, y: 670 },
    ];
    const left = ['The cell is the basic unit of all', 'living things; every organism is', 'made of one cell or of many cells'];
    const right = ['Tissues are groups of similar cells', 'that work together, and organs are', 'made of several kinds of tissues'];
    const prose = left.flatMap((text, index) => [
      { text, x: 50, y: 700 - index * 15 },
      { text: right[index] ?? '', x: 320, y: 700 - index * 15 },
    ]);
    const contents = ['Introduction', 'Cells and tissues', 'Organs'].flatMap((text, index) => [
      { text: `${index + 1} ${text}`, x: 50, y: 600 - index * 15 },
      { text: String(index * 4 + 1), x: 500, y: 600 - index * 15 },
    ]);
    const [tablePage, prosePage] = await pagesOf([table, [...prose, ...contents]]);
    expect(tablePage?.text).toBe(
      'Table 1: Boiling points at sea level\n' +
        'Substance\tBoiling point\tFormula\nWater\t100 °C\tH2O\nEthanol\t78 °C\tC2H6O\nMercury\t357 °C\tHg\n' +
        'Water boils at a higher temperature than ethanol.',
    );
    expect(prosePage?.text).toBe(
      [0, 1, 2].map((index) => `${left[index]} ${right[index]}`).join('\n') +
        '\n1 Introduction 1\n2 Cells and tissues 5\n3 Organs 9',
    );
  });
});

describe('pdfPages: lists and headings', () => {
  it('writes the bullets of a symbol font without a Unicode map (a letter in a font of its own) as "• "', async () => {
    const item = (y: number, text: string): PdfText[] => [
      { text: '●', x: 50, y, size: 8, font: 'ZapfDingbats' },
      { text, x: 62, y },
    ];
    const [page] = await pagesOf([[...item(700, 'Mitochondria make energy.'), ...item(685, 'Ribosomes make proteins.')]]);
    expect(page?.text).toBe('• Mitochondria make energy.\n• Ribosomes make proteins.');
  });

  it('does not take a running header for the heading of every page', async () => {
    const pages = Array.from({ length: 4 }, (_, index) => [
      { text: 'Biology 101 · Lecture notes', x: 50, y: 800, size: 16 },
      ...(index === 1 ? [{ text: 'Photosynthesis', x: 50, y: 760, size: 20 }] : []),
      { text: `Body text of page ${index + 1} about plants and cells.`, x: 50, y: 730 },
      { text: 'More body text in the size of the body.', x: 50, y: 715 },
    ]);
    const result = await pagesOf(pages);
    expect(result.map((page) => page.heading)).toEqual([undefined, 'Photosynthesis', undefined, undefined]);
    expect(result[0]?.text.split('\n')[0]).toBe('Biology 101 · Lecture notes');
  });

  it('takes the first heading of a page with several, a title over two lines joined', async () => {
    const [page] = await pagesOf([
      [
        { text: '2 Supply and demand: the market equi-', x: 50, y: 780, size: 16 },
        { text: 'librium', x: 50, y: 760, size: 16 },
        { text: 'Prices balance what buyers want and what sellers offer.', x: 50, y: 730 },
        { text: '3 Elasticity', x: 50, y: 690, size: 16 },
        { text: 'Elasticity measures how demand reacts to a price.', x: 50, y: 660 },
      ],
    ]);
    expect(page?.heading).toBe('2 Supply and demand: the market equilibrium');
  });
});
