import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chunk, file, filePage } from '../db/schema';
import type { AnswerPassage } from '../study/engines/engine';
import { stopWords } from '../study/engines/local/stopwords';
import { captionPattern, captionRelevance, tableHeaders, tableKnowledge, tableNaming } from '../study/engines/local/tutor-tables';
import { askingWords } from '../study/engines/local/tutor-terms';

/**
 * Retrieval for the tutor chat: the passages (chunks, src/server/study/engines/chunks.ts) of a file or of a whole course that
 * best match a question, by PostgreSQL full-text search in the course language's configuration (stemming and stop
 * words: "Wie funktionieren Pflanzen?" finds "Pflanze"). Written so that a question in the student's own words still
 * reaches the passage that answers it:
 * - every word of the question counts on its own (an OR of its lexemes), a longer one also as a prefix, so inflections
 *   and German compounds meet ("Rastertunnelmikroskop" finds "Rastertunnelmikroskopie", "Tunnel" finds
 *   "Tunneleffekt"), and a long word also as a substring ("Mikroskop" finds "Rastertunnelmikroskop");
 * - the page's heading (a slide's title, a section heading) counts as part of each of its passages;
 * - a passage scores by the words it holds, each weighted by how rare it is among the matching passages (IDF), so
 *   one rare word of the question ("ultraviolet catastrophe") outweighs several common ones; ts_rank breaks ties.
 * The passages come back with the line breaks of their page restored (headings, list items and table rows on lines
 * of their own) and the page's heading as their first line when the passage does not start with it. The same SQL on
 * PGlite and PostgreSQL. A question without any searchable word falls back to plain substring search.
 */
export type ChatScope = { fileId: string } | { directoryId: string };

export const PASSAGES_PER_QUESTION = 6;

/** Text search configurations by course language; fixed names, so they can be written into SQL as they are. */
const searchConfigs: Record<string, string> = { en: 'english', de: 'german' };

function searchConfig(language: string): SQL {
  return sql.raw(`'${searchConfigs[language] ?? 'simple'}'::regconfig`);
}

const stopWordsForFallback = new Set(
  'the and for are was were what which who whom whose why how when where this that these those with from into about der die das und oder ist sind was wer wie warum wann eine einer eines einem einen mit von für über'.split(' '),
);

/**
 * Up to eight words of three or more letters or digits, for the substring fallback; a long word loses its last three
 * letters, so an ending of another language or form still meets it ("Photosynthese" finds "photosynthesis").
 */
export function fallbackWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];
  const kept = words
    .filter((word) => word.length >= 3 && !stopWordsForFallback.has(word))
    .map((word) => (word.length >= 8 ? word.slice(0, -3) : word));
  return [...new Set(kept)].slice(0, 8);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A lexeme as a tsquery term: quoted (quotes and backslashes doubled), a prefix when it is long enough to be one — a
 * long one without its last two letters, so a derivation meets its stem ("rastertunnelmikroskopi" → "…mikrosko:*").
 */
function tsqueryTerm(lexeme: string): string {
  const stem = lexeme.length >= 8 ? lexeme.slice(0, -2) : lexeme;
  return `'${stem.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${lexeme.length >= 5 ? ':*' : ''}`;
}

/** Words of the question that ask rather than name ("explain", "erkläre") are not searched for. */
const notSearched = new Set([...stopWords('en'), ...stopWords('de'), ...askingWords]);

/** The question's long words, a German compound's head included, for substring matching ("mikroskop"). */
export function substringWords(query: string): string[] {
  const words = query.toLowerCase().match(/\p{L}{8,}/gu) ?? [];
  return [...new Set(words.filter((word) => !notSearched.has(word)).map((word) => word.slice(0, -2)))].slice(0, 4);
}

/** Collapses whitespace runs; `map[i]` is the offset in `text` of the i-th character of the result. */
function collapsed(text: string): { value: string; map: number[] } {
  let value = '';
  const map: number[] = [];
  let space = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    if (/\s/.test(char)) {
      space = value.length > 0;
      continue;
    }
    if (space) {
      value += ' ';
      map.push(index);
      space = false;
    }
    value += char;
    map.push(index);
  }
  return { value, map };
}

