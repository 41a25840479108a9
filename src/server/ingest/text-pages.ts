/** Formats without pages of their own (TXT, DOCX sections, legacy DOC) are cut into "pages" of about this size. */
export const targetPageChars = 3_000;

/**
 * Cuts text into pieces of about `target` characters at paragraph boundaries (blank lines), so a citation "page 4"
 * points at a readable stretch. A paragraph longer than the target is cut at the last line break or space before it.
 */
export function splitIntoPages(text: string, target = targetPageChars): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    // Tabs stay: a table row's last cells may be empty.
    .map((paragraph) => paragraph.replace(/^[^\S\t]+|[^\S\t]+$/g, ''))
    .filter((paragraph) => paragraph.length > 0)
    .flatMap((paragraph) => cutLongParagraph(paragraph, target));
  const pages: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    if (current && current.length + 2 + paragraph.length > target) {
      pages.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) pages.push(current);
  return pages;
}

function cutLongParagraph(paragraph: string, target: number): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > target) {
    const window = rest.slice(0, target + 1);
    const breakAt = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const cut = breakAt > target / 2 ? breakAt : target;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * Light cleanup of text pulled from a layout: a word hyphenated across a line break is joined ("exam-\nple" →
 * "example", also with a soft or Unicode hyphen), runs of spaces become one, lines are trimmed and blank lines
 * collapse. Line breaks and tabs stay: they carry the structure (headings, list items, table cells) later steps use.
 */
export function cleanLayoutText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n\t]+/g, ' ')
    .replace(/ *([\n\t]) */g, '$1')
    .replace(/(\p{L})[-\u00ad\u2010\u2011]\n(\p{Ll})/gu, '$1$2')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
