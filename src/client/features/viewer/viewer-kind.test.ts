import { describe, expect, it } from 'vitest';
import { isViewableExtension } from '../../lib/file-viewer';
import { bodyParagraphs, pageUnit, paragraphsOf, parsePageInput, viewerKind } from './viewer-kind';

describe('viewerKind', () => {
  it('shows a pdf in the PDF viewer, a video link as the video, other documents as text', () => {
    expect(viewerKind({ extension: 'pdf', videoId: null, stored: true })).toBe('pdf');
    expect(viewerKind({ extension: 'PDF', videoId: null, stored: true })).toBe('pdf');
    expect(viewerKind({ extension: 'txt', videoId: 'dQw4w9WgXcQ', stored: false })).toBe('video');
    // A video link that lost its id still belongs to the video dialog ('No video URL found').
    expect(viewerKind({ extension: 'txt', videoId: null, stored: false })).toBe('video');
    expect(viewerKind({ extension: 'txt', videoId: null, stored: true })).toBe('text');
    for (const extension of ['doc', 'docx', 'pptx']) expect(viewerKind({ extension, videoId: null, stored: true })).toBe('text');
    for (const extension of ['jpg', 'JPEG', 'png', 'webp']) expect(viewerKind({ extension, videoId: null, stored: true })).toBe('image');
    // Markdown notes are shown formatted (issue 26), not as their extracted text.
    for (const extension of ['md', 'MD', 'markdown']) expect(viewerKind({ extension, videoId: null, stored: true })).toBe('markdown');
    for (const extension of ['odt', 'exe', '']) expect(viewerKind({ extension, videoId: null, stored: true })).toBe('unsupported');
  });

  it('View File works for exactly pdf, doc, docx, pptx and txt (spec §5), Markdown notes and images', () => {
    expect(['pdf', 'doc', 'docx', 'pptx', 'txt', 'md', 'markdown', 'mdx', 'odt', 'xlsx', 'png', 'jpg', 'jpeg', 'webp', 'gif', 'svg'].filter(isViewableExtension)).toEqual([
      'pdf',
      'doc',
      'docx',
      'pptx',
      'txt',
      'md',
      'markdown',
      'png',
      'jpg',
      'jpeg',
      'webp',
    ]);
  });

  it('counts slides for presentations and pages for everything else', () => {
    expect(pageUnit('pptx')).toBe('slide');
    expect(pageUnit('docx')).toBe('page');
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines, keeps single line breaks and drops empty paragraphs', () => {
    expect(paragraphsOf('Title\r\n\r\nFirst line\nsecond line\n \n\n\nLast  \n')).toEqual(['Title', 'First line\nsecond line', 'Last']);
    expect(paragraphsOf('   \n\n  ')).toEqual([]);
  });
});

describe('bodyParagraphs', () => {
  it('leaves out the heading where the text repeats it as its first line', () => {
    expect(bodyParagraphs('Cell membranes\n\nThe membrane.', 'Cell membranes')).toEqual(['The membrane.']);
    expect(bodyParagraphs('CELL MEMBRANES\nThe membrane.\n\nOsmosis.', ' Cell membranes ')).toEqual(['The membrane.', 'Osmosis.']);
    expect(bodyParagraphs('Membranes hold cells together.', 'Membranes')).toEqual(['Membranes hold cells together.']);
    expect(bodyParagraphs('Cell membranes\n\nThe membrane.', null)).toEqual(['Cell membranes', 'The membrane.']);
  });
});

describe('parsePageInput', () => {
  it('reads a page number and keeps it within the document', () => {
    expect(parsePageInput(' 3 ', 10)).toBe(3);
    expect(parsePageInput('0', 10)).toBe(1);
    expect(parsePageInput('99', 10)).toBe(10);
    expect(parsePageInput('', 10)).toBeNull();
    expect(parsePageInput('abc', 10)).toBeNull();
    expect(parsePageInput('2', 0)).toBeNull();
  });
});
