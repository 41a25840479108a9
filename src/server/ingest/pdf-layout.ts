import { readableText, scriptText } from './glyphs';

/** A text item of pdf.js placed in its own writing direction: x runs along the baseline, y across it. */
export interface PlacedText {
  str: string;
  x: number;
  y: number;
  /** The font size on the page (the text matrix's vertical scale). */
  size: number;
  width: number;
  /** The baseline's direction in radians; text of one line shares it. */
  angle: number;
  font: string;
  /** Set in a fixed-pitch font: program code and its output, aligned with spaces rather than set in columns. */
  monospace: boolean;
  rtl: boolean;
}

/**
 * Where an item sits in its line: on the baseline, or in a fraction's numerator or denominator (text of the line's size
 * raised or lowered by about half a line, as display formulas set them).
 */
type Level = 'base' | 'num' | 'den';

interface LineItem extends PlacedText {
  level: Level;
}

/** A line of a page: its items in content-stream order (reading order in nearly every PDF). */
interface Line {
  items: LineItem[];
  /** The item that sets the line's baseline and size: its largest. */
  anchor: LineItem;
  /** Right edge of the last baseline item: later items of the line start after it, give or take an em. */
  baseEnd: number;
  /** Only baseline items of the line's size, left to right: most lines of a book, written without the formula path. */
  plain: boolean;
}

/** One stretch of a line between wide gaps: a table cell if its neighbours agree, else just part of the line. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
}

/** A line as text, with what heading and table detection need to know about it. */
export interface LayoutLine {
  cells: Cell[];
  size: number;
  font: string;
  y: number;
  /** Text not set horizontally (axis labels of charts, margin notes). */
  rotated: boolean;
  /** The font and character of a lone glyph opening the line in a font of its own: perhaps a symbol font's bullet. */
  marker?: string;
}

/** Share of an em that separates words; pdf.js itself spaces gaps above about 0.1 em, kerned words stay closer. */
const wordGap = 0.15;
/** A gap of this many ems or more separates columns (LaTeX's tabular leaves 1.2 em; justified prose rarely 1 em). */
const cellGap = 1;

/**
 * Groups a page's text items into lines. Content-stream order is kept between lines, because it is the reading order of
 * multi-column pages, which sorting by position would interleave; within a line, items join by their baselines, so that
 * a superscript or subscript (smaller, raised or lowered), a fraction's numerator and denominator, and a combining
 * accent that pdf.js marks as the end of a line stay in the line they belong to.
 */
export function layoutLines(items: PlacedText[]): LayoutLine[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const item of withAccentsOnLetters(items)) {
    const level = current && levelIn(current, item);
    // The items are this page's own, made for this layout: marking them in place spares a copy of each.
    const placed = item as LineItem;
    placed.level = level ?? 'base';
    if (current && level) {
      addTo(current, placed);
    } else {
      current = { items: [placed], anchor: placed, baseEnd: item.x + item.width, plain: !item.rtl };
      lines.push(current);
    }
  }
  const result: LayoutLine[] = [];
  for (const line of lines) {
    const laid = renderLine(line);
    // Fake bold and shadows draw the same line twice, a hair apart: keep it once.
    const previous = result.at(-1);
    if (previous && sameLine(previous, laid)) continue;
    if (laid.cells.length > 0) result.push(laid);
  }
  return result;
}

/**
 * Visible items, with a combining accent (the arrow of a vector, a hat) that pdf.js gives as an item of its own before
 * the letter it stands on put after that letter, where Unicode wants it; the accent's own position, raised over the
 * letter, would otherwise start a line of its own.
 */
function withAccentsOnLetters(items: PlacedText[]): PlacedText[] {
  const out: PlacedText[] = [];
  let accent: PlacedText | undefined;
  for (const item of items) {
    if (!item.str.trim() || !(item.size > 0)) continue;
    if (isAccent(item.str)) {
      if (accent) out.push(accent);
      accent = item;
      continue;
    }
    if (accent && accent.x >= item.x - 1 && accent.x <= rightEdge(item) + 0.3 * item.size) {
      // The accent sits over the letter's end; pdf.js places such a letter too far left.
      const x = Math.max(item.x, accent.x - item.width);
      out.push({ ...item, x, str: item.str.replace(/^(\s*\S)/u, `$1${accent.str.trim()}`) });
    } else {
      if (accent) out.push(accent);
      out.push(item);
    }
    accent = undefined;
  }
  if (accent) out.push(accent);
  return out;
}

