import type { StudyPage } from '../engine';
import { germanFinite } from './scaffolding';
import { cleanedLine } from './analysis-memo';
import { stopWords } from './stopwords';

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
  /** Back matter (references, index, notes…): its text is not study content, nor is what follows it late in a text. */
  backMatter: boolean;
  /** A preface: what the script is for and how it came about, no part of the subject (the text after it goes on). */
  frontMatter: boolean;
  /** Exercises, problems, tasks: what follows it (up to the next heading) is practice, not content. */
  exercise: boolean;
  /** Marked as a heading by its writer (a Markdown `#` line): a section of its own however short (sections.ts). */
  marked?: true;
}

export interface TextBlock {
  kind: 'text';
  text: string;
  /** The page the text starts on, and where later pages start within it. */
  page: number;
  breaks: { offset: number; page: number }[];
  /** A table (rows of cells, the extraction's tab-separated lines): its text is its rows, not sentences. */
  table?: { rows: string[][]; caption?: string };
}

export type Block = HeadingBlock | TextBlock;

interface Line {
  text: string;
  page: number;
}

export function prepareBlocks(pages: readonly StudyPage[], language = 'en', markdownFile = false): Block[] {
  const linesByPage = pages.map((page) => splitLines(page.text));
  // Notes written in Markdown ("## Verträge", "- Antrag: …") end a paragraph at every empty line: no PDF layout
  // put the gap there.
  // (A code comment, "# Fit the model" over its code, is no heading: a heading starts with a capital or its number
  // and stands over an empty line.)
  const markdown = markdownFile || pages.reduce((count, page) => count + (page.text.match(/^#{1,6}[ \t]+[\p{Lu}\d][^\n]*\n[ \t]*\n/gmu)?.length ?? 0), 0) >= 2;
  dropRepeatedEdgeLines(pages, linesByPage);
  const numbering = new NumberingState();
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  let pendingTerm: string | undefined;
  // The last heading was a chapter's number alone ("Kapitel 4"): its name may follow on the next line.
  let chapterOnly = false;
  let nameGoesOn = false;
  let tableRows: string[][] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(textBlock(paragraph));
    paragraph = [];
  };
  // Rows of a table in a row of lines; a single "row" is a line with a tab in it, read as text.
  const flushTable = (page: number) => {
    if (tableRows.length >= 2) blocks.push(tableBlock(tableRows, page, blocks));
    else if (tableRows.length === 1) paragraph.push({ text: (tableRows[0] ?? []).join(' '), page });
    tableRows = [];
  };
  pages.forEach((page, index) => {
    const marked = linesByPage[index] ?? [];
    const lines = marked.map(unmark);
    flushTable(page.pageNumber - 1);
    if (isTableOfContents(lines, page.heading)) {
      // Everything before a table of contents near the start is front matter (title page, imprint, dedication): in
      // a book its first twelve pages, in a short text its first page or two — never a short script's chapters.
      if (page.pageNumber <= Math.max(2, Math.min(12, Math.ceil(pages.length * 0.1)))) {
        blocks.length = 0;
        paragraph = [];
      } else flush();
      return;
    }
    const headingLines = givenHeadingLines(lines, page.heading);
    const typical = typicalLineLength(lines);
    // A note is no deck of slides, however short its lines: a bullet over sub-bullets is no term over its description.
    const slide = !markdownFile && isSlideLike(lines, page.heading);
    joinListLines(marked, headingLines, language).forEach((markedLine, lineIndex, joined) => {
      const text = unmark(markedLine);
      // A margin note starts a paragraph of its own, whatever the line before it.
      if (markedLine.includes(noteStart)) flush();
      // An empty line ends a paragraph — unless the line before it runs to the full width without ending its
      // sentence: PDFs put empty lines inside paragraphs too (a line gap where a column or a figure breaks it).
      const before = paragraph.at(-1)?.text ?? '';
      if (markedLine !== text && (markdown || /[.!?:]["”’)]?$/.test(before) || (before.length < typical * 0.7 && !runsOn.test(before)))) flush();
      const line = { text, page: page.pageNumber };
      if (text.includes('\t')) {
        flush();
        tableRows.push(text.split('\t').map((cell) => cell.trim()));
        return;
      }
      flushTable(page.pageNumber);
      if (lineIndex === 0 && headingLines > 0) {
        flush();
        const heading = lines.slice(0, headingLines).join(' ');
        blocks.push(headingBlock(heading, 1, page.pageNumber));
        return;
      }
      if (lineIndex < headingLines) return;
      // A number alone on a line in running text is a slide's step marker or a stray label, not part of a sentence;
      // a quiz's answer option with its box ("[[X]] …", "☐ …", "[ ] …") is an exercise, true or false.
      if (/^\d{1,3}$/.test(text) || quizOption.test(text)) {
        flush();
        return;
      }
      // "Kapitel 4" / "Chapter 2" alone on its line, its name on the next (a LaTeX book's chapter page): one heading.
      const chapter = blocks.at(-1);
      if (chapterOnly && chapter?.kind === 'heading' && paragraph.length === 0 && chapterName.test(text) && !/[.,;]$/.test(text)) {
        chapterOnly = false;
        blocks[blocks.length - 1] = headingBlock(`${chapter.text}: ${text}`, chapter.level, chapter.page);
        // A name wrapped after a small word or an adjective ("Einführung in das" / "mathematische Arbeiten") goes on.
        const last = text.split(/\s+/).at(-1) ?? '';
        nameGoesOn = stopWords(language).has(last.toLowerCase()) || (language === 'de' && /^\p{Ll}/u.test(last));
        return;
      }
      chapterOnly = false;
      if (nameGoesOn && chapter?.kind === 'heading' && paragraph.length === 0 && text.split(/\s+/).length <= 4 && !/[.,;:]$/.test(text) && !/^\d/.test(text)) {
        nameGoesOn = false;
        blocks[blocks.length - 1] = headingBlock(`${chapter.text} ${text}`, chapter.level, chapter.page);
        return;
      }
      nameGoesOn = false;
      const listed = inNumberedList(joined, lineIndex);
      // The page's heading from the document's outline, lower on the page than its first lines: a section starts there.
      const given = !listed && page.heading && normalise(text) === normalise(page.heading) ? { text, level: givenLevel(text, numbering) } : undefined;
      const heading = given ?? (listed ? undefined : headingOf(text, lineIndex, joined.length, numbering, markdown));
      if (heading) {
        flush();
        blocks.push(headingBlock(heading.text, heading.level, page.pageNumber, markdownFile && 'marked' in heading));
        chapterOnly = chapterAlone(heading.text);
        return;
      }
      // A numbered title out of sequence ("3.5 Potter’s Analysis") is no section of ours, and no part of a sentence.
      if (!listed && numberedTitle(text)) {
        flush();
        blocks.push(textBlock([line]));
        return;
      }
      const previous = paragraph.at(-1);
      // In Markdown only an empty line, a list item or a table row starts a paragraph: its lines wrap where the writer
      // pressed return ("Dieser nach James" / "Franck und" / "Gustav Hertz" / "benannte Versuch …").
      if (previous && (markdown ? bullet.test(line.text) || line.text.startsWith('|') : startsNewParagraph(previous, line, typical, slide))) flush();
      // A slide's term on a line of its own, its description on the next ("List" / "A linear collection of values"):
      // one statement, written as the document's other glossary lines are ("List: A linear collection of values.").
      const term = slide && paragraph.length === 0 ? termLine(text, joined[lineIndex + 1]) : undefined;
      if (term) {
        pendingTerm = term;
        return;
      }
      if (pendingTerm && paragraph.length === 0) {
        paragraph.push({ text: `${pendingTerm}: ${text}`, page: page.pageNumber });
        pendingTerm = undefined;
        return;
      }
      pendingTerm = undefined;
      paragraph.push(line);
    });
  });
  flushTable(pages.at(-1)?.pageNumber ?? 1);
  flush();
  return withUnitLevel(blocks);
}

/**
 * Heading levels shifted so that level 1 is the level the document's units are at: a Markdown-style document with one
 * '#' title and its sections under '##' has its '##' headings as units (and the title as a short front section).
 */
function withUnitLevel(blocks: Block[]): Block[] {
  const counts = new Map<number, number>();
  for (const block of blocks) if (block.kind === 'heading' && !block.backMatter && !boxHeadings.test(block.text)) counts.set(block.level, (counts.get(block.level) ?? 0) + 1);
  const unitLevel = [...counts.keys()].sort((a, b) => a - b).find((level) => (counts.get(level) ?? 0) >= 2) ?? 1;
  if (unitLevel === 1) return blocks;
  return blocks.map((block) =>
    block.kind === 'heading' ? { ...block, level: Math.max(boxHeadings.test(block.text) ? 2 : 1, block.level - unitLevel + 1) } : block,
  );
}

const listNumber = /^(\d{1,2})[.)]\s+\S/;

/** A numbered line with its neighbour numbered one less or one more, within two lines: a list item, not a heading. */
function inNumberedList(lines: readonly string[], index: number): boolean {
  const number = Number(listNumber.exec(lines[index] ?? '')?.[1] ?? NaN);
  if (Number.isNaN(number)) return false;
  for (const offset of [-2, -1, 1, 2]) {
    const other = Number(listNumber.exec(lines[index + offset] ?? '')?.[1] ?? NaN);
    if (other === number + Math.sign(offset)) return true;
  }
  return false;
}

/** Marks a line that follows an empty one: a paragraph starts there (a slide's notes after its text, say). */
const afterBlank = '\u2029';
const noteStart = '\u2028';
const unmark = (line: string) => line.replace(afterBlank, '').replace(noteStart, '');

function splitLines(text: string): string[] {
  const lines: string[] = [];
  let blank = false;
  // A margin note set beside the text runs into its line after its marker ("… a ‘good will’⁷ ⁷It is impossible …"):
  // the note is a line of its own, after a gap.
  const noted = text.replace(/\r\n?/g, '\n').replace(/(\S)\s+[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=\p{Lu}\p{Ll})/gu, `$1\n${noteStart}`);
  let fence: string | undefined;
  // A folded box (":::{dropdown} Fall 1" … ":::") holds a worked case or a solution: practice, not the notes' text.
  let folded = false;
  // An HTML comment (a Markdown note's metadata, "<!-- style=… -->" inside a name) is no text, over lines too.
  let comment = false;
  for (const whole of noted.split('\n')) {
    let raw = whole;
    if (comment) {
      const end = raw.indexOf('-->');
      if (end < 0) continue;
      raw = raw.slice(end + 3);
      comment = false;
    }
    raw = raw.replace(/<!--[\s\S]*?-->/g, '');
    const open = raw.indexOf('<!--');
    if (open >= 0) {
      comment = true;
      raw = raw.slice(0, open);
    }
    if (folded || /^\s*:::\s*\{dropdown\}/.test(raw)) {
      folded = !/^\s*:::\s*$/.test(raw);
      continue;
    }
    // Markdown's code blocks (a diagram's source: "```mermaid … ```") and a directive's fences (":::{dropdown}") are
    // no text; a line that only links within the document ("* [Verträge](#verträge)") is its table of contents.
    const fenceMark = /^\s*(```|~~~)/.exec(raw)?.[1];
    if (fence || fenceMark) {
      if (fenceMark && (!fence || fenceMark === fence)) fence = fence ? undefined : fenceMark;
      continue;
    }
    if (/^\s*:::/.test(raw) || /^\s*(?:[-*+]\s+)?\[[^\]]+\]\(#[^)]*\)\s*$/.test(raw)) continue;
    const note = raw.startsWith(noteStart);
    const line = cleanedLine(note ? raw.slice(1) : raw, cleanLine);
    if (line.length === 0) {
      blank = lines.length > 0;
      continue;
    }
    lines.push(`${blank ? afterBlank : ''}${note ? noteStart : ''}${line}`);
    blank = false;
  }
  return lines;
}

/** A chat assistant's citation residue in notes exported from it (":contentReference[oaicite:1]{index=1}"). */
export const chatResidue = /\s*:?contentReference\[?oaicite:?\d*\]?(?:\{[^}]*\})?/g;

/** Footnote markers glued to words ("deviousness.6", "Bill,2 and"), citation brackets, stray spacing. */
function cleanLine(line: string): string {
  return line
    .replace(/[\u00ad\u200b\uFFFD]/g, '')
    .replace(chatResidue, '')
    // Markdown: a quotation's marks ("> **Vertrag:** …"), an image, a link's address; a note's "Term = what it is" is
    // written as a glossary line ("Abgabe = willentliche Entäußerung einer Erklärung").
    .replace(/^\s*(?:>\s?)+(?=[\p{L}*_[(„"])/u, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
    .replace(/^(\s*(?:[-*+•]\s+)?\p{L}[\p{L}-]*(?:\s\p{L}[\p{L}-]*){0,3})\s+=\s+(?=(?:\S*\p{L}{3}\S*\s+){2}\S*\p{L}{3})(?![^=]*[=+<>∑∫√])/u, '$1: ')
    // Markdown's emphasis: a bold label opening a line ("**Bote:** leitet …") is a glossary line's term; a word in
    // italics ("*standing*") is the word. (Bold inside a sentence stays: the summary shows it bold.) Its "---" between
    // words is a dash.
    .replace(/^(\s*(?:[-*+•]\s+)?)(?:\*\*|__)([^*_\n:]{1,60}?)(?::(?:\*\*|__)|(?:\*\*|__):)\s*/u, '$1$2: ')
    .replace(/(?<![\p{L}\p{N}*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\p{L}\p{N}*])/gu, '$1')
    .replace(/(?<=\p{L}|\s)---(?=\p{L}|\s)/gu, '—')
    // A label that only announces the text after it ("Erläuterungen: Sammelbände sind …", "Note: …") is no part of it.
    .replace(/^\s*(?:erläuterungen?|anmerkungen?|hinweise?|notes?|remarks?|merke|merksatz|regel|grundregel|faustregel|remember|rule of thumb)\s*:\s+(?=\p{Lu})/iu, '')
    // Bullet glyphs of slide and PDF fonts (private-use symbols among them) open a list item; elsewhere they are noise.
    .replace(/^\s*[\uE000-\uF8FF○●◦▪■□►▶✓✔➢➤❖◆◇⚫⬤❑❒]+\s*/u, '• ')
    .replace(/[\uE000-\uF8FF○●◦▪■□►▶➢➤❖◆◇⚫⬤❑❒]/gu, ' ')
    .replace(/(\p{L}[.,;:!?”"’)])\d{1,3}(?=\s|$)/gu, '$1')
    // A superscript number after punctuation or a word of three letters or more ("Oktave:³ er", "Ansatz¹") is a
    // footnote's marker; after a symbol or a unit it is a power ("x²", "cm³") and stays.
    .replace(/(\p{L}{3}[.,;:!?”"’)]?|[.,;:!?”"’)])[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=\s|$)/gu, '$1')
    // …and one between a punctuation mark and the next word ("Steamboat Bill,²and both …") is a marker too.
    .replace(/([.,;:!?”"’)])[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=\p{L})/gu, '$1 ')
    .replace(/\s\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]/g, '')
    .replace(/\s\(\d{1,3}(?:,\s?\d{1,3})*\)(?=[\s.,;:])/g, '')
    .replace(/[^\S\t]+/g, ' ')
    .replace(/ ?\t ?/g, '\t')
    .trim();
}

/**
 * Running headers and footers: lines among the first and last two of a page that repeat across pages, compared with
 * their page number taken out (a number that moves in step with the page is a page number; "Chapter 3" is not).
 * Lines that are only a page number are dropped wherever they are at a page's edge.
 */
function dropRepeatedEdgeLines(pages: readonly StudyPage[], linesByPage: string[][]): void {
  // A slide's footer can be several lines (course, chair and author, licence, "Folie 7 von 19"), printed twice on a
  // handout page: the lines counted are the first five and the last ten, and a page's edge is peeled while it repeats.
  const edge = (lines: string[]) => {
    const indexes = new Set(
      [0, 1, 2, 3, 4, ...Array.from({ length: 10 }, (_, k) => lines.length - 1 - k)].filter((i) => i >= 0 && i < lines.length),
    );
    return [...indexes];
  };
  const keyOf = (marked: string, pageNumber: number) => {
    const line = unmark(marked);
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
    const atEdge = (i: number) => {
      const line = lines[i] ?? '';
      // A table's header row repeats on every page of a long table: it is the table's, not a running header.
      const repeated = (pagesByKey.get(keyOf(line, page.pageNumber))?.size ?? 0) >= threshold && line.length <= 120 && !line.includes('\t');
      return repeated || isPageNumberLine(unmark(line));
    };
    for (let i = 0; i < Math.min(5, lines.length) && atEdge(i); i++) drop.add(i);
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 10) && atEdge(i); i--) drop.add(i);
    // The lines the page always had at its very edge, repeated or not among the others (a header under a figure).
    for (const i of [0, 1, lines.length - 2, lines.length - 1]) if (i >= 0 && i < lines.length && atEdge(i)) drop.add(i);
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
  return /^(?:[-–—]?\s*\d{1,4}\s*[-–—]?|[ivxlc]{1,7}|(?:page|seite|folie|slide|p\.|s\.)\s*\d{1,4}(?:\s*(?:of|von|\/)\s*\d{1,4})?)$/i.test(line);
}

/** A contents page: most of its lines end in a page number, or its heading says so. */
function isTableOfContents(lines: string[], heading: string | null): boolean {
  if (heading && isContentsName(heading)) return true;
  if (lines[0] && isContentsName(lines[0])) return true;
  if (lines.length < 5) return false;
  if (lines.filter((line) => line.includes('\t')).length >= lines.length * 0.3) return false;
  // An entry ends in its page number ("2.3 Osmosis 14", "Einleitung ..... 3"); a reference ends in a volume's pages
  // after a comma ("Bell, E. F. 2000, MNRAS, 312, 497"): a reference list is no table of contents.
  const numbered = lines.filter((line) => /[^\s,]\s+(?:\d{1,4}|[ivxlc]{1,6})$/i.test(line) || /\.{4,}\s*\d+$/.test(line));
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

const boxHeadings = /^(?:summary|key points|key terms|recap|in brief|zusammenfassung|das wichtigste|merke|merksatz|wiederholung|kurz gesagt)$/i;
const knownHeadings =
  /^(?:abstract|introduction|conclusions?|summary|discussion|background|related work|methods?|methodology|results|evaluation|future work|preface|foreword|afterword|epilogue|prologue|overview|appendix(?: [a-z])?|einleitung|einführung|zusammenfassung|fazit|ausblick|diskussion|hintergrund|methoden|ergebnisse|vorwort|nachwort|anhang(?: [a-z])?|überblick)$/i;
const backMatterHeadings =
  /^(?:acknowledge?ments?|references|bibliography|works cited|notes|endnotes|index|about the authors?|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|danksagung|stichwortverzeichnis|register|anmerkungen|contents|table of contents|inhalt(?:sverzeichnis)?|hinweis(?:e)? zum urheberrecht|urheberrechtshinweis|lizenzhinweis|copyright(?: notice)?|licen[cs]e)$/i;
/** Pandoc's attributes after a Markdown heading ("{#Sozialverhalten}", "{.unnumbered}") are no part of its name. */
export const withoutHeadingAttributes = (heading: string) => heading.replace(/\s*\{[#.][^}]*\}$/, '');

const frontMatterHeadings = /^(?:preface|foreword|vorwort|geleitwort|zum geleit)$/i;
const chapterWords =
  /^(?:chapter|part|lecture|lesson|unit|week|session|module|topic|kapitel|teil|vorlesung|lektion|einheit|woche|sitzung|modul|thema)\s+(?:\d{1,3}|[ivxlc]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/i;

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
    // A chapter whose first section is numbered without a heading of the chapter's own ("3.1 …" after "2 …").
    if (numbers.length === 2 && first === this.top + 1 && second === 1) {
      this.top = first;
      this.sub = 1;
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
  markdownDocument = false,
): { text: string; level: number; marked?: true } | undefined {
  if (line.length > 100) return undefined;
  const markdown = /^(#{1,6})\s+(.*\p{L}.*?)\s*#*$/u.exec(line);
  if (markdown) return { text: withoutHeadingAttributes(markdown[2] ?? ''), level: markdown[1]?.length ?? 1, marked: true };
  // Notes written in Markdown mark their headings: a short line or a numbered one there is a list's line.
  if (markdownDocument) return undefined;
  const bare = line.replace(/:$/, '').trim();
  // A summary box inside a chapter ("Zusammenfassung", "Key points") belongs to that chapter: not a unit of its own.
  if (boxHeadings.test(bare)) return { text: bare, level: 2 };
  if (knownHeadings.test(bare) || backMatterHeadings.test(bare)) return { text: bare, level: 1 };
  const numbered = numberedLine.exec(line);
  if (numbered) {
    const numbers = (numbered[1] ?? '').split('.').map(Number);
    if (looksLikeTitle(numbered[2] ?? '') && numbering.accept(numbers)) return { text: line, level: numbers.length };
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

/** The level of an outline's heading met inside a page: its number's depth ("4.7. …" is a subsection). */
function givenLevel(text: string, numbering: NumberingState): number {
  const numbers = (numberedLine.exec(text)?.[1] ?? '').split('.').filter(Boolean).map(Number);
  if (numbers.length === 0) return 1;
  numbering.accept(numbers);
  return numbers.length;
}

const numberedLine = /^(\d{1,2}(?:\.\d{1,2}){0,2})\.?\s+(\p{Lu}.*)$/u;

function looksLikeTitle(title: string): boolean {
  const words = title.split(' ').length;
  return words <= 12 && !/[.,;:]$|,\s/.test(title) && !/^I\s/.test(title) && /\p{L}{3}/u.test(title) && !/\s\d+$/.test(title) && !sentenceInTitle(title);
}

/** "3.1 Inclination & Duty – The Four Examples": a section number with a title of a few words, no sentence. */
function numberedTitle(line: string): boolean {
  const numbered = numberedLine.exec(line);
  return Boolean(numbered && line.length <= 80 && (numbered[1] ?? '').includes('.') && looksLikeTitle(numbered[2] ?? ''));
}

function headingBlock(text: string, level: number, page: number, marked = false): HeadingBlock {
  const display = displayHeading(text);
  const bare = display.replace(/^[\d.]+\s+/, '').replace(/:$/, '');
  const block: HeadingBlock = { kind: 'heading', text: display, level, page, backMatter: backMatterHeadings.test(bare), frontMatter: frontMatterHeadings.test(bare), exercise: exerciseHeading.test(bare) || exerciseTail.test(bare) };
  return marked ? { ...block, marked } : block;
}

/** A chapter's label alone ("Kapitel 4", "Chapter Two", "Lecture 3"), and a line that can be its name. */
const chapterAlone = (heading: string) => chapterWords.test(heading) && /^[\s.:]*$/.test(heading.replace(chapterWords, ''));
const chapterName = /^[\p{Lu}"„“‘][^\n]{2,80}$/u;

/** An answer option of a quiz with its check box: "[[X]] …", "[[ ]] …", "[( )] …", "[x] …", "☐ …", "☑ …". */
const quizOption = /^\s*(?:\[\[\s*[xX ]?\s*\]\]|\[\(\s*[xX ]?\s*\)\]|\[\s*[xX ]?\s*\]|[☐☑☒□▢])\s*\S/u;

/** A numbered line that states or asks something is a list item, not a heading: "1. Gesucht ist der …", "2. Berechnen Sie …". */
const sentenceInTitle = (title: string) =>
  germanFinite.test(title) ||
  /[?$\\=]|\b(?:gesucht|gegeben|berechnen|bestimmen|zeigen|is|are|was|were|has|have|can|will|must|should|calculate|compute|determine|show|find)\b/i.test(title);

/** A heading naming practice after its topic: "Justiciability hypoes", "Chapter 3 exercises", "Weitere Übungsaufgaben". */
const exerciseTail = /\s(?:exercises|hypotheticals|hypos|hypoes|practice (?:problems|questions)|review questions|übungsaufgaben|übungsfälle)$/i;

const exerciseHeading =
  /^(?:exercises?|problems?|problem set|tasks?|homework|assignments?|practice(?: questions| problems)?|self-test|self-check|test yourself|check your understanding|review questions|quiz|questions|solutions?|(?:übungs)?aufgaben?|übungen|übung|übungsblatt|arbeitsauftr(?:ag|äge)|kontrollfragen|verständnisfragen|wissensfragen|testfragen|selbsttest|fragen|lösungen|lösungshinweise)\b(?:\s*\d+[a-z]?(?:\.\d+)*)?(?:\s*[:.–-].*)?$/i;

/** Headings set in capitals read better in title case: "CHAPTER ONE: Creators" → "Chapter One: Creators". */
export function displayHeading(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  // One word in capitals is an abbreviation ("DSGVO", "HTTP"), not a heading set in capitals.
  const capitalWords = words.filter((word) => /^\p{Lu}{2,6}$/u.test(word.replace(/[^\p{L}]/gu, '')));
  const longCapitals = words.filter((word) => /^\p{Lu}{7,}$/u.test(word.replace(/[^\p{L}]/gu, '')));
  if (capitalWords.length === 1 && longCapitals.length === 0 && words.length <= 3) return words.join(' ');
  // A heading with an abbreviation among ordinary words ("KI und sonstige Hilfsmittel") is not set in capitals.
  const lettered = words.filter((word) => /\p{L}{2}/u.test(word));
  if ((capitalWords.length + longCapitals.length) * 2 < lettered.length) return words.join(' ');
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
function startsNewParagraph(previous: Line, line: Line, typical: number, slide: boolean): boolean {
  if (bullet.test(line.text)) return true;
  // On a slide every line is a statement of its own unless it visibly runs on (a comma, a hyphen, a small word).
  if (slide && previous.page === line.page && /^[\p{Lu}\p{N}"“„(]/u.test(line.text) && !runsOn.test(previous.text)) return true;
  // A paragraph runs on across a page break; sentences are found later, so joining never hurts.
  if (previous.page !== line.page) return false;
  // A line in lower case goes on with the sentence before it ("… tätigen bzw." / "in einem …", "(zum Glück!)" /
  // "niemals aufgezeichnet.").
  if (/^\p{Ll}/u.test(line.text)) return false;
  const short = previous.text.length < typical * 0.7;
  if (!short) return false;
  if (/[.!?:]["”’)]?$/.test(previous.text)) return true;
  // A short line that ends in a word before a capital starts a new block (a title, a label) — unless a sentence began
  // on it and runs on: "… getätigt haben. Aus offensichtlichen" / "Gründen ist das nicht möglich" (German nouns are
  // capitalised).
  return /\p{L}$/u.test(previous.text) && /^\p{Lu}/u.test(line.text) && !/[.!?]["”’)]?\s+["„“(]?\p{Lu}\p{L}*(?:\s+\p{L}+)+$/u.test(previous.text);
}

/** A line that ends mid-phrase: the next line continues it. */
const runsOn =
  /(?:[,;(\-–]|\b(?:a|an|the|of|and|or|to|in|on|for|with|by|from|as|at|is|are|that|der|die|das|des|dem|den|ein|eine|einer|und|oder|von|mit|zu|zur|zum|im|in|auf|für|bei|aus|nach|ist|sind|als|wie|dass))$/i;

/**
 * A slide (a page with a title and a few short lines, as decks and slide PDFs have): its lines are bullet points,
 * each a statement, not lines of wrapped prose.
 */
function isSlideLike(lines: readonly string[], heading: string | null): boolean {
  if (lines.length === 0 || lines.length > 30) return false;
  const words = lines.reduce((sum, line) => sum + line.split(' ').length, 0);
  // Without a title the extraction found, a page of a few words per line is still a slide (labels, keywords).
  if (!heading) return words / lines.length < 6;
  // A page of a paper has lines of 10–16 words too: only a short page of them, or lines shorter still, is a slide.
  return words / lines.length < (lines.length <= 14 ? 16 : 9);
}

const conjunction: Record<string, string> = { en: 'and', de: 'und' };
const finiteAuxiliary: Record<string, RegExp> & { de: RegExp } = {
  en: /\b(?:is|are|was|were|has|have|can|will|must)\b/,
  de: /\b(?:ist|sind|war|waren|wird|werden|wurde|wurden|hat|haben|kann|können|muss|müssen)\b/,
};

/**
 * A handout's lead-in and its bullet points are one statement: "Datensicherheit schützt Informationen vor" • Verlust •
 * Veränderung • Diebstahl → "Datensicherheit schützt Informationen vor Verlust, Veränderung und Diebstahl."; bullets that
 * are clauses keep their own commas ("Der Urheber entscheidet," • wer sein Werk nutzen darf, • ob …). A line that is
 * only an abbreviation in brackets ("(DSGVO)") belongs to the line before it. Lines before `from` (the page's heading)
 * stay as they are.
 */
function joinListLines(lines: readonly string[], from: number, language: string): string[] {
  const result = lines.slice(0, from);
  for (let index = from; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const previous = result.length > from ? result.at(-1) : undefined;
    if (previous !== undefined && /^\([^()]{1,20}\)$/.test(line) && !/[.!?:]$/.test(previous)) {
      result[result.length - 1] = `${previous} ${line}`;
      continue;
    }
    const items: string[] = [];
    while (index + 1 + items.length < lines.length) {
      const next = lines[index + 1 + items.length] ?? '';
      if (!listBullet.test(next) || next.includes('\t')) break;
      const item = next.replace(listBullet, '').trim();
      if (item.split(' ').length > 10 || /[.!?:]$/.test(item) && items.length === 0 && !/,$/.test(line)) break;
      items.push(item);
    }
    const leadIn = line.replace(listBullet, '').trim();
    const clauses = items.slice(0, -1).every((item) => item.endsWith(','));
    // Bullets that are statements of their own ("Überlebende Objekte werden … verschoben") are no list of a lead-in.
    const statements = !clauses && items.some((item) => finiteAuxiliary[language]?.test(item));
    const isLeadIn =
      items.length >= 2 && leadIn.split(' ').length >= 2 && !line.includes('\t') && !statements && leadsIn(leadIn, language);
    if (!isLeadIn) {
      result.push(line);
      continue;
    }
    const bare = items.map((item) => item.replace(/[,;.]$/, ''));
    const listed = clauses
      ? items.join(' ')
      : `${bare.slice(0, -1).join(', ')} ${conjunction[language] ?? 'and'} ${bare.at(-1) ?? ''}`;
    const bulletPrefix = listBullet.exec(line)?.[0] ?? '';
    result.push(`${bulletPrefix}${leadIn} ${listed.replace(/[,;]$/, '')}${/[.!]$/.test(listed) ? '' : '.'}`);
    index += items.length;
  }
  return result;
}

/**
 * A line that runs on into a list, not a label over it ("Zulässige Quellen", "Advantages of tuples"): it ends with a
 * comma, a small word (preposition, article, conjunction), or — in German, where nouns are capitalised — a lower-case
 * word such as the verb ("Urheberrecht schützt"); in English with a verb that introduces a list.
 */
function leadsIn(text: string, language: string): boolean {
  if (/[.!?:;]$/.test(text) || !/\p{L},?$/u.test(text)) return false;
  if (text.endsWith(',') || runsOn.test(text)) return true;
  // "Neue Objekte werden in der Kinderstube angelegt": a German clause closed by its participle is complete.
  if (language === 'de') return /\s\p{Ll}+$/u.test(text) && !(finiteAuxiliary.de.test(text) && /\s(?:ge\p{Ll}+(?:t|en)|\p{Ll}+iert)$/u.test(text));
  return /\b(?:include|includes|including|such as|contain|contains|consist of|consists of|are|is|has|have|allow|allows|protect|protects|need|needs)$/i.test(text);
}

const listBullet = /^[•●▪◦‣∙·*–—-]\s+/;

/** A term alone on a slide's line (one to four words, no sentence) followed by a line that describes it. */
function termLine(text: string, next: string | undefined): string | undefined {
  const term = text.replace(bullet, '');
  if (!next || term.length > 40 || /[.,;:!?=()[\]{}>]/.test(term) || !/^[\p{Lu}\p{N}]/u.test(term)) return undefined;
  if (term.split(' ').length > 4 || exerciseHeading.test(term) || boxHeadings.test(term) || /^(?:beispiele?|examples?|vorteile|nachteile|advantages|disadvantages)$/i.test(term)) return undefined;
  const description = next.replace(bullet, '');
  // The next line describes it: it opens with an article, or it is a short statement of its own ("Nutzung erlaubt.").
  const describes = /^(?:A|An|The|Ein|Eine|Der|Die|Das)\s\p{L}/u.test(description) || (/^\p{Lu}/u.test(description) && /[.!]$/.test(description));
  // A description, not a statement: "A linear collection of values", not "The comparison is computed by …".
  const statement = /\b(?:is|are|was|were|has|have|can|will|ist|sind|war|waren|wird|werden|kann|können|muss|müssen|hat|haben)\b/i.test(description);
  return describes && !statement && description.split(' ').length >= 2 ? term : undefined;
}

/** A table's caption: "Table 2: Percentiles of the χ²-distribution.", "Tabelle 3 – Messwerte". */
export const tableCaption = /^(?:table|tabelle|tab\.)\s*\d+(?:\.\d+)*\s*[:.–—-]?\s*/i;

/**
 * A table block, captioned by the nearest caption before it on its page or the one before (a formula or a note may
 * stand between them), named without its number ("Percentiles of the χ²-distribution"): a question names its table as
 * the student knows it.
 */
function tableBlock(rows: string[][], page: number, blocks: readonly Block[]): TextBlock {
  let caption: string | undefined;
  for (let index = blocks.length - 1; index >= Math.max(0, blocks.length - 5); index--) {
    const before = blocks[index];
    if (!before || before.page < page - 1 || before.kind === 'heading' || before.table) break;
    if (!tableCaption.test(before.text)) continue;
    const named = (before.text.split(/(?<=\.)\s/)[0] ?? before.text).replace(tableCaption, '').replace(/\.$/, '').trim();
    caption = /\p{L}{3}/u.test(named) ? named : before.text.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
    break;
  }
  const text = rows.map((row) => row.join(' ')).join('\n');
  return { kind: 'text', text, page, breaks: [], table: caption ? { rows, caption } : { rows } };
}

/** A statement's label ("Def.:", "Definition 2.1:", "Satz:", "Remark:"): what the statement is, not part of it. */
const statementLabel = /^(?:Def(?:inition)?\.?|Satz|Lemma|Theorem|Korollar|Corollary|Proposition|Bemerkung|Bem\.|Remark|Notiz|Anmerkung|Note|Beobachtung|Observation)\s*(?:\d+(?:\.\d+)*)?\s*:\s+(?=\p{Lu})/u;

function textBlock(lines: Line[]): TextBlock {
  const first = lines[0] ?? { text: '', page: 1 };
  let text = '';
  const breaks: { offset: number; page: number }[] = [];
  let page = first.page;
  for (const line of lines) {
    const content = line.text.replace(bullet, '').replace(statementLabel, '');
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
