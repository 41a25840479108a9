import { describe, expect, it } from 'vitest';
import { displayTerm, inlineMarkdown, numberHeadings, plainText, readingMinutes } from './summary-text';

describe('inlineMarkdown', () => {
  it('reads a line start that markdown takes for a block as text', () => {
    expect(inlineMarkdown('# Not a heading')).toBe('\\# Not a heading');
    expect(inlineMarkdown('1. Introduction')).toBe('1\\. Introduction');
    expect(inlineMarkdown('- item')).toBe('\\- item');
    expect(inlineMarkdown('> quote')).toBe('\\> quote');
    expect(inlineMarkdown('<script>x</script> **notes**')).toBe('\\<script>x</script> **notes**');
  });

  it('keeps inline marks and joins lines', () => {
    expect(inlineMarkdown('The **Calvin**\ncycle')).toBe('The **Calvin** cycle');
    expect(inlineMarkdown('Photosynthesis')).toBe('Photosynthesis');
  });
});

describe('plainText', () => {
  it('drops the marks of a markdown text', () => {
    expect(plainText('The **Calvin** cycle and `ATP` in [plants](https://example.org)')).toBe('The Calvin cycle and ATP in plants');
    expect(plainText('## Energy   of $E=mc^2$')).toBe('Energy of E=mc^2');
  });

  it('keeps markup that is not markdown as the text it is', () => {
    expect(plainText('<script>alert(1)</script> notes')).toBe('<script>alert(1)</script> notes');
  });
});

describe('displayTerm and readingMinutes', () => {
  it('capitalises an all-lower-case term only', () => {
    expect(displayTerm('cell membrane')).toBe('Cell membrane');
    expect(displayTerm('mRNA')).toBe('mRNA');
  });

  it('counts about 200 words a minute, at least one', () => {
    expect(readingMinutes(['one two three'])).toBe(1);
    expect(readingMinutes([Array.from({ length: 700 }, () => 'word').join(' ')])).toBe(4);
  });
});

describe('numberHeadings', () => {
  it("shows a document's own numbering apart from the heading's text", () => {
    expect(numberHeadings(['Abstract', '1. Introduction', '2.3 Trace Trees', '10 Future Work'])).toEqual([
      { text: 'Abstract' },
      { number: '1', text: 'Introduction' },
      { number: '2.3', text: 'Trace Trees' },
      { number: '10', text: 'Future Work' },
    ]);
  });

  it('numbers sections in order when no heading has a number, and leaves a year alone', () => {
    expect(numberHeadings(['The Cell', '2019 in Review'])).toEqual([
      { number: '1', text: 'The Cell' },
      { number: '2', text: '2019 in Review' },
    ]);
  });
});
