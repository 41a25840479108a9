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
 * cells separated by a tab, the first row first; items of bulleted lists start with "• "; superscripts and subscripts
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
  const table = { depth: 0, cell: '', row: [] as string[], lines: [] as string[] };
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
  for (const [, closing, tag, chars] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/g)) {
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
        table.lines = [];
      }
    } else if (table.depth > 0) {
      readTableTag(table, tag, Boolean(closing));
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

/** A row per line, cells separated by a tab (the pages' table convention); a cell's own breaks become spaces. */
function readTableTag(table: { cell: string; row: string[]; lines: string[] }, tag: string | undefined, closing: boolean) {
  if (tag === 'br' || (closing && (tag === 'p' || tag === 'li'))) {
    table.cell += ' ';
  } else if (closing && (tag === 'td' || tag === 'th')) {
    table.row.push(table.cell.replace(/\s+/g, ' ').trim());
    table.cell = '';
  } else if (closing && tag === 'tr') {
    if (table.row.some((cell) => cell)) table.lines.push(table.row.join('\t'));
    table.row = [];
  }
}