const accentOnly = /^\s*[\u0300-\u036f\u20d0-\u20ff]+\s*$/u;

function isAccent(str: string): boolean {
  // A cheap look at the first character first: nearly no item is an accent.
  const code = str.trimStart().charCodeAt(0);
  return ((code >= 0x300 && code <= 0x36f) || (code >= 0x20d0 && code <= 0x20ff)) && accentOnly.test(str);
}

/** The right edge of the rightmost item. */
function rightmost(items: PlacedText[]): number {
  let end = Number.NEGATIVE_INFINITY;
  for (const item of items) end = Math.max(end, rightEdge(item));
  return end;
}

function levelIn(line: Line, item: PlacedText): Level | undefined {
  const { anchor } = line;
  if (Math.abs(item.angle - anchor.angle) > 0.01) return undefined;
  const em = anchor.size;
  // Right-to-left text runs leftwards; its lines are told apart by their baselines alone.
  if (!item.rtl && !anchor.rtl && item.x < line.baseEnd - Math.max(em, item.size)) return undefined;
  const dy = item.y - anchor.y;
  if (item.size > anchor.size * 1.25) {
    // A larger item after small ones (a footnote mark, a bullet in a smaller font): the line is its line.
    return Math.abs(dy) <= 0.8 * item.size && line.items.every((other) => other.size < item.size * 0.8) ? 'base' : undefined;
  }
  if (item.size >= anchor.size * 0.8) {
    if (Math.abs(dy) <= 0.25 * em) return 'base';
    const hasBase = line.items.some((other) => other.level === 'base' && other.size >= anchor.size * 0.8);
    if (Math.abs(dy) <= 0.8 * em && hasBase) return dy > 0 ? 'num' : 'den';
    return undefined;
  }
  // Smaller text is a script of the text before it, which may itself sit in a numerator or denominator.
  const reference = referenceOf(line.items, anchor);
  const dyRef = item.y - reference.y;
  return dyRef >= -0.5 * reference.size && dyRef <= 0.8 * reference.size ? reference.level : undefined;
}

function addTo(line: Line, item: LineItem): void {
  const previous = line.items[line.items.length - 1] as LineItem;
  if (item.level !== 'base' || item.rtl || item.x < rightEdge(previous) - 0.1 * item.size || Math.abs(item.size - line.anchor.size) > 0.2 * line.anchor.size) {
    line.plain = false;
  }
  line.items.push(item);
  if (item.size > line.anchor.size * 1.25) line.anchor = item;
  if (item.level === 'base' && item.size >= line.anchor.size * 0.8) line.baseEnd = item.x + item.width;
}

/** The last item before the end of `items` in the line's main size: what a smaller item is raised or lowered against. */
function referenceOf(items: LineItem[], anchor: LineItem): LineItem {
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (item && item.size >= anchor.size * 0.8) return item;
  }
  return anchor;
}

