/**
 * The page count a PDF declares, read from its bytes without loading it (issue 23): the largest `/Count` of a page
 * tree node (`/Type /Pages`) written in the file's plain objects. pdf.js must parse a file's whole cross-reference
 * table before it can say how many pages there are — for a crafted file with millions of objects, hundreds of
 * megabytes per thread — so a file declaring more pages than the plan allows is refused before any thread opens it.
 * Null when no page tree node is found in plain sight (it may sit in a compressed object stream): the threads then
 * check the count as before, under their heap limits.
 */
const PAGES_TYPE = /\/Type\s*\/Pages(?![A-Za-z])/g;
const COUNT = /\/Count\s+(\d{1,12})/;
/** How far around a `/Type /Pages` its dictionary's `/Count` is looked for (a page tree node is a small dictionary). */
const WINDOW = 512;

export function declaredPdfPageCount(bytes: Uint8Array): number | null {
  // latin1 keeps one character per byte; the scan is a few regular-expression passes over the text.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let most: number | null = null;
  for (const match of text.matchAll(PAGES_TYPE)) {
    const start = text.lastIndexOf('<<', match.index);
    const end = text.indexOf('>>', match.index);
    const from = Math.max(start < 0 ? 0 : start, match.index - WINDOW);
    const to = Math.min(end < 0 ? text.length : end, match.index + WINDOW);
    const count = COUNT.exec(text.slice(from, to));
    if (count?.[1]) most = Math.max(most ?? 0, Number(count[1]));
  }
  return most;
}
