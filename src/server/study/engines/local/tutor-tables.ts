import type { AnswerEvent, AnswerPassage } from '../engine';
import { fold } from './tutor-terms';
import { markdownSafe } from './tutor-text';

/**
 * The tutor looks values up in a document's tables as a teacher does: "What is the 0.95 percentile of the
 * chi-square distribution with 1 degree of freedom?" is answered from the χ² table, where the row k = 1 meets the
 * column 0.950 — not from the sentences around it, which never hold the number. A table is a grid of lines: a header
 * (a corner naming the rows, then the column keys), rows (a key, then one value per column), maybe in blocks
 * ("n = 14", "k₂ = 1"), maybe with a row of values under a header of keys alone (a p-value line under
 * ".05 .025 .01"). The question's numbers pick the row, the column and the block; its words pick the table (its
 * caption and the lines above it). Levels are read as a statistics teacher reads them: "a two-sided 95 % interval"
 * is the column 0.975, "an F test at the 5 % level" the column (or row) 0.95, a fair coin has p = 0.5.
 */

/** A number as a table writes it: "0.950", ".05", "0,01", "161", "−1.5"; superscripts ("0.0⁴393") are values too. */
const numberToken = /^[-+−]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
const valueToken = /^[-+−]?[\d.,⁰¹²³⁴⁵⁶⁷⁸⁹]*\d[\d.,⁰¹²³⁴⁵⁶⁷⁸⁹]*$|^[-+−]?[.,]?\d/;
/** A block of a table: "n = 14", "k₂ = 1". */
const blockLine = /^(\p{L}[\p{L}\p{N}₀-₉]{0,3})\s*=\s*(\d+(?:[.,]\d+)?)$/u;
/** A variable's name standing alone above a header ("p", "A", "k₁"). */
const variableLine = /^\p{L}[\p{L}\p{N}₀-₉²-]{0,7}$/u;

const parse = (token: string) => Number(token.replace('−', '-').replace(',', '.'));

interface Row {
  key: string;
  cells: string[];
  line: string;
  block?: { name: string; key: string };
}

interface Grid {
  passage: number;
  /** The lines above the header in its passage (nearest last): what the table is. */
  context: string[];
  /** The line naming the table, as shown in the answer ("Table 2: Percentiles of the χ²-distribution."). */
  caption?: string;
  /** The header's first cell when it names the rows ("k", "x", "z"). */
  rowName?: string;
  /** The variable of the columns, named on a line of its own above the header ("A", "p"). */
  columnName?: string;
  header: string;
  columns: string[];
  rows: Row[];
}

function tokens(line: string): string[] {
  return line.trim().split(/\s+/).filter(Boolean);
}

/** The tables of a passage: header lines with the rows under them. */
export function gridsOf(text: string, passage: number): Grid[] {
  const lines = text.split('\n').map((line) => line.trim());
  const grids: Grid[] = [];
  for (let index = 0; index < lines.length; index++) {
    const cells = tokens(lines[index] ?? '');
    const corner = cells[0] !== undefined && !numberToken.test(cells[0]) && cells[0].length <= 6 && /\p{L}/u.test(cells[0]) ? cells[0] : undefined;
    const columns = corner ? cells.slice(1) : cells;
    if (columns.length < 2 || !columns.every((cell) => numberToken.test(cell) || cell === '∞')) continue;
    const rows: Row[] = [];
    let block: Row['block'];
    let at = index + 1;
    for (; at < lines.length; at++) {
      const line = lines[at] ?? '';
      if (line.length === 0) continue;
      const blockMatch = blockLine.exec(line);
      if (blockMatch) {
        block = { name: blockMatch[1] ?? '', key: blockMatch[2] ?? '' };
        continue;
      }
      const row = tokens(line);
      if (row.length !== columns.length + 1 || !row.slice(1).every((cell) => valueToken.test(cell))) break;
      rows.push({ key: row[0] ?? '', cells: row.slice(1), line, ...(block ? { block } : {}) });
    }
    if (rows.length === 0) continue;
    const above = lines.slice(Math.max(0, index - 8), index).filter((line) => line.length > 0);
    const nearest = above[above.length - 1];
    const caption =
      [...above].reverse().find((line) => captionLine.test(line)) ??
      [...above].reverse().find((line) => line.length >= 15 && /\p{L}{3}/u.test(line));
    grids.push({
      passage,
      context: [lines[0] ?? '', ...above],
      ...(caption ? { caption } : {}),
      ...(corner ? { rowName: corner } : {}),
      ...(nearest && variableLine.test(nearest) ? { columnName: nearest } : {}),
      header: lines[index] ?? '',
      columns,
      rows,
    });
    index = at - 1;
  }
  return grids;
}