function renderLine(line: Line): LayoutLine {
  const { anchor } = line;
  const shape = { size: anchor.size, font: anchor.font, y: anchor.y, rotated: Math.abs(anchor.angle) > 0.01 };
  if (line.items.some((item) => item.rtl)) {
    // pdf.js gives right-to-left items in logical order; sorting by position would reverse them. Words are spaced by
    // the gap to the item before, which lies to the right.
    const text = line.items
      .map((item, index) => {
        const before = line.items[index - 1];
        return (before && before.x - rightEdge(item) > wordGap * item.size ? ' ' : '') + readableText(item.str);
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    return { ...shape, cells: text ? [{ text, x0: anchor.x, x1: line.baseEnd }] : [] };
  }
  const cells: Cell[] = [];
  const em = anchor.size;
  if (line.plain) return finishLine(shape, plainCells(line.items, em, anchor.monospace), line.items, false);
  let cell: Cell | undefined;
  let end = Number.NEGATIVE_INFINITY;
  let afterFraction = false;
  for (const run of levelRuns(line.items)) {
    const first = run[0] as LineItem;
    if (first.level !== 'base') {
      const text = fractionText(run, anchor);
      if (!cell) cells.push((cell = { text, x0: first.x, x1: 0 }));
      else cell.text += ` ${text}`;
      afterFraction = true;
      end = Math.max(end, rightmost(run));
      cell.x1 = end;
      continue;
    }
    for (const piece of anchor.monospace ? [run] : splitAtWideGaps(run, em)) {
      const start = piece[0] as LineItem;
      const text = itemsText(piece, anchor);
      if (!text) continue;
      const gap = start.x - end;
      if (!cell || gap >= cellGap * em) cells.push((cell = { text, x0: start.x, x1: 0 }));
      else cell.text += (gap > wordGap * em || (afterFraction && !/^[)\]},.;:!?]/u.test(text)) ? ' ' : '') + text;
      afterFraction = false;
      end = Math.max(end, rightmost(piece));
      cell.x1 = end;
    }
  }
  return finishLine(shape, cells, line.items, true);
}

/** A line of items side by side on one baseline: words spaced by their gaps, cells cut at wide gaps. */
function plainCells(items: LineItem[], em: number, monospace: boolean): Cell[] {
  const cells: Cell[] = [];
  let cell: Cell | undefined;
  for (const item of items) {
    const gap = cell ? item.x - cell.x1 : 0;
    const str = readableText(item.str);
    if (!cell || (!monospace && gap >= cellGap * em)) {
      cells.push((cell = { text: str, x0: item.x, x1: rightEdge(item) }));
      continue;
    }
    cell.text += (gap > wordGap * item.size && !/\s$/u.test(cell.text) ? ' ' : '') + str;
    cell.x1 = Math.max(cell.x1, rightEdge(item));
  }
  return cells;
}

type LineShape = Omit<LayoutLine, 'cells' | 'marker'>;

/**
 * The cells with spaces collapsed, and the line's opening glyph noted when it may be a symbol font's bullet. In a line
 * with formulas, the spaces set around fractions and scripts are taken off the brackets they stand in.
 */
function finishLine(shape: LineShape, cells: Cell[], items: LineItem[], formula: boolean): LayoutLine {
  const kept: Cell[] = [];
  for (const cell of cells) {
    const spaced = /\s\s|^\s|\s$|[\t\n\r]/.test(cell.text) ? cell.text.replace(/\s+/g, ' ').trim() : cell.text;
    cell.text = formula ? spaced.replace(/([([]) /g, '$1').replace(/ ([)\]])/g, '$1') : spaced;
    if (cell.text) kept.push(cell);
  }
  const [opener, next] = items;
  const glyph = opener?.str.trim() ?? '';
  const opensWords = next !== undefined && /^\s*\p{L}/u.test(next.str);
  if (opener && next && glyph.length === 1 && opener.font !== next.font && opensWords && next.x - rightEdge(opener) > 0.25 * shape.size) {
    return { ...shape, cells: kept, marker: `${opener.font}|${glyph}` };
  }
  return { ...shape, cells: kept };
}


const rightEdge = (item: PlacedText) => item.x + item.width;

/** The line cut into runs of baseline text and fractions; a numerator after a denominator starts the next fraction. */
function levelRuns(items: LineItem[]): LineItem[][] {
  const runs: LineItem[][] = [];
  for (const item of items) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const sameRun = last && (last.level === 'base') === (item.level === 'base') && !(last.level === 'den' && item.level === 'num');
    if (run && sameRun) run.push(item);
    else runs.push([item]);
  }
  return runs;
}

/** Consecutive items split where a gap of a column's width opens between them. */
function splitAtWideGaps(run: LineItem[], em: number): LineItem[][] {
  const pieces: LineItem[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const item of run) {
    const piece = pieces.at(-1);
    if (!piece || item.x - end >= cellGap * em) pieces.push([item]);
    else piece.push(item);
    end = Math.max(end, rightEdge(item));
  }
  return pieces;
}

