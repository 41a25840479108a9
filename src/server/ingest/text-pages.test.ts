import { describe, expect, it } from 'vitest';
import { cleanLayoutText, splitIntoPages } from './text-pages';

describe('splitIntoPages', () => {
  it('keeps paragraphs whole and pages near the target size', () => {
    const paragraphs = Array.from({ length: 9 }, (_, index) => `Paragraph ${index + 1}. ${'word '.repeat(180).trim()}`);
    const pages = splitIntoPages(paragraphs.join('\n\n'), 3_000);
    expect(pages.map((page) => page.split('\n\n').length)).toEqual([3, 3, 3]);
    expect(pages.join('\n\n')).toBe(paragraphs.join('\n\n'));
    expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(3_000);
  });

  it('cuts a paragraph longer than a page at a space', () => {
    const pages = splitIntoPages('abcd '.repeat(1_000).trim(), 1_000);
    expect(pages).toHaveLength(5);
    expect(pages.every((page) => page.length <= 1_000 && !page.startsWith(' ') && page.startsWith('abcd'))).toBe(true);
  });

  it('keeps the tabs of a table row whose last cells are empty', () => {
    expect(splitIntoPages('Medium\tUse\nFibre\t\n\nNext')).toEqual(['Medium\tUse\nFibre\t\n\nNext']);
  });

  it('gives no pages for blank text', () => {
    expect(splitIntoPages(' \n\n \n')).toEqual([]);
  });
});

describe('cleanLayoutText', () => {
  it('joins words hyphenated across lines, collapses spaces and blank lines', () => {
    expect(cleanLayoutText('  The  infor-\nmation   of\r\n\n\n\nthe cell.  ')).toBe('The information of\n\nthe cell.');
  });

  it('joins a word broken at a soft or Unicode hyphen, and keeps the tabs of table rows', () => {
    expect(cleanLayoutText('Rastertunnel\u00ad\nmikroskop und Raster\u2010\nkraft')).toBe('Rastertunnelmikroskop und Rasterkraft');
    expect(cleanLayoutText('Gas \t Share\nArgon\t\t0.9 %')).toBe('Gas\tShare\nArgon\t\t0.9 %');
  });

  it('keeps a hyphen before a capital (a compound, not a broken word)', () => {
    expect(cleanLayoutText('Jean-\nPaul and Nord-\nSüd')).toBe('Jean-\nPaul and Nord-\nSüd');
  });
});