/** The header lines of a page's tables with three or more rows: what a table's next page repeats. */
export function tableHeaders(text: string): string[] {
  return gridsOf(text, 0)
    .filter((grid) => grid.rows.length >= 3)
    .map((grid) => tokens(grid.header).join(' '));
}

/** A level read as the value to look up: α in per cent, one- or two-sided. */
interface Reading {
  alpha: number;
  twoSided: boolean;
}

/** "Table 2: Percentiles of the χ²-distribution." as a text names it: "Table 2 (Percentiles of the χ²-distribution)". */
export function captionShown(caption: string): string {
  const named = /^((?:table|tabelle|tab\.)\s*[\d.]*\d)\s*[:.]\s*(?:\((?:continued|cont\.|fortsetzung|fortgesetzt)\)\s*)?(.+?)[.:]?$/i.exec(caption);
  return named ? `${named[1]} (${named[2]})` : caption.replace(/[.:]+$/, '');
}

/** A cell of a fully named table to look up: which table, which row and column, its value and its neighbours. */
export interface LookupCell {
  caption: string;
  row: string;
  column: string;
  block?: string;
  value: string;
  neighbours: string[];
}

/**
 * Two cells of each table a page names fully — its caption ("Table 3: …"), its rows' name (the header's corner, "k")
 * and its columns' (a line of its own above the header, "A") — for look-up cards and questions whose wrong options
 * are the neighbouring cells: reading a table is what a statistics handout teaches. A table without those names (a
 * continued page, a grid of bare numbers) gives none.
 */
export function lookupCells(text: string): LookupCell[] {
  const cells: LookupCell[] = [];
  for (const grid of gridsOf(text, 0)) {
    if (!grid.caption || !captionLine.test(grid.caption) || !grid.rowName || !grid.columnName || grid.rows.length < 3 || grid.columns.length < 3) continue;
    const at = (rowIndex: number, columnIndex: number) => grid.rows[rowIndex]?.cells[columnIndex];
    const plain = (value: string | undefined): value is string => value !== undefined && numberToken.test(value);
    const middle = Math.floor(grid.columns.length / 2);
    const picks: [number, number][] = [
      [Math.floor(grid.rows.length / 3), middle],
      [Math.floor((2 * grid.rows.length) / 3), Math.min(grid.columns.length - 1, middle + 1)],
    ];
    for (const [rowIndex, columnIndex] of picks) {
      const row = grid.rows[rowIndex];
      const value = at(rowIndex, columnIndex);
      if (!row || !plain(value) || !numberToken.test(row.key)) continue;
      // The same block only: a neighbour across a block boundary belongs to another table.
      const near = (other: number) => (grid.rows[other]?.block?.key === row.block?.key ? at(other, columnIndex) : undefined);
      const neighbours = [at(rowIndex, columnIndex - 1), at(rowIndex, columnIndex + 1), near(rowIndex - 1), near(rowIndex + 1)].filter(
        (other): other is string => plain(other) && other !== value,
      );
      if (new Set(neighbours).size < 3) continue;
      cells.push({
        caption: captionShown(grid.caption),
        row: `${grid.rowName} = ${row.key}`,
        column: `${grid.columnName} = ${grid.columns[columnIndex] ?? ''}`,
        ...(row.block ? { block: `${row.block.name} = ${row.block.key}` } : {}),
        value,
        neighbours: [...new Set(neighbours)].slice(0, 3),
      });
    }
  }
  return cells;
}

interface Asked {
  /** Where the number stands in the question: two matches must not use the same one. */
  at: number;
  /** The values it may stand for, the one the question most likely means first. */
  values: number[];
  /** How a value other than the number itself was read from it (a level, a two-sided interval). */
  reading?: Map<number, Reading>;
}

const numberWords: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  ein: 1, eins: 1, einem: 1, einer: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
};