/** How far a passage cut inside a sentence is completed from its page, at either end. */
const COMPLETE_CHARS = 300;
const endsSentence = /[.!?…:;]["”’)\]]?$/;

/**
 * A passage cut inside a sentence (a chunk ends where the page's text had a paragraph break in mid-sentence, as a
 * slide's wrapped line often has) reaches to the sentence's end and back to its start on the same page, so the tutor
 * never quotes "… where the." or "probability of a subsequent state …" without the rest.
 */
function completed(pageText: string, start: number, end: number): { start: number; end: number } {
  // A sentence ends at its mark, or where a paragraph starting with anything but a small letter begins.
  let to = end;
  if (!endsSentence.test(pageText.slice(start, end).trimEnd())) {
    const rest = pageText.slice(end, end + COMPLETE_CHARS);
    const stop = /[.!?…]["”’)\]]?(?=\s|$)|\n[ \t]*\n(?=[ \t]*[^\p{Ll}\s])/u.exec(rest);
    if (stop) to = end + stop.index + (stop[0].startsWith('\n') ? 0 : stop[0].length);
  }
  let from = start;
  if (/^\p{Ll}/u.test(pageText.slice(start, start + 1))) {
    const reach = Math.max(0, start - COMPLETE_CHARS);
    const before = pageText.slice(reach, start);
    const last = [...before.matchAll(/[.!?…]["”’)\]]?\s+|\n[ \t]*\n(?=[ \t]*[^\p{Ll}\s])/gu)].at(-1);
    if (last?.index !== undefined) from = reach + last.index + last[0].length;
    else if (reach === 0) from = 0;
  }
  return { start: from, end: to };
}

/**
 * The passage as it stands on its page: the chunk's text (whitespace collapsed, paragraphs on lines) found in the
 * page's text and cut from it with the page's line breaks, completed to whole sentences; the chunk's own text when it
 * cannot be found there.
 */
export function restoreLines(chunkText: string, pageText: string | null): string {
  if (!pageText) return chunkText;
  const page = collapsed(pageText);
  const wanted = chunkText.replace(/\s+/g, ' ').trim();
  const at = page.value.indexOf(wanted);
  if (at < 0 || wanted.length === 0) return chunkText;
  const { start, end } = completed(pageText, page.map[at] ?? 0, (page.map[at + wanted.length - 1] ?? pageText.length - 1) + 1);
  return pageText
    .slice(start, end)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** Pages of a file looked at for its running lines: spread evenly over it, besides the retrieved ones. */
const FURNITURE_SAMPLE = 12;

/** A line compared across pages: its page's own number is any number ("Folie 7 von 19"); a year is not. */
const furnitureKey = (line: string, pageNumber: number) =>
  line
    .trim()
    .toLowerCase()
    .replace(/\d+/g, (digits) => (Number(digits) === pageNumber ? '#' : digits))
    .replace(/\s+/g, ' ');

/**
 * A file's running lines: short lines (page numbers counted as any number) that stand on three or more of the pages
 * looked at, spread over at least a third of the file — a slide template's footer and labels ("Informatik · Klasse 7",
 * "Schlüsselidee"), a book's running header. Lines repeated on a few pages in a row (a slide built up step by step)
 * are content and stay.
 */
export function runningLinesOf(pages: readonly { pageNumber: number; text: string }[], pageCount: number): Map<string, number> {
  const pagesOf = new Map<string, number[]>();
  for (const page of pages) {
    const keys = new Set(
      page.text
        .split('\n')
        .filter((line) => line.trim().length > 0 && line.trim().length <= 80)
        .map((line) => furnitureKey(line, page.pageNumber)),
    );
    for (const key of keys) pagesOf.set(key, [...(pagesOf.get(key) ?? []), page.pageNumber]);
  }
  // Each running line with the first page it stands on: there it is read once (a footnote repeated on every page).
  const running = new Map<string, number>();
  for (const [key, numbers] of pagesOf) {
    const span = Math.max(...numbers) - Math.min(...numbers);
    if (numbers.length >= 3 && span >= pageCount / 3 && numbers.length >= 0.3 * pages.length) running.set(key, Math.min(...numbers));
  }
  return running;
}

/** A page's text without the running lines, but on the first page each stands on. */
export function withoutRunningLines(text: string, pageNumber: number, running: ReadonlyMap<string, number>): string {
  if (running.size === 0) return text;
  return text
    .split('\n')
    .filter((line) => (running.get(furnitureKey(line, pageNumber)) ?? pageNumber) === pageNumber)
    .join('\n');
}

/** The passage's text for the engine: its lines restored, its page's heading first when it does not start with it. */
function passageText(restored: string, row: { page: number; heading: string | null }, running: ReadonlyMap<string, number>): string {
  const text = withoutRunningLines(restored, row.page, running);
  const heading = row.heading?.replace(/\s+/g, ' ').trim();
  if (!heading) return text;
  const start = text.replace(/^[#\s]+/, '').slice(0, heading.length + 10).toLowerCase();
  return start.includes(heading.toLowerCase()) ? text : `${heading}\n\n${text}`;
}

/** Table pages handed over for one question at most, how far a table may run on, and the most characters of each. */
const TABLE_PAGES = 8;
const TABLE_RUN = 12;
const TABLE_PAGE_CHARS = 8000;
/** Captioned tables ("Table 3: …", "Tabelle 2 …") of the scope looked at for a question's words. */
const CAPTIONS_SCANNED = 200;
const CAPTIONED_SEEDS = 3;

type PageRow = { fileId: string; fileName: string; pageNumber: number; text: string };

/**
 * A question with a number may look a value up in a table: "the critical t value … with 10 degrees of
 * freedom" is in the rows of the t table, in passages no word of the question finds, under a caption ("Table 3:
 * Percentiles of Student's t-distribution") that shares one word with it. So the pages holding a table come along
 * whole, marked as look-up pages: the retrieved pages that hold one, and the captioned tables whose caption meets the
 * question's words — each with the pages after it the table runs on to (they repeat its header), and a page that
 * continues a table with the lines that name it on the table's first page.
 */
async function withTablePages(db: Db, passages: AnswerPassage[], query: string, inScope: SQL | undefined): Promise<AnswerPassage[]> {
  if (!/\d/.test(query) && !tableKnowledge.test(query)) return passages;
  const captions = await db
    .select({ fileId: filePage.fileId, pageNumber: filePage.pageNumber, caption: sql<string | null>`substring(${filePage.text} from ${captionPattern})` })
    .from(filePage)
    .innerJoin(file, eq(file.id, filePage.fileId))
    .where(and(inScope, sql`${filePage.text} ~* ${captionPattern}`))
    .orderBy(filePage.fileId, filePage.pageNumber)
    .limit(CAPTIONS_SCANNED);
  const seeds = [
    ...passages.filter((passage) => !passage.wholePage).map((passage) => ({ fileId: passage.fileId, page: passage.page })),
    ...captions
      .map((row) => ({ fileId: row.fileId, page: row.pageNumber, relevance: captionRelevance(query, row.caption ?? '') }))
      .filter((row) => row.relevance > 0)
      .sort((a, b) => b.relevance - a.relevance || a.page - b.page)
      .slice(0, CAPTIONED_SEEDS),
  ];
  if (seeds.length === 0) return passages;
  const pageCache = new Map<string, PageRow | null>();
  const pageOf = async (fileId: string, pageNumber: number): Promise<PageRow | null> => {
    const key = `${fileId}\u0000${pageNumber}`;
    if (!pageCache.has(key)) {
      const [row] = await db
        .select({ fileId: filePage.fileId, fileName: file.name, pageNumber: filePage.pageNumber, text: filePage.text })
        .from(filePage)
        .innerJoin(file, eq(file.id, filePage.fileId))
        .where(and(eq(filePage.fileId, fileId), eq(filePage.pageNumber, pageNumber)));
      pageCache.set(key, row ?? null);
    }
    return pageCache.get(key) ?? null;
  };
  const added: AnswerPassage[] = [];
  const seen = new Set<string>();
  for (const seed of seeds) {
    if (added.length >= TABLE_PAGES) break;
    const page = await pageOf(seed.fileId, seed.page);
    const headers = page ? tableHeaders(page.text) : [];
    if (!page || headers.length === 0) continue;
    // A page continuing a table is named by the lines above the table on its first page.
    let first = page;
    for (let back = page.pageNumber - 1; back >= Math.max(1, page.pageNumber - TABLE_RUN); back--) {
      const before = await pageOf(page.fileId, back);
      if (!before || !tableHeaders(before.text).some((header) => headers.includes(header))) break;
      first = before;
    }
    const naming = first === page ? '' : tableNaming(first.text);
    const add = (row: PageRow, prefix: string) => {
      const key = `${row.fileId}\u0000${row.pageNumber}`;
      if (seen.has(key) || added.length >= TABLE_PAGES) return;
      seen.add(key);
      const lines = row.text.split('\n').map((line) => line.replace(/[ \t]+/g, ' ').trim());
      const text = `${prefix ? `${prefix}\n` : ''}${lines.join('\n')}`.slice(0, TABLE_PAGE_CHARS);
      added.push({ fileId: row.fileId, fileName: row.fileName, page: row.pageNumber, text, lookup: true });
    };
    add(page, naming);
    const runNaming = tableNaming(first.text);
    for (let next = page.pageNumber + 1; next <= page.pageNumber + TABLE_RUN && added.length < TABLE_PAGES; next++) {
      const following = await pageOf(page.fileId, next);
      if (!following || !tableHeaders(following.text).some((header) => headers.includes(header))) break;
      add(following, runNaming);
    }
  }
  return [...passages, ...added];
}

export async function retrievePassages(
  db: Db,
  options: { scope: ChatScope; language: string; query: string; limit?: number; excludeFileIds?: string[] },
): Promise<AnswerPassage[]> {
  const { scope, language, query, limit = PASSAGES_PER_QUESTION, excludeFileIds = [] } = options;
  const inCourseOrFile = 'fileId' in scope ? eq(chunk.fileId, scope.fileId) : eq(file.directoryId, scope.directoryId);
  // A course's files hidden from the caller (a shared course's hidden files, for a member) give no passages.
  const inScope = excludeFileIds.length === 0 ? inCourseOrFile : and(inCourseOrFile, notInArray(chunk.fileId, excludeFileIds));
  const pagesOfScope = 'fileId' in scope ? eq(filePage.fileId, scope.fileId) : eq(file.directoryId, scope.directoryId);
  const pagesInScope = excludeFileIds.length === 0 ? pagesOfScope : and(pagesOfScope, notInArray(filePage.fileId, excludeFileIds));
  const columns = {
    fileId: chunk.fileId,
    fileName: file.name,
    pageCount: file.pageCount,
    page: chunk.page,
    text: chunk.text,
    pageText: filePage.text,
    heading: filePage.heading,
  };
  const onPage = and(eq(filePage.fileId, chunk.fileId), eq(filePage.pageNumber, chunk.page));
  type Row = { fileId: string; fileName: string; pageCount: number | null; page: number; text: string; pageText: string | null; heading: string | null };
  // Each file's running lines, from its retrieved pages and pages spread evenly over it.
  const toPassages = async (rows: Row[]): Promise<AnswerPassage[]> => {
    const running = new Map<string, Map<string, number>>();
    for (const fileId of new Set(rows.map((row) => row.fileId))) {
      const own = rows.filter((row) => row.fileId === fileId);
      const pageCount = Math.max(own[0]?.pageCount ?? 0, ...own.map((row) => row.page));
      const step = Math.max(1, pageCount / FURNITURE_SAMPLE);
      const sample = new Set([...own.map((row) => row.page), ...Array.from({ length: Math.min(FURNITURE_SAMPLE, pageCount) }, (_, k) => 1 + Math.floor(k * step))]);
      const pages = await db
        .select({ pageNumber: filePage.pageNumber, text: filePage.text })
        .from(filePage)
        .where(and(eq(filePage.fileId, fileId), inArray(filePage.pageNumber, [...sample])));
      running.set(fileId, runningLinesOf(pages, pageCount));
    }
    return rows.map((row) => {
      const restored = restoreLines(row.text, row.pageText);
      // A passage holding (nearly) all of its page's text is the whole page: a slide, a short page.
      const wholePage = row.pageText !== null && restored.replace(/\s+/g, '').length >= 0.9 * row.pageText.replace(/\s+/g, '').length;
      return { fileId: row.fileId, fileName: row.fileName, page: row.page, text: passageText(restored, row, running.get(row.fileId) ?? new Map()), wholePage };
    });
  };

  const config = searchConfig(language);
  // The question's lexemes as the course language's configuration makes them (stemmed, stop words gone).
  const lexemeRows = await db
    .select({ lexeme: sql<string>`lexeme` })
    .from(sql`unnest(to_tsvector(${config}, ${query})) as question(lexeme, positions, weights)`)
    .orderBy(asc(sql`positions[1]`));
  const lexemes = [...new Set(lexemeRows.map((row) => row.lexeme))].filter((lexeme) => !notSearched.has(lexeme)).slice(0, 12);
  const substrings = substringWords(query).filter((word) => !lexemes.some((lexeme) => lexeme.startsWith(word)));

  if (lexemes.length + substrings.length > 0) {
    const vector = sql`(setweight(to_tsvector(${config}, coalesce(${filePage.heading}, '')), 'A') || to_tsvector(${config}, ${chunk.text}))`;
    const hits = [
      ...lexemes.map((lexeme) => sql`(case when ${vector} @@ to_tsquery('simple', ${tsqueryTerm(lexeme)}) then 1 else 0 end)`),
      ...substrings.map((word) => sql`(case when ${chunk.text} ilike ${`%${escapeLike(word)}%`} then 1 else 0 end)`),
    ];
    const anyTerm = sql`to_tsquery('simple', ${lexemes.map(tsqueryTerm).join(' | ') || "''"})`;
    // Each word weighs by its rarity among the passages that hold any of them: log(1 + matching / holding it).
    const weighted = hits.map((hit) => sql`${hit} * ln(1 + count(*) over () / greatest(1, sum(${hit}) over ())::float)`);
    const score = sql`(${sql.join(weighted, sql` + `)})`;
    const rank = lexemes.length > 0 ? sql`ts_rank(${vector}, ${anyTerm}, 1)` : sql`0`;
    const found = await db
      .select(columns)
      .from(chunk)
      .innerJoin(file, eq(file.id, chunk.fileId))
      .leftJoin(filePage, onPage)
      .where(and(inScope, sql`(${sql.join(hits, sql` + `)}) > 0`))
      .orderBy(desc(score), desc(rank), chunk.fileId, chunk.position)
      .limit(limit);
    if (found.length > 0) return withTablePages(db, await toPassages(found), query, pagesInScope);
  }

  const words = fallbackWords(query);
  if (words.length === 0) return [];
  const hits = words.map((word) => sql`(case when ${chunk.text} ilike ${`%${escapeLike(word)}%`} then 1 else 0 end)`);
  const hitCount = sql<number>`(${sql.join(hits, sql` + `)})`;
  const rows = await db
    .select(columns)
    .from(chunk)
    .innerJoin(file, eq(file.id, chunk.fileId))
    .leftJoin(filePage, onPage)
    .where(and(inScope, sql`${hitCount} > 0`))
    .orderBy(desc(hitCount), chunk.fileId, chunk.position)
    .limit(limit);
  return toPassages(rows);
}
