import path from 'node:path';
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
 * One page per slide, in the deck's order: the title placeholder is the heading, the text of the other shapes
 * (tables included) follows, and the speaker notes are appended after a blank line — what the lecturer says belongs
 * to the slide. A small reader of the slide XML; the caller has checked the zip's bounds.
 */
export function pptxPages(bytes: Uint8Array): ExtractedPage[] {
  const parts = readZipTextEntries(bytes, (name) => deckPart.test(name));
  const presentation = parts.get('ppt/presentation.xml');
  if (presentation === undefined) throw new ExtractionError('corrupt', failureMessages.corrupt);
  const slideNames = slideOrder(presentation, relationshipsOf(parts, 'ppt/presentation.xml'));
  return slideNames.map((slideName, index) => {
    const slide = shapesText(parts.get(slideName) ?? '');
    const notesName = relationshipsOf(parts, slideName).find((rel) => rel.type.endsWith('/notesSlide'))?.target;
    const notes = notesName ? shapesText(parts.get(notesName) ?? '').body.join('\n') : '';
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

/** The text of a slide's (or notes page's) shapes: the title apart, the rest one line per paragraph. */
function shapesText(xml: string): { title: string; body: string[] } {
  let title = '';
  const body: string[] = [];
  for (const [shape] of xml.matchAll(/<p:(sp|graphicFrame)\b[\s\S]*?<\/p:\1>/g)) {
    const placeholder = /<p:ph\b[^>]*?\btype="(\w+)"/.exec(shape)?.[1] ?? '';
    if (skippedTypes.has(placeholder)) continue;
    const lines = paragraphsOf(shape);
    if (titleTypes.has(placeholder) && !title) title = lines.join(' ');
    else body.push(...lines);
  }
  return { title, body };
}

function paragraphsOf(shape: string): string[] {
  return [...shape.matchAll(/<a:p(?:\s[^>]*)?>([\s\S]*?)<\/a:p>/g)]
    .map(([, paragraph]) =>
      [...(paragraph ?? '').matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*>/g)]
        .map(([token, run]) => (token.startsWith('<a:br') ? '\n' : decodeEntities(run ?? '')))
        .join('')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .trim(),
    )
    .filter((line) => line.length > 0);
}
