import mammoth from 'mammoth';
import { readableText, scriptText } from './glyphs';
import { splitIntoPages } from './text-pages';
import type { ExtractedPage } from './types';
import { decodeEntities } from './xml-text';

interface Block {
  text: string;
  headingLevel?: number;
}

/**
 * DOCX has no pages: a new "page" starts at every Heading 1, and a section longer than about 3,000 characters is cut
 * further at paragraph boundaries, each piece keeping its section's heading. Tables become one line per row with
 * cells separated by a tab, the first row first, a merged cell followed by empty cells for the columns and rows it
 * covers (so every column stays in its place); items of bulleted lists start with "• "; superscripts and subscripts
 * are written inline (x², H₂O). The caller has checked the zip's bounds.
 */
export async function docxPages(bytes: Uint8Array): Promise<ExtractedPage[]> {
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    // Images are never read: only text is wanted, and inlining them as data URIs costs memory.
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })), externalFileAccess: false },
  );
  const pieces = sectionsOf(blocksOfHtml(html)).flatMap(({ heading, blocks }) =>
    splitIntoPages(blocks.map((block) => block.text).join('\n\n')).map((text) => ({ text, heading })),
  );
  return pieces.map(({ text, heading }, index) => ({ pageNumber: index + 1, text, ...(heading ? { heading } : {}) }));
}

interface Section {
  /** The section's Heading 1, or its first heading of any level when it starts before the first Heading 1. */
  heading?: string;
  blocks: Block[];
}

function sectionsOf(blocks: Block[]): Section[] {
  const sections: Section[] = [];
  for (const block of blocks) {
    const current = sections.at(-1);
    if (!current || block.headingLevel === 1) sections.push({ blocks: [block] });
    else current.blocks.push(block);
  }
  for (const section of sections) {
    const headings = section.blocks.filter((block) => block.headingLevel !== undefined);
    const heading = headings.find((block) => block.headingLevel === 1) ?? headings[0];
    if (heading) section.heading = heading.text;
  }
  return sections;
}

const blockTags = new Set(['p', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Mammoth's HTML is a small, regular vocabulary, so a tokenizer is enough to read it back as blocks of text. */
function blocksOfHtml(html: string): Block[] {
  const blocks: Block[] = [];
  const table: TableState = { depth: 0, cell: '', row: [], lines: [], spans: [], covered: [], colspan: 1, rowspan: 1 };
  const lists: string[] = [];
  let script: { kind: 'sup' | 'sub'; text: string } | undefined;
  let text = '';
  let headingLevel: number | undefined;
  const flush = () => {
    const trimmed = text.replace(/[^\S\n]+/g, ' ').trim();
    if (trimmed && trimmed !== '•') blocks.push(headingLevel ? { text: trimmed, headingLevel } : { text: trimmed });
    text = '';
    headingLevel = undefined;
  };
  const write = (chars: string) => {
    if (script) script.text += chars;
    else if (table.depth > 0) table.cell += chars;
    else text += chars;
  };
  for (const [, closing, tag, attributes = '', chars] of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (chars !== undefined) {
      write(readableText(decodeEntities(chars)));
    } else if (tag === 'sup' || tag === 'sub') {
      if (!closing) script = { kind: tag, text: '' };
      else if (script) {
        const written = scriptText(script.text, script.kind);
        script = undefined;
        write(written);
      }
    } else if (tag === 'table') {
      if (!closing && table.depth++ === 0) flush();
      if (closing && --table.depth === 0) {
        if (table.lines.length > 0) blocks.push({ text: table.lines.join('\n') });
        Object.assign(table, { lines: [], spans: [], covered: [] });
      }
    } else if (table.depth > 0) {
      readTableTag(table, tag, Boolean(closing), attributes);
    } else if (tag === 'br') {
      text += '\n';
    } else if (tag && blockTags.has(tag)) {
      flush();
      if (tag === 'ul' || tag === 'ol') {
        if (closing) lists.pop();
        else lists.push(tag);
      }
      if (!closing && /^h[1-6]$/.test(tag)) headingLevel = Number(tag.slice(1));
      // The study engine reads lines starting with "• " as list items; numbered items keep their text as it is.
      if (!closing && tag === 'li' && lists.at(-1) === 'ul') text = '• ';
    }
  }
  flush();
  return blocks;
}

/** A table being read: its lines so far, the row and the cell being read, and the merged cells that reach further. */
interface TableState {
  /** 1 in a table, 2 and more in a table inside one of its cells. */
  depth: number;
  cell: string;
  row: string[];
  lines: string[];
  /** Per column, how many more rows a merged cell above covers (mammoth leaves those rows without a cell there). */
  spans: number[];
  /** The columns of the row being read that a merged cell above covers. */
  covered: boolean[];
  /** How many columns and rows the cell being read covers. */
  colspan: number;
  rowspan: number;
}

/**
 * A row per line, cells separated by a tab (the pages' table convention); a cell's own breaks become spaces, and so
 * do the rows and cells of a table inside a cell, whose text is that cell's. A merged cell is written once, followed
 * by empty cells for the other columns it covers and in its place in the rows below it that it covers: the columns
 * line up, as in a deck's table.
 */
function readTableTag(table: TableState, tag: string | undefined, closing: boolean, attributes: string) {
  const cellTag = tag === 'td' || tag === 'th';
  if (table.depth > 1) {
    if (tag === 'br' || (closing && (cellTag || tag === 'tr' || tag === 'p' || tag === 'li'))) table.cell += ' ';
  } else if (tag === 'br' || (closing && (tag === 'p' || tag === 'li'))) {
    table.cell += ' ';
  } else if (!closing && tag === 'tr') {
    table.row = [];
    table.covered = table.spans.map((rows) => rows > 0);
    table.spans = table.spans.map((rows) => Math.max(0, rows - 1));
  } else if (!closing && cellTag) {
    skipCovered(table);
    table.colspan = spanOf(attributes, 'colspan');
    table.rowspan = spanOf(attributes, 'rowspan');
  } else if (closing && cellTag) {
    const column = table.row.length;
    table.row.push(table.cell.replace(/\s+/g, ' ').trim(), ...Array<string>(table.colspan - 1).fill(''));
    for (let index = column; index < column + table.colspan; index++) table.spans[index] = table.rowspan - 1;
    table.cell = '';
  } else if (closing && tag === 'tr') {
    skipCovered(table);
    if (table.row.some((cell) => cell)) table.lines.push(table.row.join('\t'));
    table.row = [];
  }
}

/** Empty cells where merged cells of the rows above reach into the row being read, up to its next own cell. */
function skipCovered(table: TableState) {
  while (table.covered[table.row.length]) table.row.push('');
}

const spanAttributes = { colspan: /\bcolspan="(\d+)"/, rowspan: /\browspan="(\d+)"/ };

/** A cell's colspan or rowspan: 1 unless given; at most 63 columns (Word's own limit), whatever a hostile file says. */
function spanOf(attributes: string, name: keyof typeof spanAttributes): number {
  const value = Number(spanAttributes[name].exec(attributes)?.[1] ?? 1);
  return Math.max(1, name === 'colspan' ? Math.min(63, value) : value);
}