const levelWords = /\b(?:level|significance|significant|alpha|α|niveau|signifikan\w*|irrtumswahrscheinlichkeit)\b/i;
const twoSided = /\b(?:two[-\s]?sided|two[-\s]?tailed|zweiseitig\w*|confidence\s+interval|interval|intervall|konfidenzintervall\w*)\b/i;
const tableReference = /\b(?:table|tabelle|tab\.|figure|abbildung|abb\.|aufgabe|exercise|section|kapitel|chapter)\s*$/i;

/** The numbers of a question with what each may stand for. */
function askedNumbers(question: string): { asked: Asked[]; tables: string[] } {
  const asked: Asked[] = [];
  const tables: string[] = [];
  const level = levelWords.test(question);
  const sided = twoSided.test(question);
  for (const match of question.matchAll(/(?<![\p{L}\d.,])([-+−]?(?:\d+(?:[.,]\d+)?|[.,]\d+))(\s*%)?(?![\p{L}\d])/gu)) {
    const text = match[1] ?? '';
    const before = question.slice(0, match.index);
    if (tableReference.test(before)) {
      tables.push(text);
      continue;
    }
    const value = parse(text);
    const reading = new Map<number, Reading>();
    const values: number[] = [];
    const share = match[2] ? value / 100 : value;
    const round = (number: number) => Math.round(number * 1e6) / 1e6;
    if (share > 0 && share < 1 && (match[2] || level || sided)) {
      // A significance level α (5 %) is looked up at 1 − α, or 1 − α/2 two-sided; a confidence (95 %) at itself, or
      // (1 + c)/2 two-sided.
      const alpha = share < 0.5 ? share : round(1 - share);
      const oneSided = round(1 - alpha);
      const bothSides = round(1 - alpha / 2);
      const preferred = sided ? [bothSides, oneSided] : [oneSided, bothSides];
      for (const candidate of preferred) reading.set(candidate, { alpha: round(alpha * 100), twoSided: candidate === bothSides });
      values.push(...(sided ? [bothSides] : []), ...(level || sided ? [oneSided] : []), share, value, ...(sided ? [] : [bothSides]));
    } else values.push(value);
    asked.push({ at: match.index ?? 0, values: [...new Set(values)], reading });
  }
  for (const match of question.matchAll(/\b(\p{L}+)\b(?!-)/gu)) {
    const value = numberWords[(match[1] ?? '').toLowerCase()];
    if (value === undefined || /^(?:ein|einem|einer)$/i.test(match[1] ?? '')) continue;
    asked.push({ at: match.index ?? 0, values: [value] });
  }
  // A fair coin (a fair die has no table here) is p = 0.5.
  const coin = tableKnowledge.exec(question);
  if (coin) asked.push({ at: coin.index, values: [0.5] });
  return { asked, tables };
}

/** The number of a numbered name: 1 of "k₁", 2 of "k2". */
function indexOfName(name: string | undefined): number | undefined {
  const digit = /([0-9₀-₉])$/u.exec(name ?? '')?.[1];
  if (digit === undefined) return undefined;
  const subscript = '₀₁₂₃₄₅₆₇₈₉'.indexOf(digit);
  return subscript >= 0 ? subscript : Number(digit);
}

const same = (token: string, value: number) => numberToken.test(token) && Math.abs(parse(token) - value) < 1e-9;

/** A question that names a table's values without a number: a fair coin's p = 0.5. */
export const tableKnowledge = /\bfair(?:e|en)?\s+(?:coin|münze)\b/i;

/**
 * Words that say what a table is: "chi-square" is the χ² of a caption, "Student's" its t, and a coin's heads and
 * tails are counted by the binomial distribution.
 */