/**
 * Items as text: words spaced by their gaps, and the items set smaller than `base` after an item as that item's
 * superscripts and subscripts (recursively, for a script's own scripts).
 */
function itemsText(items: PlacedText[], base: PlacedText): string {
  let text = '';
  let reference = base;
  let end = Number.NEGATIVE_INFINITY;
  let index = 0;
  while (index < items.length) {
    const item = items[index] as PlacedText;
    if (item.size >= base.size * 0.8) {
      const str = readableText(item.str);
      text += (text && item.x - end > wordGap * item.size && !/\s$/u.test(text) ? ' ' : '') + str;
      reference = item;
      end = Math.max(end, rightEdge(item));
      index++;
      continue;
    }
    let next = index;
    while (next < items.length && (items[next] as PlacedText).size < base.size * 0.8) next++;
    const scripts = items.slice(index, next);
    const written = scriptsText(scripts, reference);
    if (written.inline && text && item.x - end > wordGap * reference.size && !/\s$/u.test(text)) text += ' ';
    text += written.text;
    end = Math.max(end, rightmost(scripts));
    index = next;
  }
  return text;
}

interface ScriptGroup {
  kind: 'sup' | 'sub' | undefined;
  items: PlacedText[];
}

/**
 * The smaller items after `reference`, grouped by their place: raised (superscript), lowered (subscript) or on its
 * baseline (small text, written inline). A superscript with a subscript stacked under it and lowered further than a
 * subscript goes (a third of an em; TeX lowers a subscript under a superscript by a quarter to 0.3) is a fraction in a
 * line of text: m over s is "m/s".
 */
function scriptsText(scripts: PlacedText[], reference: PlacedText): { text: string; inline: boolean } {
  const top = Math.max(...scripts.map((item) => item.size));
  const groups: ScriptGroup[] = [];
  for (const item of scripts) {
    const group = groups.at(-1);
    if (group && item.size < top * 0.8) {
      group.items.push(item);
      continue;
    }
    const dy = item.y - reference.y;
    const kind = dy > 0.12 * reference.size ? 'sup' : dy < -0.08 * reference.size ? 'sub' : undefined;
    if (group && group.kind === kind) group.items.push(item);
    else groups.push({ kind, items: [item] });
  }
  let text = '';
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index] as ScriptGroup;
    const below = groups[index + 1];
    const written = itemsText(group.items, group.items[0] as PlacedText);
    if (group.kind === 'sup' && below?.kind === 'sub' && stackedFraction(group.items, below.items, reference)) {
      text += ` ${fractionOf(written, itemsText(below.items, below.items[0] as PlacedText))} `;
      index++;
    } else {
      text += group.kind ? scriptText(written, group.kind) : written;
    }
  }
  return { text, inline: groups[0]?.kind === undefined };
}

function stackedFraction(over: PlacedText[], under: PlacedText[], reference: PlacedText): boolean {
  const overStart = Math.min(...over.map((item) => item.x));
  const overEnd = Math.max(...over.map(rightEdge));
  const underStart = Math.min(...under.map((item) => item.x));
  const underEnd = Math.max(...under.map(rightEdge));
  const lowered = Math.min(...under.map((item) => item.y)) - reference.y;
  return underStart < overEnd && underEnd > overStart && lowered <= -0.32 * reference.size;
}

/** Scripts and accents that stay part of a term: x², a₀, v⃗ (a combining arrow, hence the lint exceptions). */
const marks = '′⁰¹²³⁴⁵⁶⁷⁸⁹⁻₀₁₂₃₄₅₆₇₈₉\\u20d0-\\u20ff';
// eslint-disable-next-line no-misleading-character-class -- combining accents are matched on purpose, after their letter
const term = new RegExp(`^[\\p{L}\\p{N}.,^_{}|${marks}]+$`, 'u');
// eslint-disable-next-line no-misleading-character-class -- as above
const symbol = new RegExp(`^(\\p{L}|\\p{N}+([.,]\\p{N}+)?)(\\^\\{[^}]*\\}|_\\{[^}]*\\}|[${marks}])*$`, 'u');

