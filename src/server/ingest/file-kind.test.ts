import { describe, expect, it } from 'vitest';
import { detectFileKind } from './file-kind';
import { docxWithParagraphs, pdfWithPages, pptxWithSlides, zipWith } from './test-fixtures';

const encoder = new TextEncoder();
const unsupported = 'This file is not a PDF, Word, PowerPoint or text file.';
const cfbHeader = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);

describe('detectFileKind', () => {
  it('recognises each supported format by its content and extension', async () => {
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    const docx = await docxWithParagraphs(['Hello']);
    const pptx = pptxWithSlides([{ title: 'Hello' }]);
    expect(await detectFileKind({ bytes: pdf, fileName: 'notes.PDF' })).toEqual({ ok: true, kind: 'pdf' });
    expect(await detectFileKind({ bytes: docx, fileName: 'essay.docx' })).toEqual({ ok: true, kind: 'docx' });
    expect(await detectFileKind({ bytes: pptx, fileName: 'lecture.pptx' })).toEqual({ ok: true, kind: 'pptx' });
    expect(await detectFileKind({ bytes: cfbHeader, fileName: 'old.doc' })).toEqual({ ok: true, kind: 'doc' });
    const text = encoder.encode('Grüße aus Köln – ١٢٣\n');
    expect(await detectFileKind({ bytes: text, fileName: 'notes.txt' })).toEqual({ ok: true, kind: 'txt' });
  });

  it('refuses an empty file', async () => {
    expect(await detectFileKind({ bytes: new Uint8Array(), fileName: 'empty.pdf' })).toEqual({
      ok: false,
      reason: 'empty',
      message: 'This file is empty.',
    });
  });

  it.each([
    ['a Linux executable named .pdf', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array<number>(120).fill(0)]), 'virus.pdf'],
    ['a Windows executable named .pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, ...new Array<number>(120).fill(0)]), 'setup.pdf'],
    ['a PNG image named .txt', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'photo.txt'],
    ['binary bytes named .txt', new Uint8Array([0x68, 0x69, 0x00, 0x01, 0x02]), 'data.txt'],
    ['invalid UTF-8 named .txt', new Uint8Array([0x68, 0xff, 0xfe, 0x69]), 'latin1.txt'],
    ['a zip that is not an Office file', zipWith({ 'readme.md': 'hello' }), 'archive.docx'],
    ['an Office-like zip without a document', zipWith({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>' }), 'book.docx'],
  ])('refuses %s', async (_label, bytes, fileName) => {
    const result = await detectFileKind({ bytes, fileName });
    expect(result).toMatchObject({ ok: false, reason: 'unsupported-type', message: unsupported });
  });

  it('refuses a supported format under an extension it does not support', async () => {
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    expect(await detectFileKind({ bytes: pdf, fileName: 'notes.exe' })).toMatchObject({ ok: false, reason: 'unsupported-type' });
    expect(await detectFileKind({ bytes: pdf, fileName: 'no-extension' })).toMatchObject({ ok: false, reason: 'unsupported-type' });
  });

  it('refuses a file whose content does not match its extension', async () => {
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    const docx = await docxWithParagraphs(['Hello']);
    expect(await detectFileKind({ bytes: pdf, fileName: 'essay.docx' })).toEqual({
      ok: false,
      reason: 'extension-mismatch',
      message: "This file's content does not match its .docx extension.",
      detail: 'content looks like pdf',
    });
    expect(await detectFileKind({ bytes: docx, fileName: 'lecture.pptx' })).toMatchObject({ reason: 'extension-mismatch' });
    expect(await detectFileKind({ bytes: encoder.encode('plain words'), fileName: 'notes.pdf' })).toMatchObject({
      reason: 'extension-mismatch',
    });
  });
});