function wordsOf(text: string): Set<string> {
  const normal = text
    .toLowerCase()
    .replace(/chi[-\s]?(?:square[d]?|quadrat\w*)|chi²|χ2/g, ' χ² ')
    .replace(/student[’']?s?/g, ' t ')
    .replace(/\b(?:coins?|heads|tails|münzen?|münzwurf\w*)\b/g, ' binomial ');
  const words = normal.match(/χ²|[\p{L}]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 4 || /^(?:t|f|z|χ²)$/.test(word)).map((word) => word.replace(/(?:ies|es|s)$/, '')));
}

/** The line naming a table ("Table 3: Percentiles …", "Tabelle 2 …"), as PostgreSQL finds it in a page's text. */
export const captionPattern = '(?i)(?:^|\n)((?:table|tabelle|tab\\.)[ \t]*[0-9][^\n]*)';
const captionLine = /^(?:table|tabelle|tab\.)\s*[\d.]+/i;

/** How many of the question's words say what the caption's table is (0: another table). */
export function captionRelevance(question: string, caption: string): number {
  const words = wordsOf(caption);
  return [...wordsOf(question)].filter((word) => !ignoredWords.has(word) && words.has(word)).length;
}

/**
 * What names a page's first table — its caption and the lines from there to its header ("A", the columns' variable)
 * — for the pages it runs on to ("" when it has no caption).
 */
export function tableNaming(text: string): string {
  const [grid] = gridsOf(text, 0);
  if (!grid?.caption || !captionLine.test(grid.caption)) return '';
  const lines = grid.context.slice(1);
  return lines.slice(lines.lastIndexOf(grid.caption)).slice(0, 4).join('\n');
}

const ignoredWords = new Set(['table', 'tabelle', 'which', 'what', 'does', 'value', 'wert', 'welche', 'welcher', 'welchen', 'with', 'from', 'list', 'give', 'this', 'that', 'these', 'according', 'read', 'look']);

interface Found {
  grid: Grid;
  row: Row;
  column: number;
  score: number;
  readings: { reading: Reading; key: string }[];
}

/** The cell the question asks for, where its numbers and words pick one clearly. */
function lookUp(question: string, passages: readonly AnswerPassage[]): Found | undefined {
  const { asked, tables } = askedNumbers(question);
  if (asked.length === 0) return undefined;
  const questionWords = [...wordsOf(question)].filter((word) => !ignoredWords.has(word));
  const found: Found[] = [];
  passages.forEach((passage, index) => {
    for (const grid of gridsOf(passage.text, index)) {
      const contextWords = wordsOf(grid.context.join(' '));
      const relevance = questionWords.filter((word) => contextWords.has(word)).length;
      const named = tables.some((table) => new RegExp(`^(?:table|tabelle|tab\\.)\\s*${table.replace('.', '\\.')}\\b`, 'i').test(grid.caption ?? ''));
      if (relevance === 0 && !named) continue;
      // The z table: the row holds the first decimal, the column the second (1.96 is row 1.9, column .06).
      const split = grid.columns.every((column) => numberToken.test(column) && parse(column) >= 0 && parse(column) < 0.1);
      for (const row of grid.rows) {
        grid.columns.forEach((column, columnIndex) => {
          const cell = row.cells[columnIndex];
          if (cell === undefined || !valueToken.test(cell)) return;
          // Each number of the question used once: for the row, the column and the block.
          let best: { score: number; readings: Found['readings'] } | undefined;
          for (const forRow of asked) {
            for (const forColumn of asked) {
              if (forRow === forColumn && !split) continue;
              const rowRank = forRow.values.findIndex((value) => same(row.key, value));
              const columnRank = forColumn.values.findIndex((value) => same(column, value));
              let matched = rowRank >= 0 && columnRank >= 0;
              let ranks = rowRank + columnRank;
              if (!matched && split && forRow === forColumn) {
                const value = forRow.values[0] ?? Number.NaN;
                const rowValue = Math.trunc(value * 10) / 10;
                matched = same(row.key, rowValue) && same(column, Math.round((value - rowValue) * 100) / 100) && Math.round(value * 100) / 100 !== rowValue;
                ranks = 0;
              }
              if (!matched) continue;
              const used = new Set([forRow, forColumn]);
              let score = 10 - ranks;
              const roles: { name: string | undefined; asked: Asked }[] = [
                { name: grid.rowName, asked: forRow },
                { name: grid.columnName, asked: forColumn },
              ];
              if (row.block) {
                const forBlock = asked.find((other) => !used.has(other) && other.values.some((value) => same(row.block?.key ?? '', value)));
                if (forBlock) {
                  used.add(forBlock);
                  roles.push({ name: row.block.name, asked: forBlock });
                } else score -= 3;
              }
              // Numbered names ("k₁", "k₂") take the question's numbers in their order: "with 1 and 2 degrees of freedom".
              const numbered = roles
                .map((role) => ({ index: indexOfName(role.name), at: role.asked.at }))
                .filter((role) => role.index !== undefined)
                .sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
              if (numbered.length >= 2) score += numbered.every((role, index) => index === 0 || role.at > (numbered[index - 1]?.at ?? 0)) ? 0.5 : -0.5;
              score -= 2 * asked.filter((other) => !used.has(other)).length;
              const readings = [...used].flatMap((other) => {
                const key = [row.key, column].find((candidate) => numberToken.test(candidate) && other.reading?.has(parse(candidate)));
                const reading = key === undefined ? undefined : other.reading?.get(parse(key));
                return key !== undefined && reading ? [{ reading, key }] : [];
              });
              if (!best || score > best.score) best = { score, readings };
            }
          }
          if (best) found.push({ grid, row, column: columnIndex, score: best.score + 3 * relevance + (named ? 5 : 0), readings: best.readings });
        });
      }
      // A row of values under a header of keys alone ("p-Wert / .05 .025 .01 / χ² 5.99 7.38 9.21"): the key picks it.
      if (!grid.rowName && grid.rows.length === 1) {
        const row = grid.rows[0] as Row;
        grid.columns.forEach((column, columnIndex) => {
          const forColumn = asked.find((other) => other.values.some((value) => same(column, value)));
          if (!forColumn) return;
          const unused = asked.filter((other) => other !== forColumn && !(grid.context.join(' ').match(/\d+/g) ?? []).some((digits) => other.values.includes(Number(digits)))).length;
          found.push({ grid, row, column: columnIndex, score: 10 - 2 * unused + 3 * relevance + (named ? 5 : 0), readings: [] });
        });
      }
    }
  });
  found.sort((a, b) => b.score - a.score);
  const [first, second] = found;
  // Two cells as likely as each other: the question does not pick one, and no value is given.
  if (!first || first.score < 8 || (second && second.score === first.score && second.row.cells[second.column] !== first.row.cells[first.column])) return undefined;
  return first;
}

const joined = (parts: string[], and: string) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${and} ${parts[parts.length - 1]}` : (parts[0] ?? ''));

const wordings = {
  en: {
    intro: 'Here is what your documents say about this:',
    table: 'the table',
    quoted: (caption: string) => `“${caption}”`,
    answer: (caption: string, parts: string[], value: string) => `In ${caption}, ${joined(parts, 'and')} ${parts.length > 1 ? 'give' : 'gives'} ${value}.`,
    row: (name: string | undefined, key: string) => (name ? `the row ${name} = ${key}` : `the row ${key}`),
    column: (name: string | undefined, key: string) => (name ? `the column ${name} = ${key}` : `the column ${key}`),
    block: (name: string, key: string) => `the block ${name} = ${key}`,
    reading: ({ alpha, twoSided }: Reading, key: string) => `(at a ${alpha}\u00a0% level${twoSided ? ', two-sided' : ''}, the value to look up is ${key})`,
  },
  de: {
    intro: 'Das steht in deinen Dokumenten dazu:',
    table: 'der Tabelle',
    quoted: (caption: string) => `„${caption}“`,
    answer: (caption: string, parts: string[], value: string) => `In ${caption} ${parts.length > 1 ? 'ergeben' : 'ergibt'} ${joined(parts, 'und')} den Wert ${value}.`,
    row: (name: string | undefined, key: string) => (name ? `die Zeile ${name} = ${key}` : `die Zeile ${key}`),
    column: (name: string | undefined, key: string) => (name ? `die Spalte ${name} = ${key}` : `die Spalte ${key}`),
    block: (name: string, key: string) => `der Block ${name} = ${key}`,
    reading: ({ alpha, twoSided }: Reading, key: string) => `(bei ${alpha}\u00a0%${twoSided ? ' zweiseitig' : ''} wird bei ${key} abgelesen)`,
  },
};

/** A data table of named rows: "Gröpelingen 36,8 30,6" under "Ortsteil Wahlbeteiligung Arbeitslosenquote". */
interface Labelled {
  passage: number;
  caption?: string;
  /** The names of the value columns. */
  columns: string[];
  rows: { label: string; values: string[] }[];
}

/** A row of a data table: a name (words), then one or more numbers ("Neue Vahr Nord 34,2 17,0"). */
const labelledRow = /^(\p{L}[^\t\d]*?)((?:[ \t]+[-+−]?\d+(?:[.,]\d+)?%?)+)$/u;

/**
 * The data tables of a passage: three or more named rows with as many numbers each, under a header that names each
 * column in one word or a tab-separated cell ("Ortsteil Wahlbeteiligung Arbeitslosenquote"). Rows without such a
 * header (a table of contents: "Introduction 3") are no data table.
 */
export function labelledTablesOf(text: string, passage: number): Labelled[] {
  const lines = text.split('\n').map((line) => line.trim());
  const tables: Labelled[] = [];
  for (let index = 1; index < lines.length; index++) {
    const first = labelledRow.exec(lines[index] ?? '');
    if (!first) continue;
    const count = tokens(first[2] ?? '').length;
    const rows: Labelled['rows'] = [];
    let at = index;
    for (; at < lines.length; at++) {
      const match = labelledRow.exec(lines[at] ?? '');
      if (!match || tokens(match[2] ?? '').length !== count) break;
      rows.push({ label: (match[1] ?? '').trim(), values: tokens(match[2] ?? '') });
    }
    const headerLine = lines[index - 1] ?? '';
    const cells = headerLine.includes('\t') ? headerLine.split('\t').map((cell) => cell.trim()) : tokens(headerLine);
    if (rows.length >= 3 && cells.length === count + 1 && cells.every((cell) => /^\p{L}[\p{L}\p{N} ()%.-]*$/u.test(cell))) {
      const caption = [...lines.slice(Math.max(0, index - 4), index - 1)].reverse().find((line) => line.length >= 15 && /\p{L}{3}/u.test(line) && !labelledRow.test(line));
      tables.push({ passage, ...(caption ? { caption: caption.replace(/[:.]$/, '') } : {}), columns: cells.slice(1), rows });
    }
    index = Math.max(index, at - 1);
  }
  return tables;
}

const highest = /\b(?:highest|largest|biggest|greatest|most|maximum|höchste[nmrs]?|größte[nmrs]?|meisten|maximale[nmrs]?)\b/i;
const lowest = /\b(?:lowest|smallest|least|fewest|minimum|niedrigste[nmrs]?|kleinste[nmrs]?|geringste[nmrs]?|wenigsten|minimale[nmrs]?)\b/i;

/** Whether a word of the question names a column ("Arbeitslosenquote"; "wählen" the column "Wahlbeteiligung"). */
function namesColumn(questionWords: readonly string[], column: string): boolean {
  const columnWords = (column.match(/\p{L}{3,}/gu) ?? []).map((word) => fold(word.toLowerCase()));
  return questionWords.some((word) =>
    columnWords.some((other) => {
      if (word === other) return true;
      let shared = 0;
      while (shared < Math.min(word.length, other.length) && word[shared] === other[shared]) shared++;
      return shared >= 4 && shared >= 0.6 * word.length;
    }),
  );
}

const labelledWordings = {
  en: {
    cell: (caption: string | undefined, label: string, column: string, value: string) => `${caption ? `In “${caption}”, ` : ''}${label} has ${value} under ${column}.`,
    extreme: (high: boolean, column: string, label: string, value: string, caption: string | undefined) =>
      `The ${high ? 'highest' : 'lowest'} ${column} in the tables is ${label}'s: ${value}${caption ? ` (“${caption}”)` : ''}.`,
  },
  de: {
    cell: (caption: string | undefined, label: string, column: string, value: string) => `${caption ? `In „${caption}“ steht` : 'Es steht'} bei ${label} unter ${column} der Wert ${value}.`,
    extreme: (high: boolean, column: string, label: string, value: string, caption: string | undefined) =>
      `Den ${high ? 'höchsten' : 'niedrigsten'} Wert unter ${column} hat ${label}: ${value}${caption ? ` („${caption}“)` : ''}.`,
  },
};

