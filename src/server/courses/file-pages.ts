import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file, filePage } from '../db/schema';
import { fileSummaryColumns } from './columns';
import { fileNotFound } from './errors';

/**
 * How much page text one answer carries at most, in characters: a few hundred pages of dense prose, about 1–2 MB of
 * JSON. The viewer shows the pages up to there and says the rest is in the download.
 */
export const FILE_PAGES_MAX_CHARACTERS = 1_000_000;

export interface FilePage {
  pageNumber: number;
  heading: string | null;
  text: string;
  /** Read by OCR: tesseract's mean word confidence (0–100); null for a page with its own text. */
  ocrConfidence: number | null;
}

/**
 * A file as the viewer needs it (spec §2 "Fullscreen file viewer"): its name, type, state, whether it has stored
 * bytes and, for a video link, the video id; and, unless `withText` is false, the extracted text of its pages in order. Pages are taken whole until
 * `maxCharacters` is reached; the page that crosses it is cut there and `truncated` says so. The cut happens in the
 * database, so a huge file never travels to this process in full.
 */
export async function getFilePages(options: {
  db: Db;
  userId: string;
  fileId: string;
  withText?: boolean;
  maxCharacters?: number;
}) {
  const { db, userId, fileId, withText = true, maxCharacters = FILE_PAGES_MAX_CHARACTERS } = options;
  const [target] = await db
    .select({
      ...fileSummaryColumns,
      error: file.error,
      videoId: file.videoId,
      // Whether there are bytes to download (a video link has none); the storage key itself stays on the server.
      stored: sql<boolean>`${file.storageKey} is not null`,
    })
    .from(file)
    .where(and(eq(file.id, fileId), eq(file.ownerId, userId)))
    .limit(1);
  if (!target) throw fileNotFound();

  if (!withText) return { file: target, pages: [] as FilePage[], totalPages: target.pageCount ?? 0, truncated: false };

  const ordered = db
    .select({
      pageNumber: filePage.pageNumber,
      heading: filePage.heading,
      text: filePage.text,
      ocrConfidence: filePage.ocrConfidence,
      charsBefore: sql<number>`coalesce(sum(char_length(${filePage.text})) over (order by ${filePage.pageNumber} rows between unbounded preceding and 1 preceding), 0)`
        .mapWith(Number)
        .as('chars_before'),
      totalPages: sql<number>`count(*) over ()`.mapWith(Number).as('total_pages'),
    })
    .from(filePage)
    .where(eq(filePage.fileId, target.id))
    .as('ordered');
  const rows = await db
    .select({
      pageNumber: ordered.pageNumber,
      heading: ordered.heading,
      ocrConfidence: ordered.ocrConfidence,
      text: sql<string>`left(${ordered.text}, (${maxCharacters} - ${ordered.charsBefore})::int)`,
      whole: sql<boolean>`char_length(${ordered.text}) + ${ordered.charsBefore} <= ${maxCharacters}`,
      totalPages: ordered.totalPages,
    })
    .from(ordered)
    .where(lt(ordered.charsBefore, maxCharacters))
    .orderBy(asc(ordered.pageNumber));

  const totalPages = rows[0]?.totalPages ?? 0;
  const last = rows.at(-1);
  const truncated = rows.length < totalPages || (last !== undefined && !last.whole);
  const pages: FilePage[] = rows.map(({ pageNumber, heading, text, ocrConfidence }) => ({ pageNumber, heading, text, ocrConfidence }));
  return { file: target, pages, totalPages, truncated };
}
