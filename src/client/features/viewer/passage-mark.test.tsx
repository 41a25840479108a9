// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markParagraphs, markTextLayer, type TextLayerItem } from './passage-mark';

/** Text items as pdf.js cuts a page: a line in pieces, a word hyphenated at a line's end, a space as its own item. */
function textLayer(pieces: Array<[string, boolean]>): { layer: HTMLElement; items: TextLayerItem[] } {
  const layer = document.createElement('div');
  const items = pieces.map(([str, hasEOL]) => {
    const div = document.createElement('span');
    div.textContent = str;
    layer.append(div);
    return { str, hasEOL, div };
  });
  return { layer, items };
}

describe('markTextLayer', () => {
  it('marks the covered part of every item the passage runs through, and only that', () => {
    const { layer, items } = textLayer([
      ['Photosynthesis converts light energy into chemi', false],
      ['cal energy. The light-dependent reactions take place in the thy', false],
      ['lakoid mem-', true],
      ['branes', false],
      [' ', false],
      ['and produce ATP and NADPH. The Calvin cycle follows.', true],
    ]);
    const first = markTextLayer(items, 'The light-dependent reactions occur in the thylakoid membranes, making ATP and NADPH.', 'Cited passage');

    const marks = [...layer.querySelectorAll('mark')];
    expect(first).toBe(marks[0]);
    expect(marks.map((mark) => mark.textContent)).toEqual([
      'Cited passage: The light-dependent reactions take place in the thy',
      'lakoid mem-',
      'branes',
      ' ',
      'and produce ATP and NADPH.',
    ]);
    // Each item still reads as pdf.js drew it (the label aside), so the spans stay over their words.
    expect(items.map((item) => item.div?.textContent?.replace('Cited passage: ', ''))).toEqual(items.map((item) => item.str));
    expect(layer.querySelector('.sr-only')?.textContent).toBe('Cited passage: ');
  });

  it('marks nothing on a page without the passage', () => {
    const { layer, items } = textLayer([['Osmosis moves water across a membrane.', true]]);
    expect(markTextLayer(items, 'The French Revolution began in 1789.', 'Cited passage')).toBeNull();
    expect(layer.querySelector('mark')).toBeNull();
  });
});

describe('markParagraphs', () => {
  it('splits a passage running over two paragraphs, and marks nothing without one', () => {
    const paragraphs = ['Glycolysis splits glucose into two pyruvate molecules', 'in the cytoplasm of the cell.', 'Other things.'];
    expect(markParagraphs(paragraphs, 'glycolysis splits glucose into two pyruvate molecules in the cytoplasm')).toEqual([
      { start: 0, end: paragraphs[0]!.length },
      { start: 0, end: 'in the cytoplasm'.length },
      null,
    ]);
    expect(markParagraphs(paragraphs, undefined)).toEqual([null, null, null]);
  });
});