/**
 * A fraction as `numerator/denominator`: the numerator in parentheses when it is more than one term, the denominator
 * unless it is a single symbol or number (so 1/(4πε₀) is not read as (1/4)πε₀).
 */
function fractionOf(numerator: string, denominator: string): string {
  const top = numerator.trim();
  const bottom = denominator.trim();
  return `${term.test(top) ? top : `(${top})`}/${symbol.test(bottom) ? bottom : `(${bottom})`}`;
}

/** A display fraction's numerator and denominator; a lone part (a limit set over a sign) is written as it is. */
function fractionText(items: LineItem[], anchor: LineItem): string {
  const numerator = itemsText(items.filter((item) => item.level === 'num'), anchor).trim();
  const denominator = itemsText(items.filter((item) => item.level === 'den'), anchor).trim();
  return numerator && denominator ? fractionOf(numerator, denominator) : numerator || denominator;
}

function sameLine(a: LayoutLine, b: LayoutLine): boolean {
  return (
    Math.abs(a.y - b.y) < 1 &&
    a.cells.length === b.cells.length &&
    a.cells.every((cell, index) => cell.text === b.cells[index]?.text && Math.abs(cell.x0 - (b.cells[index]?.x0 ?? 0)) < 2)
  );
}

/**
 * A page's lines as text. Runs of at least three consecutive lines with the same number (two or more) of short cells
 * whose columns line up (left, right or centre) are a table: one row per line, cells separated by a tab; a header row
 * may lack the first cell (the corner of a matrix), and a later row a cell anywhere (written empty). Every other line
 * joins its cells with a space, so two-column prose, justified text and tables of contents stay text.
 */
export function linesText(lines: LayoutLine[]): string[] {
  const bullets = symbolBullets(lines);
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const table = tableAt(lines, index);
    if (table) {
      out.push(...table.rows.map((cells) => cells.join('\t')));
      index = table.end;
    } else {
      const line = lines[index] as LayoutLine;
      const text = line.cells.map((cell) => cell.text).join(' ');
      out.push(line.marker && bullets.has(line.marker) ? `• ${text.slice(1).trimStart()}` : text);
      index++;
    }
  }
  return out;
}

/**
 * Letters that symbol fonts without a Unicode map (Wingdings, ZapfDingbats) show as bullets: l ●, n ■, q ❑, u ◆,
 * v ❖, w ⬥, Ø ➢, ü ✓, § ▪, o □, m ❍, ¡ ○.
 */
const dingbatBullets = new Set(['l', 'n', 'q', 'u', 'v', 'w', 'Ø', 'ü', '§', 'o', 'm', '¡']);

/**
 * The markers that are such bullets: the same lone glyph, in the same font of its own and followed by words, opening
 * two or more lines of a page. A single one may be a variable ("l is the length").
 */
function symbolBullets(lines: LayoutLine[]): Set<string> {
  const counts = new Map<string, number>();
  for (const { marker } of lines) if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  return new Set([...counts].filter(([marker, count]) => count >= 2 && dingbatBullets.has(marker.slice(marker.lastIndexOf('|') + 1))).map(([marker]) => marker));
}

/**
 * The table starting at `start`: its rows of cell texts and the index of the line after it. Its first two lines have a
 * cell in every column (but for a matrix's corner); a later line may lack some (an empty cell, a merged one), when each
 * of its cells lines up with a column of the full row above it: the missing ones are written as empty cells, so every
 * value stays in its column.
 */
