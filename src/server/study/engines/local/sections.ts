import { startsExercise } from './scaffolding';
import type { Block, TextBlock } from './text-prep';

/**
 * The document's units: split at its top-level headings (chapters, numbered sections, slide titles), back matter
 * dropped, tiny sections merged into a neighbour, a huge stretch without headings cut into parts of a few pages.
 */
export interface RawSection {
  /** null when the document gives none: named later after its key terms. */
  heading: string | null;
  page: number;
  blocks: TextBlock[];
  /** Its heading is the writer's own (a Markdown `#` line): kept as a section however short, if it has a few words. */
  marked?: boolean;
  /**
   * The writer's own headings one level below the section's (a note's `###` under its `##`), where each starts among
   * the blocks: the mind map's branches follow them.
   */
  subsections?: Subsection[];
}

export interface Subsection {
  heading: string;
  page: number;
  /** The index in the section's blocks of the first block under it. */
  fromBlock: number;
}

/** A section shorter than this joins a neighbour: 600 characters, less in a short document (a tenth of it). */
const minSectionChars = (totalChars: number) => Math.min(600, Math.max(150, totalChars / 10));
/**
 * A section under the writer's own heading (Markdown notes) stays a section down to this: a note's heading is where the
 * student put a topic, and a summary and a unit per heading follow it; below it, a line or two, it joins a neighbour.
 */
const minMarkedSectionChars = 120;
const maxSectionPages = 30;
const partPages = 12;
const maxSections = 40;

export function sectionsOf(blocks: readonly Block[]): RawSection[] {
  let sections: (RawSection & { dropped: boolean })[] = [];
  let current: (RawSection & { dropped: boolean }) | undefined;
  const lastPage = blocks.reduce((last, block) => Math.max(last, block.page), 1);
  let backMatterFrom = Infinity;
  let droppedLevel = 1;
  // Under an exercises heading, up to the next heading as high: practice, not content.
  let exerciseLevel: number | undefined;
  for (const [index, block] of blocks.entries()) {
    // Notes, references or an index in the last part of a document: what follows is back matter too. (In the last
    // part by its pages, and in a text of a page or two by its blocks: a licence notice at the top of a one-page note
    // is no end of it.)
    if (block.page >= backMatterFrom) break;
    const late = block.page > lastPage * 0.6 && (lastPage > 2 || index > blocks.length * 0.6);
    if (block.kind === 'heading' && block.backMatter && late) backMatterFrom = block.page;
    if (block.kind === 'heading' && exerciseLevel !== undefined && block.level <= exerciseLevel) exerciseLevel = undefined;
    if (block.kind === 'heading' && block.exercise) {
      exerciseLevel = block.level;
      continue;
    }
    if (exerciseLevel !== undefined || (block.kind === 'text' && startsExercise(block.text))) continue;
    if (block.kind === 'heading') {
      // Back and front matter end at the next heading as high as their own ("## Vorwort" … "## Optik").
      const dropped = block.backMatter || block.frontMatter;
      if (block.level === 1 || dropped || (current?.dropped && block.level <= droppedLevel)) {
        current = { heading: block.text, page: block.page, blocks: [], dropped, ...(block.marked ? { marked: true } : {}) };
        if (dropped) droppedLevel = block.level;
        sections.push(current);
      } else if (block.marked && block.level === 2 && current && !current.dropped) {
        (current.subsections ??= []).push({ heading: block.text, page: block.page, fromBlock: current.blocks.length });
      }
      continue;
    }
    if (!current) {
      current = { heading: null, page: block.page, blocks: [], dropped: false };
      sections.push(current);
    }
    current.blocks.push(block);
  }
  sections = sections
    .filter((section) => !section.dropped && section.blocks.length > 0)
    .map((section) => ({ ...section, ...(section.subsections ? { subsections: section.subsections.filter((sub) => sub.fromBlock < section.blocks.length) } : {}) }));
  const total = sections.reduce((sum, section) => sum + charsOf(section), 0);
  return capCount(mergeTiny(sections.flatMap(splitHuge), minSectionChars(total)));
}

const charsOf = (section: RawSection) => section.blocks.reduce((sum, block) => sum + block.text.length, 0);
const lastPageOf = (section: RawSection) => {
  const last = section.blocks.at(-1);
  return last ? (last.breaks.at(-1)?.page ?? last.page) : section.page;
};

/**
 * `from`'s blocks appended to `into`'s: a writer's heading of `from` and its subsections stay findable among them (as
 * subsections of `into`), so that the mind map still follows the note's headings.
 */
function append(into: RawSection, from: RawSection) {
  const offset = into.blocks.length;
  const carried = [
    ...(from.marked && from.heading ? [{ heading: from.heading, page: from.page, fromBlock: 0 }] : []),
    ...(from.subsections ?? []),
  ].map((sub) => ({ ...sub, fromBlock: sub.fromBlock + offset }));
  into.blocks.push(...from.blocks);
  if (carried.length > 0) into.subsections = [...(into.subsections ?? []), ...carried];
}

function mergeTiny(sections: RawSection[], minChars: number): RawSection[] {
  const merged: RawSection[] = [];
  let pending: RawSection | undefined;
  for (const section of sections) {
    if (pending) {
      // A tiny front section (title, authors) goes into the next one, which keeps its own heading.
      const shift = pending.blocks.length;
      if (section.subsections) section.subsections = section.subsections.map((sub) => ({ ...sub, fromBlock: sub.fromBlock + shift }));
      section.blocks = [...pending.blocks, ...section.blocks];
      section.page = Math.min(pending.page, section.page);
      section.heading ??= pending.heading;
      pending = undefined;
    }
    const previous = merged.at(-1);
    if (charsOf(section) >= (section.marked ? Math.min(minChars, minMarkedSectionChars) : minChars)) merged.push(section);
    else if (previous) append(previous, section);
    else pending = section;
  }
  if (pending) merged.push(pending);
  return merged;
}

/** A stretch of more than 30 pages under one heading (or none) becomes parts of about 12 pages. */
function splitHuge(section: RawSection): RawSection[] {
  const span = lastPageOf(section) - section.page + 1;
  if (span <= maxSectionPages) return [section];
  const partCount = Math.ceil(span / partPages);
  const parts: RawSection[] = [];
  for (const block of section.blocks) {
    const index = Math.min(partCount - 1, Math.floor((block.page - section.page) / partPages));
    const heading = section.heading ? `${section.heading} (${index + 1})` : null;
    let part = parts.at(-1);
    if (!part || parts.length - 1 < index) {
      part = { heading, page: block.page, blocks: [] };
      parts.push(part);
    }
    part.blocks.push(block);
  }
  return parts;
}

/** Many short headings (a deck of 80 slides): neighbours merged, the smaller into the one before, until 40 are left. */
function capCount(sections: RawSection[]): RawSection[] {
  const result = [...sections];
  while (result.length > maxSections) {
    let smallest = 1;
    for (let index = 1; index < result.length; index++) {
      const here = result[index];
      const best = result[smallest];
      if (here && best && charsOf(here) < charsOf(best)) smallest = index;
    }
    const [removed] = result.splice(smallest, 1);
    const previous = result[smallest - 1];
    if (removed && previous) append(previous, removed);
  }
  return result;
}
