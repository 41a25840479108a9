import { and, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chunk, file } from '../db/schema';
import type { AnswerPassage } from '../study/engine';

/**
 * Retrieval for the tutor chat: the passages (chunks, src/server/study/chunks.ts) of a file or of a whole course that
 * best match a question, by PostgreSQL full-text search in the course language's configuration (stemming and stop
 * words: "Wie funktionieren Pflanzen?" finds "Pflanze"). The question's words are OR-ed, so a passage needs only some
 * of them; ts_rank orders by how many and how often, and passages holding every word come first. A question without
 * any searchable word falls back to plain substring search on its longer words.
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

export async function retrievePassages(
  db: Db,
  options: { scope: ChatScope; language: string; query: string; limit?: number; excludeFileIds?: string[] },
): Promise<AnswerPassage[]> {
  const { scope, language, query, limit = PASSAGES_PER_QUESTION, excludeFileIds = [] } = options;
  const inCourseOrFile = 'fileId' in scope ? eq(chunk.fileId, scope.fileId) : eq(file.directoryId, scope.directoryId);
  // A course's files hidden from the caller (a shared course's hidden files, for a member) give no passages.
  const inScope = excludeFileIds.length === 0 ? inCourseOrFile : and(inCourseOrFile, notInArray(chunk.fileId, excludeFileIds));
  const columns = { fileId: chunk.fileId, fileName: file.name, page: chunk.page, text: chunk.text };

  const config = searchConfig(language);
  const all = sql`plainto_tsquery(${config}, ${query})`;
  const any = sql`replace(plainto_tsquery(${config}, ${query})::text, ' & ', ' | ')::tsquery`;
  const vector = sql`to_tsvector(${config}, ${chunk.text})`;
  const rank = sql<number>`ts_rank(${vector}, ${any}, 1) + case when ${vector} @@ ${all} then 1 else 0 end`;
  const found = await db
    .select(columns)
    .from(chunk)
    .innerJoin(file, eq(file.id, chunk.fileId))
    .where(and(inScope, sql`numnode(${all}) > 0`, sql`${vector} @@ ${any}`))
    .orderBy(desc(rank), chunk.fileId, chunk.position)
    .limit(limit);
  if (found.length > 0) return found;

  const words = fallbackWords(query);
  if (words.length === 0) return [];
  const hits = words.map((word) => sql`(case when ${chunk.text} ilike ${`%${escapeLike(word)}%`} then 1 else 0 end)`);
  const hitCount = sql<number>`(${sql.join(hits, sql` + `)})`;
  return db
    .select(columns)
    .from(chunk)
    .innerJoin(file, eq(file.id, chunk.fileId))
    .where(and(inScope, sql`${hitCount} > 0`))
    .orderBy(desc(hitCount), chunk.fileId, chunk.position)
    .limit(limit);
}
