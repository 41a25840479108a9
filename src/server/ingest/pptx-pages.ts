import path from 'node:path';
import { readableText, scriptText } from './glyphs';
import type { ExtractedPage } from './types';
import { ExtractionError, failureMessages } from './types';
import { decodeEntities } from './xml-text';
import { readZipTextEntries } from './zip-entries';

interface Relationship {
  id: string;
  type: string;
  /** Resolved to a path inside the zip. */
  target: string;
}

const deckPart = /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|(slides|notesSlides)\/(_rels\/)?[^/]+\.xml(\.rels)?)$/;
const titleTypes = new Set(['title', 'ctrTitle']);
/** Placeholders that repeat on every slide or picture the slide on a notes page: not content. */
const skippedTypes = new Set(['dt', 'ftr', 'hdr', 'sldNum', 'sldImg']);

/**
 * One page per slide, in the deck's order: the title placeholder is the heading (without one, a single line set larger
 * than all other text of the slide), the text of the other shapes follows — a table as one line per row, cells
 * separated by a tab — and the speaker notes are appended after a blank line: what the lecturer says belongs to the
 * slide. A small reader of the slide XML; the caller has checked the zip's bounds.
 */
export function pptxPages(bytes: Uint8Array): ExtractedPage[] {
  const parts = readZipTextEntries(bytes, (name) => deckPart.test(name));
  const presentation = parts.get('ppt/presentation.xml');
  if (presentation === undefined) throw new ExtractionError('corrupt', failureMessages.corrupt);
  const slideNames = slideOrder(presentation, relationshipsOf(parts, 'ppt/presentation.xml'));
  return slideNames.map((slideName, index) => {
    const slide = shapesText(parts.get(slideName) ?? '');
    const notesName = relationshipsOf(parts, slideName).find((rel) => rel.type.endsWith('/notesSlide'))?.target;
    // A notes page has no title: its every line is the lecturer's, in the order written.
    const notes = notesName ? shapesText(parts.get(notesName) ?? '', false).body.join('\n') : '';
    const text = [[slide.title, ...slide.body].filter(Boolean).join('\n'), notes].filter(Boolean).join('\n\n');
    return { pageNumber: index + 1, text, ...(slide.title ? { heading: slide.title } : {}) };
  });
}

function slideOrder(presentation: string, relationships: Relationship[]): string[] {
  const targets = new Map(relationships.map((rel) => [rel.id, rel.target]));
  return [...presentation.matchAll(/<(?:\w+:)?sldId\b[^>]*?\b\w+:id="([^"]+)"/g)]
    .map(([, id]) => (id ? targets.get(id) : undefined))
    .filter((target): target is string => target !== undefined);
}

/** Reads `dir/_rels/name.rels` of a part; targets are resolved against the part's folder. */
function relationshipsOf(parts: Map<string, string>, partName: string): Relationship[] {
  const folder = path.posix.dirname(partName);
  const xml = parts.get(`${folder}/_rels/${path.posix.basename(partName)}.rels`) ?? '';
  return [...xml.matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => {
    const attributes = new Map([...tag.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value ?? '']));
    const target = attributes.get('Target') ?? '';
    const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(folder, target);
    return { id: attributes.get('Id') ?? '', type: attributes.get('Type') ?? '', target: resolved };
  });
}

/**
 * The text of a slide's (or notes page's) shapes: the title apart, the rest one line per paragraph or table row.
 * Without `titled` (a notes page) no line is taken for a title, and none leaves the body.
 */
function shapesText(xml: string, titled = true): { title: string; body: string[] } {
  let title = '';
  const body: string[] = [];
  // One-line text shapes with their largest font size: the candidates for a title.
  const sized: { line: string; size: number }[] = [];
  for (const [shape] of xml.matchAll(/<p:(sp|graphicFrame)\b[\s\S]*?<\/p:\1>/g)) {
    const placeholder = /<p:ph\b[^>]*?\btype="(\w+)"/.exec(shape)?.[1] ?? '';
    if (skippedTypes.has(placeholder)) continue;
    const table = /<a:tbl>[\s\S]*<\/a:tbl>/.exec(shape)?.[0];
    const lines = table ? tableRows(table) : paragraphsOf(shape);
    if (titled && titleTypes.has(placeholder) && !title) title = lines.join(' ');
    else body.push(...lines);
    if (!table && lines.length === 1) sized.push({ line: lines.join(' '), size: largestRun(shape) });
  }
  if (title || !titled) return { title, body };
  // The title found by size moves from its place in the body to the top, where a title placeholder's text goes.
  const bySize = titleBySize(sized);
  return { title: bySize, body: bySize ? body.filter((line, index) => index !== body.indexOf(bySize)) : body };
}

/** A table as rows of cells separated by tabs; merged cells stay as empty cells, so the columns line up. */
function tableRows(table: string): string[] {
  return [...table.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)]
    .map(([row]) =>
      [...row.matchAll(/<a:tc\b[^>]*?(?:\/>|>([\s\S]*?)<\/a:tc>)/g)]
        .map(([, cell]) => paragraphsOf(cell ?? '').join(' ').replace(/\s+/g, ' '))
        .join('\t'),
    )
    .filter((row) => /\S/.test(row));
}

/** The font size (in hundredths of a point) of a shape's largest run, 0 where the sizes are inherited. */
function largestRun(shape: string): number {
  return Math.max(0, ...[...shape.matchAll(/<a:rPr\b[^>]*?\bsz="(\d+)"/g)].map(([, size]) => Number(size)));
}

/** A deck drawn with text boxes has no title placeholder; its title is the one short line set larger than the rest. */
function titleBySize(shapes: { line: string; size: number }[]): string {
  const largest = Math.max(0, ...shapes.map((shape) => shape.size));
  const top = shapes.filter((shape) => shape.size === largest);
  const title = top[0]?.line ?? '';
  return largest > 0 && top.length === 1 && shapes.length > 1 && title.length <= 150 ? title : '';
}

/** Paragraphs as lines; runs raised or lowered (baseline="30000", "-25000") are written as superscripts and subscripts. */
function paragraphsOf(shape: string): string[] {
  return [...shape.matchAll(/<a:p(?:\s[^>]*)?>([\s\S]*?)<\/a:p>/g)]
    .map(([, paragraph]) =>
      [...(paragraph ?? '').matchAll(/<a:(r|fld)\b[^>]*>([\s\S]*?)<\/a:\1>|<a:br\b[^>]*>/g)]
        .map(([token, , run]) => (token.startsWith('<a:br') ? '\n' : runText(run ?? '')))
        .join('')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .trim(),
    )
    .filter((line) => line.length > 0);
}

function runText(run: string): string {
  const text = readableText(decodeEntities(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/.exec(run)?.[1] ?? ''));
  const baseline = Number(/<a:rPr\b[^>]*?\bbaseline="(-?\d+)"/.exec(run)?.[1] ?? 0);
  if (baseline > 0) return scriptText(text, 'sup');
  if (baseline < 0) return scriptText(text, 'sub');
  return text;
}
