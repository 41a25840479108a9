import type { StudyPage } from '../engine';

/**
 * Text preparation: a file's pages → a stream of headings and paragraphs with page numbers. Drops what a reader skips
 * (running headers and footers, page numbers, tables of contents, footnote markers, citation brackets), joins words
 * hyphenated across lines and pages, and finds the document's own headings (numbered, chapter, known names, page
 * headings, part titles).
 */

export interface HeadingBlock {
  kind: 'heading';
  text: string;
  /** 1: a top-level unit (chapter, numbered section, slide title); 2+: a subsection. */
  level: number;
  page: number;
  /** Back matter (references, index, notes…): its text is not study content. */
  backMatter: boolean;
}

export interface TextBlock {
  kind: 'text';
  text: string;
  /** The page the text starts on, and where later pages start within it. */
  page: number;
  breaks: { offset: number; page: number }[];
}

export type Block = HeadingBlock | TextBlock;

interface Line {
  text: string;
  page: number;
}

export function prepareBlocks(pages: readonly StudyPage[]): Block[] {
  const linesByPage = pages.map((page) => splitLines(page.text));
  dropRepeatedEdgeLines(pages, linesByPage);
  const numbering = new NumberingState();
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(textBlock(paragraph));
    paragraph = [];
  };
  pages.forEach((page, index) => {
    const lines = linesByPage[index] ?? [];
    if (isTableOfContents(lines, page.heading)) {
      // Everything before a table of contents is front matter (title page, imprint, dedication).
      if (page.pageNumber <= Math.max(12, pages.length * 0.1)) blocks.length = 0;
      paragraph = [];
      return;
    }
    const headingLines = givenHeadingLines(lines, page.heading);
    const typical = typicalLineLength(lines);
    lines.forEach((text, lineIndex) => {
      const line = { text, page: page.pageNumber };
      if (lineIndex === 0 && headingLines > 0) {
        flush();
        const heading = lines.slice(0, headingLines).join(' ');
        blocks.push(headingBlock(heading, 1, page.pageNumber));
        return;
      }
      if (lineIndex < headingLines) return;
      const heading = headingOf(text, lineIndex, lines.length, numbering);
      if (heading) {
        flush();
        blocks.push(headingBlock(heading.text, heading.level, page.pageNumber));
        return;
      }
      const previous = paragraph.at(-1);
      if (previous && startsNewParagraph(previous, line, typical)) flush();
      paragraph.push(line);
    });
  });
  flush();
  return blocks;
}

function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => cleanLine(line))
    .filter((line) => line.length > 0);
}

