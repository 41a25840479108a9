import type { Challenge, Flashcard } from '../../../../shared/artefacts';
import type { Table } from './analysis';
import type { LookupCell } from './tutor-tables';
import { shuffled } from './random';
import type { Wording } from './wording';

/**
 * What a teacher makes of a table: a card per row and questions whose wrong options are the same column's values in
 * other rows, for a table of entries (term → value, mode → its half steps, voice → its range). A grid of numbers
 * indexed by row and column (a t or χ² percentile table, a worksheet's turnout figures per district) gives no items
 * here: its bare numbers say nothing without the names of its rows and columns. Where its page names them fully (a
 * statistics handout's "Table 3: …", "k", "A"), it is read as the students must learn to read it: look-up cards and
 * questions (tutor-tables.ts `lookupCells`). A two-column table of numbers is one of entries: element → atomic number.
 */
interface Shape {
  header?: string[];
  body: string[][];
}

const numeric = (cell: string) => /^[-+−]?(?:\d[\d.,  ]*|[.,]\d+)(?:\s?[%‰])?$/.test(cell.trim());

function shapeOf(table: Table): Shape | undefined {
  const width = modalWidth(table.rows);
  // A header row whose corner cell is empty ("\tr\tK" over "Age at first reproduction\tYoung\tOld") lost that cell
  // when the line was trimmed: it is the header all the same, with an empty corner.
  const top = table.rows[0] ?? [];
  const corner = top.length === width - 1 && top.every((cell) => !numeric(cell) && cell.length <= 30) ? ['', ...top] : undefined;
  const rows = [...(corner ? [corner] : []), ...table.rows.filter((row) => row.length === width && row.every((cell) => cell.length > 0))];
  if (width < 2 || rows.length < 2) return undefined;
  const [first = [], second = []] = rows;
  const mostlyText = Boolean(corner) || first.filter(numeric).length < first.length / 2;
  const labelledNumbers = !numeric(first[0] ?? '') && numeric(second[0] ?? '');
  const header = mostlyText || labelledNumbers ? first : undefined;
  const body = header ? rows.slice(1) : rows;
  if (body.length < 2) return undefined;
  // A listing of files (a repository's contents table) is navigation, not content.
  if (body.filter((row) => /\.\w{1,4}$|_/.test(row[0] ?? '')).length >= body.length / 2) return undefined;
  const values = body.flatMap((row) => row.slice(1));
  if (width >= 3 && values.filter(numeric).length >= values.length * 0.8) return undefined;
  return { ...(header ? { header } : {}), body };
}

/**
 * Whether a row's values say what they are: under a header row, or words themselves (a glossary table: term →
 * description). Bare numbers without their column's name ("Tenever: 31,8; 11,7; 16,1") teach nothing.
 */
function namesItsValues(shape: Shape, row: string[]): boolean {
  if (shape.header && shape.header.slice(1).every((cell) => /\p{L}/u.test(cell))) return true;
  return row.slice(1).every((cell) => /\p{L}{3}/u.test(cell) && !numeric(cell));
}

/** A second header row ("ID | Name | Klasse" over "Name | Klasse" cells): a cell that is its column's name. */
const repeatsHeader = (shape: Shape, row: string[]) => row.slice(1).some((cell, index) => cell.toLowerCase() === shape.header?.[index + 1]?.toLowerCase());

/** A row's label without its list number: "Fecundity" of "4. Fecundity". */
const rowLabel = (row: string[]) => (row[0] ?? '').replace(/^\d{1,2}[.)]\s+/, '');

function modalWidth(rows: string[][]): number {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
}

/** `count` indexes spread evenly over 0…length-1 (the middle of each stretch). */
function spread(length: number, count: number): number[] {
  const picked = new Set<number>();
  for (let index = 0; index < Math.min(count, length); index++) picked.add(Math.floor(((index + 0.5) * length) / Math.min(count, length)));
  return [...picked];
}

export function tableCards(table: Table, wording: Wording, limit: number): Flashcard[] {
  const shape = shapeOf(table);
  if (!shape) return [];
  return shape.body.filter((row) => /\p{L}{2}/u.test(row[0] ?? '') && namesItsValues(shape, row) && !repeatsHeader(shape, row)).slice(0, limit).map((row) => ({
    kind: 'concept',
    front: shape.header?.[1] ? `${rowLabel(row)} — ${shape.header[1]}` : rowLabel(row),
    back: row
      .slice(1)
      .map((cell, index) => (shape.header && row.length > 2 ? `${shape.header[index + 1]}: ${cell}` : cell))
      .join('; '),
    page: table.page,
  }));
}

/** A multiple-choice question of a table: its answer and three other values, shuffled; none when too few differ. */
function choice(page: number, question: string, answer: string, wrong: readonly string[], explanation: string): Challenge | undefined {
  const options = [...new Set([answer, ...wrong.filter((value) => value && value !== answer)])].slice(0, 4);
  if (options.length < 4) return undefined;
  return {
    type: 'multiple_choice',
    question,
    explanation,
    page,
    options: shuffled(
      options.map((text, index) => ({ text, correct: index === 0 })),
      question,
    ),
  };
}

/** Where a look-up cell stands: "k = 10 and A = 0.975" (with its block first when the table has blocks). */
const lookupPlace = (cell: LookupCell, wording: Wording) => wording.lookupPlace([...(cell.block ? [cell.block] : []), cell.row, cell.column]);

/** A look-up card of a fully named table: "Table 3 (…): the value at k = 10 and A = 0.975" → 2.228. */
export function lookupCard(cell: LookupCell & { page: number }, wording: Wording): Flashcard {
  return { kind: 'concept', front: wording.lookupCard(cell.caption, lookupPlace(cell, wording)), back: cell.value, page: cell.page };
}

/** A look-up question of a fully named table, the neighbouring cells as its wrong options. */
export function lookupChallenge(cell: LookupCell & { page: number }, wording: Wording): Challenge | undefined {
  const where = lookupPlace(cell, wording);
  return choice(cell.page, wording.lookupQuestion(cell.caption, where), cell.value, cell.neighbours, wording.lookupFact(cell.caption, where, cell.value));
}

export function tableChallenges(table: Table, wording: Wording, limit: number): Challenge[] {
  const shape = shapeOf(table);
  if (!shape) return [];
  const challenges: Challenge[] = [];
  const column = shape.header?.[1] ?? '';
  for (const index of spread(shape.body.length, limit)) {
    const row = shape.body[index];
    const key = row ? rowLabel(row) : undefined;
    const value = row?.[1];
    // A row named by a bare number ("2") means nothing in a question without the table in front of the student; nor
    // does a value whose column has no name.
    if (!key || !value || !/\p{L}{2}/u.test(key) || !namesItsValues(shape, row) || !row || repeatsHeader(shape, row)) continue;
    const others = shape.body.filter((_, other) => other !== index).map((other) => other[1] ?? '');
    // The nearest rows first: neighbours in a table are the values of the same kind a student confuses.
    others.sort((a, b) => Math.abs(shape.body.findIndex((r) => r[1] === a) - index) - Math.abs(shape.body.findIndex((r) => r[1] === b) - index));
    const made = choice(table.page, wording.tableValue(table.caption, key, column), value, others, wording.tableFact(table.caption, key, value));
    if (made) challenges.push(made);
  }
  return challenges;
}
