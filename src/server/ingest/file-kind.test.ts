import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileKind, detectFileKindOfFile } from './file-kind';
import { docxWithParagraphs, pdfWithPages, pptxWithSlides, zipWith } from '../test/documents';
import { listZipEntryNamesOfFile } from './zip-directory';
import { listZipEntries } from './zip-entries';

const encoder = new TextEncoder();
const unsupported = 'This file is not a PDF, Word, PowerPoint, text, Markdown or image file.';
const cfbHeader = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);

describe('detectFileKind', () => {
  it('recognises each supported format by its content and extension', async () => {
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    const docx = await docxWithParagraphs(['Hello']);
    const pptx = pptxWithSlides([{ title: 'Hello' }]);
    expect(await detectFileKind({ bytes: pdf, fileName: 'notes.PDF' })).toEqual({ ok: true, kind: 'pdf', extension: 'pdf' });
    expect(await detectFileKind({ bytes: docx, fileName: 'essay.docx' })).toEqual({ ok: true, kind: 'docx', extension: 'docx' });
    expect(await detectFileKind({ bytes: pptx, fileName: 'lecture.pptx' })).toEqual({ ok: true, kind: 'pptx', extension: 'pptx' });
    expect(await detectFileKind({ bytes: cfbHeader, fileName: 'old.doc' })).toEqual({ ok: true, kind: 'doc', extension: 'doc' });
    const text = encoder.encode('Grüße aus Köln – ١٢٣\n');
    expect(await detectFileKind({ bytes: text, fileName: 'notes.txt' })).toEqual({ ok: true, kind: 'txt', extension: 'txt' });
  });

  it('reads a text file named .md or .markdown as a Markdown note, and refuses what is not text under those names', async () => {
    const note = encoder.encode('---\ntitle: Optik\n---\n# Brechung\n\n**Brechung**: Licht ändert die Richtung.\n');
    expect(await detectFileKind({ bytes: note, fileName: 'Optik.md' })).toEqual({ ok: true, kind: 'md', extension: 'md' });
    expect(await detectFileKind({ bytes: note, fileName: 'Optik.MARKDOWN' })).toEqual({ ok: true, kind: 'md', extension: 'markdown' });
    // A .txt holding Markdown stays a text file: the name says what the student chose.
    expect(await detectFileKind({ bytes: note, fileName: 'Optik.txt' })).toEqual({ ok: true, kind: 'txt', extension: 'txt' });
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    expect(await detectFileKind({ bytes: pdf, fileName: 'notes.md' })).toMatchObject({ ok: false, reason: 'extension-mismatch', message: "This file's content does not match its .md extension." });
    expect(await detectFileKind({ bytes: new Uint8Array([0x23, 0x20, 0xff, 0xfe]), fileName: 'latin1.markdown' })).toMatchObject({ ok: false, reason: 'unsupported-type', message: unsupported });
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
    ['binary bytes named .txt', new Uint8Array([0x68, 0x69, 0x00, 0x01, 0x02]), 'data.txt'],
    ['invalid UTF-8 named .txt', new Uint8Array([0x68, 0xff, 0xfe, 0x69]), 'latin1.txt'],
    ['a zip that is not an Office file', zipWith({ 'readme.md': 'hello' }), 'archive.docx'],
    ['an Office-like zip without a document', zipWith({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>' }), 'book.docx'],
  ])('refuses %s', async (_label, bytes, fileName) => {
    const result = await detectFileKind({ bytes, fileName });
    expect(result).toMatchObject({ ok: false, reason: 'unsupported-type', message: unsupported });
  });

  it('refuses a PNG image named .txt as a file whose content does not match its extension', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await detectFileKind({ bytes: png, fileName: 'photo.txt' })).toMatchObject({ ok: false, reason: 'extension-mismatch' });
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

describe('detectFileKindOfFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-kind-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const onDisk = (bytes: Uint8Array) => {
    count += 1;
    const file = path.join(dir, String(count));
    writeFileSync(file, bytes);
    return file;
  };

  it('decides as detectFileKind does, reading the file from disk', async () => {
    const pdf = await pdfWithPages([[{ text: 'Hello' }]]);
    const docx = await docxWithParagraphs(['Hello']);
    const pptx = pptxWithSlides([{ title: 'Hello' }]);
    // A text file larger than one read, with a character split across two reads.
    const text = encoder.encode(`${'a'.repeat(65_535)}ü${'Grüße '.repeat(30_000)}`);
    const cases: Array<[Uint8Array, string]> = [
      [pdf, 'notes.pdf'],
      [docx, 'essay.docx'],
      [pptx, 'lecture.pptx'],
      [cfbHeader, 'old.doc'],
      [text, 'notes.txt'],
      [new Uint8Array(), 'empty.pdf'],
      [new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array<number>(120).fill(0)]), 'virus.pdf'],
      [new Uint8Array([...text.subarray(0, 70_000), 0, 0x41]), 'binary.txt'],
      [new Uint8Array([...text.subarray(0, 70_000), 0xff, 0xfe]), 'latin1.txt'],
      [zipWith({ 'readme.md': 'hello' }), 'archive.docx'],
      [pdf, 'essay.docx'],
      [docx, 'lecture.pptx'],
      [docx.subarray(0, docx.length - 10), 'broken.docx'],
    ];
    for (const [bytes, fileName] of cases) {
      const fromDisk = await detectFileKindOfFile({ path: onDisk(bytes), fileName });
      expect({ fileName, result: fromDisk }).toEqual({ fileName, result: await detectFileKind({ bytes, fileName }) });
    }
    expect(await detectFileKindOfFile({ path: onDisk(text), fileName: 'notes.txt' })).toEqual({ ok: true, kind: 'txt', extension: 'txt' });
  });

  it('reads a zip directory from the end of the file, past an archive comment', async () => {
    const docx = await docxWithParagraphs(['Hello']);
    const comment = new TextEncoder().encode('a comment at the end');
    const withComment = new Uint8Array([...docx, ...comment]);
    // The comment's length sits in the last two bytes of the end record.
    new DataView(withComment.buffer).setUint16(docx.length - 2, comment.length, true);
    const handle = await open(onDisk(withComment), 'r');
    try {
      expect(await listZipEntryNamesOfFile(handle)).toEqual(listZipEntries(docx).map((entry) => entry.name));
    } finally {
      await handle.close();
    }
    expect(await detectFileKindOfFile({ path: onDisk(withComment), fileName: 'essay.docx' })).toEqual({ ok: true, kind: 'docx', extension: 'docx' });
  });
});