/** A value of a named row ("die Arbeitslosenquote in Gröpelingen") or the row with a column's highest or lowest value. */
function labelledAnswer(question: string, passages: readonly AnswerPassage[], language: 'en' | 'de'): AnswerEvent[] | undefined {
  const tables = passages.flatMap((passage, index) => labelledTablesOf(passage.text, index));
  if (tables.length === 0) return undefined;
  const words = (question.match(/\p{L}{4,}/gu) ?? []).map((word) => fold(word.toLowerCase()));
  const folded = ` ${fold(question.toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const wording = labelledWordings[language];
  const cite = (table: Labelled, quote: string, text: string): AnswerEvent[] => [
    { type: 'text', text: `${wordings[language].intro}\n\n` },
    { type: 'citation', citation: { passage: table.passage, quote } },
    { type: 'text', text: `${text} [1]` },
  ];
  // The value in bold, its marks set after the text is made safe for Markdown (which would escape them).
  const bold = (value: string) => `\u0000${value}\u0000`;
  const shown = (text: string) => markdownSafe(text).split('\u0000').join('**');
  // A named row (its name in the question) and a named column: the cell.
  for (const table of tables) {
    const column = table.columns.findIndex((name) => namesColumn(words, name));
    if (column < 0) continue;
    const row = table.rows.find((candidate) => candidate.label.length >= 4 && folded.includes(` ${fold(candidate.label.toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ')} `));
    if (!row) continue;
    const name = table.columns[column] ?? '';
    return cite(table, `${[table.caption, `${row.label} ${row.values.join(' ')}`].filter(Boolean).join('\n')}`, shown(wording.cell(table.caption, row.label, name, bold(row.values[column] ?? ''))));
  }
  // "Welcher Ortsteil hatte die niedrigste Wahlbeteiligung?": the extreme of the column over all its tables.
  const high = highest.test(question);
  if (!high && !lowest.test(question)) return undefined;
  let best: { table: Labelled; label: string; value: string; number: number; column: string } | undefined;
  for (const table of tables) {
    const column = table.columns.findIndex((name) => namesColumn(words, name));
    if (column < 0) continue;
    for (const row of table.rows) {
      const value = row.values[column] ?? '';
      const number = parse(value.replace('%', ''));
      if (Number.isNaN(number)) continue;
      if (!best || (high ? number > best.number : number < best.number)) best = { table, label: row.label, value, number, column: table.columns[column] ?? '' };
    }
  }
  if (!best) return undefined;
  return cite(best.table, [best.table.caption, `${best.label} ${best.value}`].filter(Boolean).join('\n'), shown(wording.extreme(high, best.column, best.label, bold(best.value), best.table.caption)));
}

/**
 * The answer to a question that looks a value up in a table of the passages, or undefined when no table answers it:
 * the value with where it stands (table, row, column, block), citing the table's page with its header and row.
 */
export function tableAnswer(question: string, passages: readonly AnswerPassage[], language: 'en' | 'de'): AnswerEvent[] | undefined {
  const found = lookUp(question, passages);
  if (!found) return labelledAnswer(question, passages, language);
  const wording = wordings[language];
  const { grid, row, column } = found;
  const value = row.cells[column] ?? '';
  const columnKey = grid.columns[column] ?? '';
  const caption = grid.caption && captionLine.test(grid.caption) ? captionShown(grid.caption) : grid.caption ? wording.quoted(captionShown(grid.caption)) : wording.table;
  const rowOnly = !grid.rowName && grid.rows.length === 1;
  const parts = [
    ...(row.block ? [wording.block(row.block.name, row.block.key)] : []),
    ...(rowOnly ? [] : [wording.row(grid.rowName, row.key)]),
    wording.column(grid.columnName, columnKey),
  ];
  // A row of values named by its label ("χ² 5.99 7.38 …") gives its value with that name.
  const shownValue = rowOnly && !numberToken.test(row.key) ? `${row.key} = **${value}**` : `**${value}**`;
  const reading = found.readings[0] ? ` ${wording.reading(found.readings[0].reading, found.readings[0].key)}` : '';
  const text = `${markdownSafe(wording.answer(caption, parts, '\u0000')).replace('\u0000', `${shownValue}${reading}`)} [1]`;
  const quote = [grid.caption, grid.header, ...(row.block ? [`${row.block.name} = ${row.block.key}`] : []), row.line].filter(Boolean).join('\n');
  return [
    { type: 'text', text: `${wording.intro}\n\n` },
    { type: 'citation', citation: { passage: grid.passage, quote: quote.length > 400 ? `${quote.slice(0, 399)}…` : quote } },
    { type: 'text', text },
  ];
}
