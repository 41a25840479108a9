import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { strToU8, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFHexString, PDFNumber, StandardFonts } from 'pdf-lib';
import { lectureText } from './lecture';

/** Documents built at test time, so the suite needs no shared test data. Used by the ingest and upload tests. */

export interface PdfLine {
  text: string;
  size?: number;
}

/** One array of lines per page; an empty array makes a page with a small picture and no text. */
export async function pdfWithPages(pages: PdfLine[][], configure?: (document: PDFDocument) => void): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const picture = await document.embedPng(onePixelPng);
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    if (lines.length === 0) page.drawImage(picture, { x: 100, y: 400, width: 200, height: 200 });
    let y = 780;
    for (const line of lines) {
      page.drawText(line.text, { x: 50, y, size: line.size ?? 12, font });
      y -= (line.size ?? 12) * 1.6;
    }
  }
  configure?.(document);
  return document.save({ useObjectStreams: false });
}

export interface PdfText {
  text: string;
  x: number;
  /** The baseline, from the page's bottom edge. */
  y: number;
  size?: number;
  font?: 'Helvetica' | 'ZapfDingbats';
}

/** Pages of text placed exactly where given: superscripts, table columns, bullets in a symbol font. A4, 595 × 842. */
export async function pdfWithText(pages: PdfText[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const fonts = {
    Helvetica: await document.embedFont(StandardFonts.Helvetica),
    ZapfDingbats: await document.embedFont(StandardFonts.ZapfDingbats),
  };
  for (const texts of pages) {
    const page = document.addPage([595, 842]);
    for (const { text, x, y, size = 12, font = 'Helvetica' } of texts) page.drawText(text, { x, y, size, font: fonts[font] });
  }
  return document.save({ useObjectStreams: false });
}

/** Lays pieces out one after another on a line, as a typesetter would: each starts where the one before ends. */
export async function inlinePieces(
  y: number,
  pieces: { text: string; size?: number; rise?: number }[],
  x = 50,
): Promise<PdfText[]> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  let at = x;
  return pieces.map(({ text, size = 12, rise = 0 }) => {
    const placed = { text, x: at, y: y + rise, size };
    at += font.widthOfTextAtSize(text, size);
    return placed;
  });
}

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Standard security handler with a user password: the O and U values match no empty password, so opening fails. */
export function encrypt(document: PDFDocument): void {
  const { context } = document;
  const hash = PDFHexString.of('ab'.repeat(32));
  const dictionary = context.obj({ Filter: 'Standard', V: 1, R: 2, P: PDFNumber.of(-44), O: hash, U: hash });
  context.trailerInfo.Encrypt = context.register(dictionary);
  context.trailerInfo.ID = context.obj([PDFHexString.of('01'.repeat(16)), PDFHexString.of('01'.repeat(16))]);
}