function tableAt(lines: LayoutLine[], start: number): { rows: string[][]; end: number } | undefined {
  const first = lines[start];
  const second = lines[start + 1];
  if (!first || !second || !isRowLike(first) || !isRowLike(second)) return undefined;
  // A header over all but the first column: it aligns with the next row's cells after the first.
  const corner = first.cells.length + 1 === second.cells.length && columnsAlign(first.cells, second.cells.slice(1), first, second);
  const columns = corner ? second.cells.length : first.cells.length;
  const rows = [first.cells.map((cell) => cell.text)];
  if (corner) rows[0]?.unshift('');
  // The last line with a cell in every column: where the columns are.
  let full = first;
  let end = start + 1;
  while (end < lines.length) {
    const line = lines[end];
    const previous = lines[end - 1] as LayoutLine;
    if (!line || !isRowLike(line) || line.y >= previous.y) break;
    if (line.cells.length === columns) {
      const lower = corner && end === start + 1 ? line.cells.slice(1) : line.cells;
      if (!columnsAlign(full.cells, lower, full, line)) break;
      rows.push(line.cells.map((cell) => cell.text));
      full = line;
    } else {
      const placed = end > start + 1 && line.cells.length < columns ? placedInColumns(line, full) : undefined;
      if (!placed) break;
      rows.push(placed);
    }
    end++;
  }
  if (end - start < 3) return undefined;
  return isTable(rows) ? { rows, end } : undefined;
}

/**
 * A line's cells in the columns of `full` they line up with, in order, the other columns empty; none when a cell lines
 * up with no column or reaches into a neighbouring one (two entries of a matrix set too close to be told apart), and
 * none for a list item (a lone bullet in a cell of its own: the next item of a list set beside its label).
 */
function placedInColumns(line: LayoutLine, full: LayoutLine): string[] | undefined {
  if (line.marker || line.cells.some((cell) => /^[\p{P}\p{S}\p{Co}]$/u.test(cell.text))) return undefined;
  const row = full.cells.map(() => '');
  let column = 0;
  for (const cell of line.cells) {
    while (column < full.cells.length && !cellsAlign(full.cells[column] as Cell, cell, full, line)) column++;
    const before = full.cells[column - 1];
    const after = full.cells[column + 1];
    if (column === full.cells.length || (before && cell.x0 < before.x1) || (after && cell.x1 > after.x0)) return undefined;
    row[column++] = cell.text;
  }
  return row;
}

/**
 * Prose set in columns has long cells everywhere; a table has at least one column of short entries (a key, a number).
 * A table of contents (titles, then non-decreasing page numbers) is not a table to learn from, nor are numbered
 * equations.
 */
function isTable(rows: string[][]): boolean {
  const body = rows.slice(1);
  const columns = rows[0]?.length ?? 0;
  const shortColumn = Array.from({ length: columns }, (_, column) => column).some((column) =>
    body.every((row) => (row[column] ?? '').split(' ').length <= 3),
  );
  const pages = rows.map((row) => row.at(-1) ?? '');
  const contents = pages.every((page, index) => /^\d{1,4}$/.test(page) && (index === 0 || Number(page) >= Number(pages[index - 1])));
  // Displayed formulas numbered at the right margin ("= 0.54 + 0.33 = 0.87 Bit    (8)") line up like a table, too.
  const equationNumbers = pages.every((number) => number === '' || /^\(\d{1,3}(?:\.\d{1,3})?[a-z]?\)$/.test(number));
  return shortColumn && !contents && !equationNumbers;
}

function isRowLike(line: LayoutLine): boolean {
  return line.cells.length >= 2 && !line.rotated && line.cells.every((cell) => cell.text.length <= 60);
}

function columnsAlign(upper: Cell[], lower: Cell[], a: LayoutLine, b: LayoutLine): boolean {
  return upper.length === lower.length && upper.every((cell, index) => cellsAlign(cell, lower[index] as Cell, a, b));
}

/** Two cells, of lines `a` and `b`, in one column: aligned left, right or centre. */
function cellsAlign(cell: Cell, other: Cell, a: LayoutLine, b: LayoutLine): boolean {
  const tolerance = Math.max(3, 0.6 * Math.min(a.size, b.size));
  return (
    Math.abs(cell.x0 - other.x0) <= tolerance ||
    Math.abs(cell.x1 - other.x1) <= tolerance ||
    Math.abs(cell.x0 + cell.x1 - other.x0 - other.x1) / 2 <= tolerance
  );
}
