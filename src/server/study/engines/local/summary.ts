import type { Summary } from '../../../../shared/artefacts';
import { StudyEngineError } from '../engine';
import { sentenceFlaws } from '../item-flaws';
import type { Analysis, KeyTerm, Section, Sentence, Table } from './analysis';
import { rankSentences, topSentences } from './textrank';
import { wordingFor } from './wording';

/**
 * The extractive summary: per section 2–5 central sentences (TextRank) and its small tables, an overview, and the key
 * terms.
 */
export function buildSummary(analysis: Analysis): Summary {
  const wording = wordingFor(analysis.language);
  const weight = termWeight(analysis);
  const shownTables = new Set<string>();
  const sections = analysis.sections.flatMap((section) => {
    // A section of tables alone has no key point: a table's caption ("Percentiles of the χ²-distribution") names what
    // the student looks up there, it states nothing to learn. The table itself is shown where it is small enough.
    const points = keyPoints(section, weight, analysis.language).map((s) => ({ text: s.text, page: s.page }));
    const tables = tablesToShow(section.tables, shownTables);
    if (points.length === 0 && tables.length === 0) return [];
    return [{ heading: section.heading, page: section.page, points: inPageOrder(points, tables) }];
  });
  if (sections.length === 0) {
    throw new StudyEngineError('tooLittleText', 'The document has too little running text to summarise.');
  }
  const keyTermCount = Math.min(30, 8 + analysis.sections.length);
  const shown = termsToShow(analysis);
  const keyTerms = shown.slice(0, keyTermCount).map((term) => ({
    term: term.display,
    ...(term.definition ? { definition: term.definition.text } : term.formula ? { definition: term.formula.text } : {}),
    page: term.page,
  }));
  const topTerms = shown.slice(0, 4).map((term) => term.display);
  const lead = overviewSentence(analysis, weight);
  const topics = topTerms.length > 0 ? wording.overview(analysis.title, wording.list(topTerms)) : '';
  const overview = [topics, lead?.text].filter(Boolean).join(' ') || analysis.title;
  return { title: analysis.title, overview, sections, keyTerms };
}

/** The largest table the summary shows: more columns, rows (header included) or longer cells are not read there. */
const shownTable = { columns: 8, rows: 15, cellChars: 80 };
/** At most this many tables in a section: a summary, not the document again. */
const tablesPerSection = 3;

/** A section's tables the summary shows, as Markdown points; one already shown (on a repeated slide) is not again. */
function tablesToShow(tables: readonly Table[], shown: Set<string>): { text: string; page: number }[] {
  const points: { text: string; page: number }[] = [];
  for (const table of tables) {
    const text = tableMarkdown(table.rows);
    if (!text || shown.has(text) || points.length >= tablesPerSection) continue;
    shown.add(text);
    points.push({ text, page: table.page });
  }
  return points;
}

/**
 * A table (rows of cells, the extraction's tab-separated lines) as a GitHub-flavoured Markdown table, its first row
 * the header and every row as wide as the header, `|` in a cell escaped. A header one cell short of every other row
 * lost its empty corner cell when its line was trimmed: it gets it back. None for a table not worth reading in a
 * summary: too large (over 8 columns, 15 rows or 80 characters in a cell), fewer than two columns or rows, mostly empty
 * cells, a first row that names no columns (a matrix, a list numbered in a column of its own, the second half of a
 * table whose header stands over the first), a row wider than the header (two tables run together), or a listing of
 * files. The lines after the first are indented by two spaces: the stored markdown writes every point as a list item
 * (summaryToMarkdown), and only indented lines stay in it; the table renders the same either way.
 */
export function tableMarkdown(rows: readonly (readonly string[])[]): string | undefined {
  const trimmed = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
  const [top = [], ...body] = trimmed;
  const widest = Math.max(0, ...body.map((row) => row.length));
  const header = top.length === widest - 1 && body.every((row) => row.length === widest) ? ['', ...top] : top;
  const columns = header.length;
  if (columns < 2 || columns > shownTable.columns || body.length < 1 || trimmed.length > shownTable.rows || widest > columns) return undefined;
  const named = header.filter(Boolean);
  if (named.length < 2 || !named.every((cell) => /\p{L}/u.test(cell))) return undefined;
  if (body.filter((row) => /^[\w-]+\.\w{1,4}$/.test(row[0] ?? '')).length >= body.length / 2) return undefined;
  const cells = [header, ...body].map((row) => Array.from({ length: columns }, (_, column) => row[column] ?? ''));
  const all = cells.flat();
  if (all.some((cell) => cell.length > shownTable.cellChars) || all.filter(Boolean).length < all.length / 2) return undefined;
  const line = (row: string[]) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...cells.slice(1).map(line)].join('\n  ');
}

/** Key points and tables in the order of their pages; on a page, the key points first. */
function inPageOrder<T extends { page: number }>(points: T[], tables: T[]): T[] {
  const merged = [...points];
  for (const table of tables) {
    const after = merged.findIndex((point) => point.page > table.page);
    merged.splice(after < 0 ? merged.length : after, 0, table);
  }
  return merged;
}

/**
 * The key terms a student is shown: terms of the subject ("equilibrium position", "Lagrangian"), not general words
 * ("equation", "matrix", "motion"), and no single word of a longer term shown before it ("molecule", "triatomic"
 * after "triatomic molecule").
 */
function termsToShow(analysis: Analysis): KeyTerm[] {
  const shown: KeyTerm[] = [];
  for (const term of analysis.terms) {
    if (!term.teachable) continue;
    if (term.words === 1 && !term.definition && shown.some((other) => other.words > 1 && other.key.split(' ').includes(term.key))) continue;
    shown.push(term);
  }
  return shown;
}

export function termWeight(analysis: Analysis): (key: string) => number {
  const weights = new Map(analysis.terms.map((term, index) => [term.key, 1 / (1 + index / 25)]));
  return (key) => weights.get(key) ?? 0;
}

const example = /\b(?:beispielsweise|zum beispiel|z\.\s?b\.|for example|for instance|e\.g\.)/i;

/** 2–5 points, more for a longer section. */
export function keyPoints(section: Section, weight: (key: string) => number, language: string): Sentence[] {
  // A key point is read on its own, in a list: it must make sense without the sentence before it ("In both cases …",
  // "Deswegen …" and "we observe …" do not).
  // An example illustrates a point; it is not one ("So ist beispielsweise es’ : h’ eine übermäßige Quinte").
  const usable = section.sentences.filter(
    (sentence) => sentence.standalone && !example.test(sentence.text) && sentenceFlaws(sentence.text, language).length === 0,
  );
  if (usable.length === 0) return [];
  const count = Math.max(2, Math.min(5, Math.round(Math.sqrt(usable.length) / 2)));
  return topSentences(usable, rankSentences(usable, weight), count);
}

/** The most central sentence of the opening section (an abstract or introduction says what a document is about). */
function overviewSentence(analysis: Analysis, weight: (key: string) => number): Sentence | undefined {
  const opening = analysis.sections.find((section) => section.sentences.some((sentence) => sentence.standalone));
  if (!opening) return undefined;
  const usable = opening.sentences.filter((sentence) => sentence.standalone).slice(0, 60);
  return topSentences(usable, rankSentences(usable, weight), 1)[0];
}