export async function docxWithSections(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Cells', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('A cell is the smallest unit of life.'),
          new Paragraph({ text: 'Parts', heading: HeadingLevel.HEADING_2 }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Part'), cell('Role')] }),
              new TableRow({ children: [cell('Nucleus'), cell('Holds the DNA')] }),
            ],
          }),
          new Paragraph({ text: 'Tissues', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Cells of one kind form a tissue.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** A Word file with a superscript, a subscript and a bulleted list. */
export async function docxWithFormulasAndList(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({
            children: [
              new TextRun('One mole holds 6.022·10'),
              new TextRun({ text: '23', superScript: true }),
              new TextRun(' particles; water is H'),
              new TextRun({ text: '2', subScript: true }),
              new TextRun('O.'),
            ],
          }),
          new Paragraph({ text: 'Oxygen', bullet: { level: 0 } }),
          new Paragraph({ text: 'Hydrogen', bullet: { level: 0 } }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

export async function docxWithParagraphs(paragraphs: string[]): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

export interface SlideSpec {
  title?: string;
  body?: string[];
  notes?: string;
  /** Further shapes as slide XML (p:sp, p:graphicFrame), after the body placeholder. */
  shapes?: string;
}

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const relsNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const relType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const presentationNs = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A minimal deck; `order` lists slide files (1-based) in presentation order, to show order comes from the deck. */
export function pptxWithSlides(slides: SlideSpec[], order = slides.map((_, index) => index + 1)): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(contentTypes),
    'ppt/presentation.xml': strToU8(
      `<p:presentation ${presentationNs}><p:sldIdLst>${order.map((n) => `<p:sldId id="${255 + n}" r:id="rId${n}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      `<Relationships xmlns="${relsNs}">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${relType}/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`,
    ),
  };
  slides.forEach((slide, index) => Object.assign(files, slideFiles(slide, index + 1)));
  return zipSync(files);
}

function slideFiles(slide: SlideSpec, n: number): Record<string, Uint8Array> {
  const title = slide.title === undefined ? '' : shape('title', [slide.title]);
  const files: Record<string, Uint8Array> = {
    [`ppt/slides/slide${n}.xml`]: strToU8(
      `<p:sld ${presentationNs}><p:cSld><p:spTree>${title}${slide.body ? shape('body', slide.body) : ''}${slide.shapes ?? ''}${shape('sldNum', [String(n)])}</p:spTree></p:cSld></p:sld>`,
    ),
  };
  if (slide.notes !== undefined) {
    files[`ppt/slides/_rels/slide${n}.xml.rels`] = strToU8(
      `<Relationships xmlns="${relsNs}"><Relationship Id="rId1" Type="${relType}/notesSlide" Target="../notesSlides/notesSlide${n}.xml"/></Relationships>`,
    );
    files[`ppt/notesSlides/notesSlide${n}.xml`] = strToU8(
      `<p:notes ${presentationNs}><p:cSld><p:spTree>${shape('sldImg', [])}${shape('body', [slide.notes])}</p:spTree></p:cSld></p:notes>`,
    );
  }
  return files;
}

function shape(placeholder: string, paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<a:p><a:r><a:t>${text}</a:t></a:r></a:p>`).join('');
  return `<p:sp><p:nvSpPr><p:nvPr><p:ph type="${placeholder}"/></p:nvPr></p:nvSpPr><p:txBody>${body}</p:txBody></p:sp>`;
}

/** A text box (no placeholder) of one-run paragraphs: [text, font size in points] each. */
export function pptxTextBox(paragraphs: [string, number][]): string {
  const body = paragraphs.map(([text, size]) => `<a:p><a:r><a:rPr sz="${size * 100}"/><a:t>${text}</a:t></a:r></a:p>`).join('');
  return `<p:sp><p:nvSpPr><p:nvPr/></p:nvSpPr><p:txBody>${body}</p:txBody></p:sp>`;
}

/** A paragraph of runs, each raised or lowered by `baseline` (thousandths of a percent, as PowerPoint writes it). */
export function pptxRuns(runs: [string, number?][]): string {
  const body = runs.map(([text, baseline]) => `<a:r><a:rPr lang="de-DE"${baseline ? ` baseline="${baseline}"` : ''}/><a:t>${text}</a:t></a:r>`);
  return `<p:sp><p:nvSpPr><p:nvPr/></p:nvSpPr><p:txBody><a:p>${body.join('')}</a:p></p:txBody></p:sp>`;
}

/** A table shape; an empty string is a merged-away cell. */
export function pptxTable(rows: string[][]): string {
  const cell = (text: string) => (text ? `<a:tc><a:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></a:txBody></a:tc>` : '<a:tc hMerge="1"/>');
  const body = rows.map((row) => `<a:tr h="370840">${row.map(cell).join('')}</a:tr>`).join('');
  return `<p:graphicFrame><p:nvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr><a:graphic><a:graphicData><a:tbl>${body}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

/** A Word-shaped zip with one highly compressible entry of `expandedBytes` zeros: small on disk, huge unpacked. */
export function zipBomb(expandedBytes: number): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(contentTypes),
    'word/document.xml': [new Uint8Array(expandedBytes), { level: 9 }],
  });
}

/** A zip bomb whose headers declare every large entry as 1,000 bytes, as a hostile file would. */
export function lyingZipBomb(expandedBytes: number): Uint8Array {
  const bytes = zipBomb(expandedBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sizeOffsets = { 0x04034b50: 22, 0x02014b50: 24 } as Record<number, number>;
  for (let offset = 0; offset + 30 < bytes.length; offset++) {
    const sizeOffset = sizeOffsets[view.getUint32(offset, true)];
    if (sizeOffset && view.getUint32(offset + sizeOffset, true) === expandedBytes) {
      view.setUint32(offset + sizeOffset, 1_000, true);
    }
  }
  return bytes;
}

export function zipWith(entries: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)])));
}

/** A text as lines of a PDF page: its short lines (headings) larger, its paragraphs wrapped. */
function pageLines(text: string): PdfLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => (line.length < 40 ? [{ text: line, size: 16 }] : (line.match(/.{1,85}(?:\s|$)/g) ?? []).map((part) => ({ text: part.trim() }))));
}

/**
 * The test lecture on three typed pages (cells and organelles, energy, division), then scanned handout pages (JPEGs
 * of tests/fixtures/ocr, no text layer) that OCR reads one after another: a long file read slowly, for what the
 * study tabs show meanwhile.
 */
export async function lectureWithScans(scans: readonly string[] = ['handout-p1.jpg']): Promise<Uint8Array> {
  const at = (heading: string) => lectureText.indexOf(`\n${heading}\n`);
  const typed = [lectureText.slice(0, at('Photosynthesis')), lectureText.slice(at('Photosynthesis'), at('Cell Division')), lectureText.slice(at('Cell Division'))];
  const document = await PDFDocument.load(await pdfWithPages(typed.map(pageLines)));
  for (const name of scans) {
    const scan = await document.embedJpg(readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/ocr', name)));
    document.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
  }
  return document.save();
}
