import { describe, expect, test } from 'vitest';
import type { StudyDocument } from '../engine';
import { batchTexts, chunkDocument, detectLanguage, documentLanguage } from './chunks';

function documentOf(texts: string[], language = 'en'): StudyDocument {
  return { title: 'T', language, pages: texts.map((text, i) => ({ pageNumber: i + 1, text, heading: i === 0 ? 'Intro' : null })) };
}

describe('chunkDocument', () => {
  test('packs pages in order behind [page N] markers, within the budget, skipping empty pages', () => {
    const pages = Array.from({ length: 10 }, (_, i) => `Page ${i + 1} text. `.repeat(20));
    pages[4] = '  ';
    const chunks = chunkDocument(documentOf(pages), 1200);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1200);
    expect(chunks.flatMap((chunk) => chunk.pages)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(chunks[0]?.text.startsWith('[page 1]\nHeading: Intro\nPage 1 text.')).toBe(true);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i + 1));
  });

  test('a page longer than the budget is split at sentence ends into chunks that all cite it', () => {
    const chunks = chunkDocument(documentOf(['A sentence of the long page. '.repeat(200)]), 2000);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) {
      expect(chunk.pages).toEqual([1]);
      expect(chunk.text.length).toBeLessThanOrEqual(2000);
      expect(chunk.text.trimEnd().endsWith('page.')).toBe(true);
    }
  });

  test('a document without text has no chunks', () => {
    expect(chunkDocument(documentOf(['', ' \n ']))).toEqual([]);
  });
});

test('batchTexts groups texts in order within the budget', () => {
  expect(batchTexts(['aaaa', 'bbbb', 'cccc', 'dd'], 10)).toEqual([['aaaa', 'bbbb'], ['cccc', 'dd']]);
  expect(batchTexts(['a'.repeat(50), 'b'], 10)).toEqual([['a'.repeat(50)], ['b']]);
});

describe('the language to write in', () => {
  test('is told from the text for German and English, and left open for too little text', () => {
    expect(detectLanguage('Die Zelle ist die kleinste Einheit des Lebens, und sie ist von einer Membran umgeben. '.repeat(5))).toBe('de');
    expect(detectLanguage('The cell is the smallest unit of life, and it is surrounded by a membrane. '.repeat(5))).toBe('en');
    expect(detectLanguage('Zelle Membran')).toBeNull();
  });

  test("falls back to the course's language when the text cannot tell", () => {
    expect(documentLanguage(documentOf(['Photosynthese.'], 'de'))).toBe('de');
    expect(documentLanguage(documentOf(['The cell is the smallest unit of life, and it is surrounded by a membrane. '.repeat(5)], 'de'))).toBe('en');
  });
});