/** Footnote markers glued to words ("deviousness.6", "Bill,2 and"), citation brackets, stray spacing. */
function cleanLine(line: string): string {
  return line
    .replace(/[\u00ad\u200b]/g, '')
    .replace(/(\p{L}[.,;:!?”"’)])\d{1,3}(?=\s|$)/gu, '$1')
    .replace(/\s\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]/g, '')
    .replace(/\s\(\d{1,3}(?:,\s?\d{1,3})*\)(?=[\s.,;:])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Running headers and footers: lines among the first and last two of a page that repeat across pages, compared with
 * their page number taken out (a number that moves in step with the page is a page number; "Chapter 3" is not).
 * Lines that are only a page number are dropped wherever they are at a page's edge.
 */
function dropRepeatedEdgeLines(pages: readonly StudyPage[], linesByPage: string[][]): void {
  const edge = (lines: string[]) => {
    const indexes = new Set([0, 1, lines.length - 2, lines.length - 1].filter((i) => i >= 0 && i < lines.length));
    return [...indexes];
  };
  const keyOf = (line: string, pageNumber: number) => {
    const match = /^(\d{1,4})\s+(.*)$|^(.*?)\s+(\d{1,4})$/.exec(line);
    const number = match ? Number(match[1] ?? match[4]) : undefined;
    const rest = match ? (match[2] ?? match[3] ?? '') : line;
    const normal = rest.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
    return number === undefined ? normal : `${normal}|${number - pageNumber}`;
  };
  const pagesByKey = new Map<string, Set<number>>();
  pages.forEach((page, index) => {
    const lines = linesByPage[index] ?? [];
    for (const i of edge(lines)) {
      const key = keyOf(lines[i] ?? '', page.pageNumber);
      const seen = pagesByKey.get(key) ?? new Set<number>();
      seen.add(page.pageNumber);
      pagesByKey.set(key, seen);
    }
  });
  const threshold = pages.length >= 6 ? 3 : Math.max(2, pages.length);
  pages.forEach((page, index) => {
    const lines = linesByPage[index] ?? [];
    const drop = new Set<number>();
    for (const i of edge(lines)) {
      const line = lines[i] ?? '';
      const repeated = (pagesByKey.get(keyOf(line, page.pageNumber))?.size ?? 0) >= threshold && line.length <= 120;
      if (repeated || isPageNumberLine(line)) drop.add(i);
    }
    linesByPage[index] = lines.filter((_, i) => !drop.has(i));
  });
  // A word hyphenated across a page break: "cre-" at the end of one page, "ativity." at the start of the next.
  for (let index = 0; index + 1 < linesByPage.length; index++) {
    const lines = linesByPage[index] ?? [];
    const next = linesByPage[index + 1] ?? [];
    const last = lines.at(-1);
    const first = next[0];
    if (last && first && /\p{L}-$/u.test(last) && /^\p{Ll}/u.test(first)) {
      const [word = '', ...rest] = first.split(' ');
      lines[lines.length - 1] = last.slice(0, -1) + word;
      next[0] = rest.join(' ');
      if (!next[0]) next.shift();
    }
  }
}

function isPageNumberLine(line: string): boolean {
  return /^(?:[-–—]?\s*\d{1,4}\s*[-–—]?|[ivxlc]{1,7}|(?:page|seite|p\.|s\.)\s*\d{1,4}(?:\s*(?:of|von|\/)\s*\d{1,4})?)$/i.test(line);
}

/** A contents page: most of its lines end in a page number, or its heading says so. */
function isTableOfContents(lines: string[], heading: string | null): boolean {
  if (heading && isContentsName(heading)) return true;
  if (lines[0] && isContentsName(lines[0])) return true;
  if (lines.length < 5) return false;
  const numbered = lines.filter((line) => /\S\s+(?:\d{1,4}|[ivxlc]{1,6})$/i.test(line) || /\.{4,}\s*\d+$/.test(line));
  return numbered.length >= lines.length * 0.6;
}

function isContentsName(text: string): boolean {
  return /^(?:table of )?contents$|^inhalt(?:sverzeichnis)?$/i.test(text.trim());
}

/** How many of the page's first lines make up the heading the extractor found (by font size or slide title). */
function givenHeadingLines(lines: string[], heading: string | null): number {
  if (!heading) return 0;
  const target = normalise(heading);
  if (target.length < 3 || !/\p{L}{2}/u.test(heading)) return 0;
  let joined = '';
  for (let count = 1; count <= Math.min(3, lines.length); count++) {
    joined = normalise(`${joined} ${lines[count - 1] ?? ''}`);
    if (joined === target) return count;
    if (!target.startsWith(joined)) return 0;
  }
  return 0;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const knownHeadings =
  /^(?:abstract|introduction|conclusions?|summary|discussion|background|related work|methods?|methodology|results|evaluation|future work|preface|foreword|afterword|epilogue|prologue|overview|appendix(?: [a-z])?|einleitung|einführung|zusammenfassung|fazit|ausblick|diskussion|hintergrund|methoden|ergebnisse|vorwort|nachwort|anhang(?: [a-z])?|überblick)$/i;
const backMatterHeadings =
  /^(?:acknowledge?ments?|references|bibliography|works cited|notes|endnotes|index|about the authors?|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|danksagung|stichwortverzeichnis|register|anmerkungen|contents|table of contents|inhalt(?:sverzeichnis)?)$/i;
const chapterWords =
  /^(?:chapter|part|lecture|lesson|unit|kapitel|teil|vorlesung|lektion|einheit)\s+(?:\d{1,3}|[ivxlc]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/i;

/** Numbered headings must follow on: 1, 2, 3 and 2.1, 2.2 under 2. A footnote "1 Arrays are…" on page 5 is not one. */
class NumberingState {
  private top = 0;
  private sub = 0;

  accept(numbers: number[]): boolean {
    const [first = 0, second] = numbers;
    if (numbers.length === 1) {
      if (first !== this.top + 1 && !(this.top === 0 && first <= 1)) return false;
      this.top = first;
      this.sub = 0;
      return true;
    }
    if (first !== this.top || second === undefined) return false;
    if (numbers.length === 2) {
      if (second !== this.sub + 1) return false;
      this.sub = second;
    }
    return true;
  }
}

function headingOf(
  line: string,
  lineIndex: number,
  lineCount: number,
  numbering: NumberingState,
): { text: string; level: number } | undefined {
  if (line.length > 100) return undefined;
  const bare = line.replace(/:$/, '').trim();
  if (knownHeadings.test(bare) || backMatterHeadings.test(bare)) return { text: bare, level: 1 };
  const numbered = /^(\d{1,2}(?:\.\d{1,2}){0,2})\.?\s+(\p{Lu}.*)$/u.exec(line);
  if (numbered) {
    const title = numbered[2] ?? '';
    const words = title.split(' ').length;
    const looksLikeTitle = words <= 12 && !/[.,;:]$|,\s/.test(title) && !/^I\s/.test(title) && /\p{L}{3}/u.test(title) && !/\s\d+$/.test(title);
    const numbers = (numbered[1] ?? '').split('.').map(Number);
    if (looksLikeTitle && numbering.accept(numbers)) return { text: line, level: numbers.length };
    return undefined;
  }
  if (chapterWords.test(line) && /^\p{Lu}/u.test(line) && !/[.,;]$/.test(line) && line.split(' ').length <= 10) {
    const rest = line.replace(chapterWords, '').replace(/^\s*[:.\-–—]?\s*/, '');
    if (!rest || (/^[\p{Lu}"“„‘]/u.test(rest) && !rest.includes(','))) return { text: line, level: 1 };
  }
  // A part title: a short line in capitals alone at the top of a page ("“PIRACY”", "PUZZLES").
  const letters = line.replace(/[^\p{L}]/gu, '');
  const isCaps = letters.length >= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  if (lineIndex === 0 && isCaps && line.split(' ').length <= 6 && (lineCount <= 2 || !/[.!?]$/.test(line))) {
    return { text: line, level: 1 };
  }
  return undefined;
}

function headingBlock(text: string, level: number, page: number): HeadingBlock {
  const display = displayHeading(text);
  const bare = display.replace(/^[\d.]+\s+/, '').replace(/:$/, '');
  return { kind: 'heading', text: display, level, page, backMatter: backMatterHeadings.test(bare) };
}

/** Headings set in capitals read better in title case: "CHAPTER ONE: Creators" → "Chapter One: Creators". */
export function displayHeading(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  return words
    .map((word) => {
      const letters = word.replace(/[^\p{L}]/gu, '');
      if (letters.length < 2 || letters !== letters.toUpperCase() || /^[IVXLC]+$/.test(letters)) return word;
      const lower = word.toLowerCase();
      return lower.replace(/\p{L}/u, (first) => first.toUpperCase());
    })
    .join(' ');
}

function typicalLineLength(lines: string[]): number {
  const lengths = lines.map((line) => line.length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.75)] ?? 0;
}

const bullet = /^(?:[•●▪◦‣∙·*–—-]|\(?[a-z0-9]{1,2}[).])\s+/i;

/**
 * Lines wrapped in a paragraph run to nearly the full width; a short line ending a sentence (or a bullet point) ends
 * its paragraph, and a bullet starts a new one.
 */
function startsNewParagraph(previous: Line, line: Line, typical: number): boolean {
  if (bullet.test(line.text)) return true;
  // A paragraph runs on across a page break; sentences are found later, so joining never hurts.
  if (previous.page !== line.page) return false;
  const short = previous.text.length < typical * 0.7;
  if (!short) return false;
  return /[.!?:]["”’)]?$/.test(previous.text) || (/\p{L}$/u.test(previous.text) && /^\p{Lu}/u.test(line.text));
}

function textBlock(lines: Line[]): TextBlock {
  const first = lines[0] ?? { text: '', page: 1 };
  let text = '';
  const breaks: { offset: number; page: number }[] = [];
  let page = first.page;
  for (const line of lines) {
    const content = line.text.replace(bullet, '');
    if (line.page !== page) {
      page = line.page;
      breaks.push({ offset: text.length + (text ? 1 : 0), page });
    }
    if (text && /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(content)) text = text.slice(0, -1) + content;
    else if (text && /\p{L}-$/u.test(text) && /^\p{Lu}/u.test(content)) text += content;
    else text = text ? `${text} ${content}` : content;
  }
  // A bullet point or slide line without a full stop still reads as one statement.
  if (/[\p{L}\p{N})]$/u.test(text) && text.split(' ').length >= 5) text += '.';
  return { kind: 'text', text, page: first.page, breaks };
}

/** The page at a character offset of a text block. */
export function pageAt(block: TextBlock, offset: number): number {
  let page = block.page;
  for (const pageBreak of block.breaks) {
    if (pageBreak.offset <= offset) page = pageBreak.page;
    else break;
  }
  return page;
}
