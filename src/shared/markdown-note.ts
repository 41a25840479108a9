import type { Blockquote, Emphasis, Image, Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified, type Plugin, type PluggableList } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { VFile } from 'vfile';

/**
 * Markdown notes (issue 26): one reading of a note for the server, which turns it into pages of text for the study
 * engine, and for the viewer, which shows it formatted. Both parse it with remark (CommonMark + GFM tables, footnotes
 * and task lists, `$…$` / `$$…$$` maths, YAML or TOML front matter) and the same Obsidian reading below, and both cut it
 * into the same pages (notePageStarts): a citation's "page 3" is the same stretch of the note in both.
 */

/** Media that an Obsidian embed (`![[diagram.png]]`) shows as a picture or player: no text of its own. */
const MEDIA_EMBED = /\.(?:png|jpe?g|gif|webp|svg|bmp|avif|pdf|mp3|wav|m4a|ogg|flac|mp4|webm|mov|mkv)$/i;

/** `[[Note]]`, `[[Note|shown text]]`, `[[Note#Heading]]`, `[[#Heading]]`, and embeds `![[…]]`. */
const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;

/** What a wikilink reads as: its alias, else its note and heading as Obsidian shows them ("Note > Heading"). */
export function wikilinkText(inner: string): string {
  const bar = inner.indexOf('|');
  if (bar >= 0) {
    const alias = inner.slice(bar + 1).trim();
    if (alias) return alias;
  }
  const target = (bar >= 0 ? inner.slice(0, bar) : inner).trim();
  const [note = '', ...anchor] = target.split('#');
  const heading = anchor.join('#').replace(/^\^.*$/, '').trim();
  const name = note.trim().replace(/\.md$/i, '');
  if (name && heading) return `${name} > ${heading}`;
  return name || heading;
}

/** `==highlighted==` (Obsidian) within one text. */
const HIGHLIGHT = /==(?=\S)([^=\n]*?\S)==/g;
/** A block's id at the end of its line (Obsidian, `… ^definition-1`), for links to it: no text. */
const BLOCK_ID = /[ \t]+\^[A-Za-z0-9-]+(?=\n|$)/g;
/** A tag (Obsidian, `#verwaltungsrecht`, `#jura/öffentliches-recht`): read as its word. */
const TAG = /(^|[\s(])#(\p{L}[\p{L}\p{N}_/-]*)/gu;
/** A paragraph of tags alone (`#jura #klausur`): the note's metadata, no text. */
const TAGS_ONLY = /^#\p{L}[\p{L}\p{N}_/-]*(?:\s+#\p{L}[\p{L}\p{N}_/-]*)*$/u;
/** `%%comment%%` (Obsidian) within one text; never shown. */
const INLINE_COMMENT = /%%[\s\S]*?%%/g;
/** A callout's marker at the start of a quote: `> [!note]`, `> [!tip]- Title`. */
const CALLOUT_MARKER = /^\[!([A-Za-z][\w-]*)\][+-]?[ \t]*/;

type PhrasingParent = { children: PhrasingContent[] };

/**
 * The Obsidian reading of a note, over remark's tree: wikilinks and note embeds become their text, a media embed an
 * image without an address (the viewer shows its name, the engine drops it), highlights a marked emphasis, comments go,
 * and a callout's `[!type]` marker leaves its title as the quote's first line.
 */
export const remarkObsidian: Plugin<[], Root> = () => (tree, file) => {
  removeBlockComments(tree);
  readOtherDialects(tree);
  const source = typeof file.value === 'string' ? file.value : '';
  visit(tree, 'blockquote', (quote: Blockquote) => readCallout(quote, source));
  visit(tree, 'text', (node: Text, index, parent) => {
    if (index === undefined || !parent || !('children' in parent)) return;
    const replacement = readText(node.value);
    if (replacement.length === 1 && replacement[0]?.type === 'text') {
      node.value = replacement[0].value;
      return;
    }
    (parent as PhrasingParent).children.splice(index, 1, ...replacement);
    return [SKIP, index + replacement.length];
  });
};

/** The hProperties a callout's quote carries: `data-callout` its type (the viewer's look, the server's test). */
export const CALLOUT_PROPERTY = 'dataCallout';

/**
 * A callout (`> [!tip]- Merke` over its text): the marker goes, the quote is marked with its type, and a title on the
 * marker's line becomes a paragraph of its own holding it in bold, first in the quote.
 */
function readCallout(quote: Blockquote, source: string) {
  const first = quote.children[0];
  const lead = first?.type === 'paragraph' ? first.children[0] : undefined;
  if (first?.type !== 'paragraph' || lead?.type !== 'text') return;
  const marker = CALLOUT_MARKER.exec(lead.value);
  if (!marker) return;
  lead.value = lead.value.slice(marker[0].length);
  quote.data = { ...quote.data, hProperties: { ...quote.data?.hProperties, [CALLOUT_PROPERTY]: (marker[1] ?? 'note').toLowerCase() } };
  // The title runs to the first line break of the paragraph.
  const breakAt = first.children.findIndex((child) => (child.type === 'text' && child.value.includes('\n')) || child.type === 'break');
  const titleNodes = breakAt < 0 ? first.children : first.children.slice(0, breakAt);
  const splitting = breakAt >= 0 ? first.children[breakAt] : undefined;
  const [before = '', ...after] = splitting?.type === 'text' ? splitting.value.split('\n') : [];
  const title = [...titleNodes, ...(before ? [{ type: 'text' as const, value: before }] : [])];
  const rest = breakAt < 0 ? [] : [...(after.join('\n') ? [{ type: 'text' as const, value: after.join('\n') }] : []), ...first.children.slice(breakAt + 1)];
  if (toString({ type: 'paragraph', children: title }).trim() === '') {
    first.children = rest;
  } else {
    const heading: Paragraph = { type: 'paragraph', data: { hProperties: { className: ['callout-title'] } }, children: [{ type: 'strong', children: title }] };
    first.children = rest;
    quote.children.unshift(heading);
  }
  const table = lazyTable(first, splitting, source);
  // The parsed blocks are what a quote may hold (a table, paragraphs); the root's type is wider than a quote's.
  if (table) quote.children.splice(quote.children.indexOf(first), 1, ...(table as Blockquote['children']));
  else if (first.children.length === 0) quote.children.splice(quote.children.indexOf(first), 1);
}

/**
 * A table written straight under a callout's title line without `>` ("> [!error] Rules" then "| a | b |" lines):
 * CommonMark continues the title's paragraph with those lines, Obsidian shows a table. When what follows the title line
 * is such a table, it is read again from the note's source as a table, and takes the paragraph's place.
 */
function lazyTable(paragraph: Paragraph, splitting: PhrasingContent | undefined, source: string): RootContent[] | undefined {
  const from = splitting?.position?.start.offset;
  const to = paragraph.position?.end.offset;
  if (from === undefined || to === undefined || !source) return undefined;
  const lineEnd = source.indexOf('\n', from);
  if (lineEnd < 0 || lineEnd >= to) return undefined;
  const rest = source.slice(lineEnd + 1, to);
  if (!rest.trimStart().startsWith('|')) return undefined;
  const nodes = parseNote(rest).children;
  return nodes.some((node) => node.type === 'table') ? nodes : undefined;
}

/** A callout's title, when `quote` is a callout with one (the bold paragraph readCallout put first). */
export function calloutTitle(quote: Blockquote): string | undefined {
  const first = quote.children[0];
  const className = first?.data?.hProperties?.className;
  return Array.isArray(className) && className.includes('callout-title') && first ? toString(first).trim() : undefined;
}

function readText(value: string): PhrasingContent[] {
  const text = value.replace(INLINE_COMMENT, '').replace(BLOCK_ID, '').replace(TAG, '$1$2');
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of text.matchAll(WIKILINK)) {
    const at = match.index;
    if (at > last) nodes.push(...highlighted(text.slice(last, at)));
    const inner = match[2] ?? '';
    const target = (inner.split('|')[0] ?? '').split('#')[0]?.trim() ?? '';
    if (match[1] && MEDIA_EMBED.test(target)) {
      const image: Image = { type: 'image', url: '', alt: target };
      nodes.push(image);
    } else {
      nodes.push({ type: 'text', value: wikilinkText(inner) });
    }
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(...highlighted(text.slice(last)));
  return mergeTexts(nodes);
}

function highlighted(text: string): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of text.matchAll(HIGHLIGHT)) {
    if (match.index > last) nodes.push({ type: 'text', value: text.slice(last, match.index) });
    const mark: Emphasis = { type: 'emphasis', data: { hName: 'mark' }, children: [{ type: 'text', value: match[1] ?? '' }] };
    nodes.push(mark);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
  return nodes;
}

function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const merged: PhrasingContent[] = [];
  for (const node of nodes) {
    const previous = merged.at(-1);
    if (node.type === 'text' && previous?.type === 'text') previous.value += node.value;
    else merged.push(node);
  }
  return merged.length > 0 ? merged : [{ type: 'text', value: '' }];
}

/** A MyST target (Jupyter Book): `(label)=` on a line of its own, an anchor for cross-references, no text. */
const MYST_TARGET = /^\([\w:.-]+\)=$/;
/** A MyST directive's fence: ```{note}, ```{figure} path, ```{math}. */
const MYST_DIRECTIVE = /^\{([\w-]+)\}$/;
/** Directives that show something other than text (a figure's caption is kept), or build the book. */
const MYST_SILENT = new Set(['image', 'code-cell', 'glue', 'raw', 'tableofcontents', 'toctree', 'bibliography', 'iframe', 'video', 'include', 'literalinclude', 'embed']);
/** A LiaScript quiz's answer line: `[[X]] …`, `[[ ]] …`, `[(X)] …`, `[( )] …` (the answers, not the note's text). */
const LIASCRIPT_ANSWER = /^\[[[(][ xX]?[\])]\]/;
/** A LiaScript animation step on a line of its own: `{{1}}`, `{{2-3}}`, `--{{1}}--` (when the text appears, no text). */
const LIASCRIPT_STEP = /^(?:--)?\{\{\d+(?:-\d+)?\}\}(?:--)?$/;

/**
 * Course repositories' other Markdown dialects: MyST's `(label)=` targets go; its directives become what they show — a
 * `{math}` block maths, a figure its caption, a note or tip its text, the rest nothing; a LiaScript quiz's answer lines
 * and animation steps go (a quiz's question stays as the text it is).
 */
function readOtherDialects(tree: Root) {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return undefined;
    if (node.type === 'paragraph') {
      const text = toString(node).trim();
      if (MYST_TARGET.test(text) || LIASCRIPT_ANSWER.test(text) || LIASCRIPT_STEP.test(text) || TAGS_ONLY.test(text)) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      return undefined;
    }
    if (node.type !== 'code') return undefined;
    const name = MYST_DIRECTIVE.exec(node.lang ?? '')?.[1]?.toLowerCase();
    if (!name) return undefined;
    const body = directiveBody(node.value);
    let replacement: RootContent[] = [];
    if (name === 'math') replacement = body ? [{ type: 'math', value: body }] : [];
    else if (!MYST_SILENT.has(name) && body) replacement = [{ type: 'paragraph', children: [{ type: 'text', value: body }] }];
    (parent.children as RootContent[]).splice(index, 1, ...replacement);
    return [SKIP, index + replacement.length];
  });
}

/** A directive's content without its options (`:name: value` lines, or a `---` block of them, at its start). */
function directiveBody(value: string): string {
  const lines = value.split('\n');
  let at = 0;
  while (at < lines.length && lines[at]?.trim() === '') at++;
  if (lines[at]?.trim() === '---') {
    const start = at;
    const end = lines.findIndex((line, index) => index > start && line.trim() === '---');
    if (end > 0) at = end + 1;
  }
  while (at < lines.length && /^\s*:[\w-]+:/.test(lines[at] ?? '')) at++;
  return lines.slice(at).join('\n').trim();
}

/** Paragraphs from one that opens with `%%` to one that closes with `%%`: an Obsidian comment over several paragraphs. */
function removeBlockComments(tree: Root) {
  dropCommentParagraphs(tree.children);
  visit(tree, (node) => {
    if (node !== tree && 'children' in node && node.type !== 'paragraph') dropCommentParagraphs((node as { children: RootContent[] }).children);
  });
}

function dropCommentParagraphs(children: RootContent[]) {
  let open = -1;
  for (let at = 0; at < children.length; at++) {
    const child = children[at];
    if (child?.type !== 'paragraph') continue;
    const text = toString(child).trim();
    const closedAlready = text.length > 2 && text.indexOf('%%', 2) === text.length - 2;
    if (open < 0 && text.startsWith('%%') && closedAlready) {
      // A comment that is the whole paragraph.
      children.splice(at, 1);
      at--;
    } else if (open < 0 && text.startsWith('%%')) open = at;
    else if (open >= 0 && text.endsWith('%%')) {
      children.splice(open, at - open + 1);
      at = open - 1;
      open = -1;
    }
  }
}

/** The remark plugins of a note, in order: the server's reading and the viewer's rendering use exactly these. */
export const notePlugins: PluggableList = [[remarkFrontmatter, ['yaml', 'toml']], remarkGfm, remarkMath, remarkObsidian];

/** A note's tree, with the Obsidian reading applied. */
export function parseNote(source: string): Root {
  const processor = unified().use(remarkParse).use(notePlugins);
  // The plugins keep the tree a Root (they only rewrite nodes inside it).
  const file = new VFile(source);
  return processor.runSync(processor.parse(file), file) as Root;
}

/** A heading-less note is cut into pages of about this many characters, at its blocks, as a plain text is. */
export const NOTE_PAGE_CHARS = 3_000;

/** Blocks that are no content of a page: front matter and link or footnote definitions placed anywhere. */
const isApart = (node: RootContent) =>
  node.type === 'yaml' || (node.type as string) === 'toml' || node.type === 'definition' || (node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim()));

/**
 * The level of a note's sections: the highest heading level used at least twice, not counting the note's title (a
 * heading that opens it) — "# Justiciability", five "##" and a "# Exercises" at the end are five sections and the
 * exercises, not two parts. The highest level used when none is used twice; undefined for a note without headings.
 */
export function noteTopLevel(tree: Root): number | undefined {
  const counts = new Map<number, number>();
  const opening = tree.children.find((node) => !isApart(node));
  for (const node of tree.children) if (node.type === 'heading' && node !== opening) counts.set(node.depth, (counts.get(node.depth) ?? 0) + 1);
  const depths = [...counts.keys()].sort((a, b) => a - b);
  if (depths.length === 0) return opening?.type === 'heading' ? opening.depth : undefined;
  return depths.find((depth) => (counts.get(depth) ?? 0) >= 2) ?? depths[0];
}

/**
 * Where each page of a note starts, as indexes into the root's children (the first is always 0). A page is a top-level
 * section: it starts at every heading of the note's top level (noteTopLevel), so a note with one `#` title and `##`
 * sections has those as pages, and at any higher one (the title). A page with nothing but its
 * heading (a title right above the first section) joins the next; text before the first heading is a page of its own.
 * A note without headings is cut into pages of about NOTE_PAGE_CHARS characters between blocks.
 */
export function notePageStarts(tree: Root): number[] {
  const children = tree.children;
  const top = noteTopLevel(tree);
  if (top === undefined) return sizedStarts(children);
  const candidates = children.flatMap((node, index) => (node.type === 'heading' && node.depth <= top ? [index] : []));
  const starts: number[] = [0];
  for (const index of candidates) {
    const previous = starts.at(-1) ?? 0;
    const between = children.slice(previous, index);
    // The page so far has something to read besides its heading (not only front matter, a picture or a script): a
    // new page starts; otherwise what is there joins the next page.
    if (between.some((node) => node.type !== 'heading' && hasWords(node))) starts.push(index);
    // Nothing but front matter (or nothing) before the first heading: that heading opens page 1.
  }
  return starts;
}

/** Whether a block has anything to read: words, maths or code (a picture, raw HTML or a rule alone has none). */
function hasWords(node: RootContent): boolean {
  if (isApart(node) || node.type === 'html') return false;
  let found = false;
  visit(node, (child) => {
    if (found) return false;
    if ((child.type === 'text' || child.type === 'inlineCode' || child.type === 'inlineMath' || child.type === 'math' || child.type === 'code') && 'value' in child && String(child.value).trim() !== '') {
      found = true;
    }
    return undefined;
  });
  return found;
}

function sizedStarts(children: readonly RootContent[]): number[] {
  const starts = [0];
  let size = 0;
  children.forEach((node, index) => {
    const length = toString(node).length;
    if (size > 0 && size + length > NOTE_PAGE_CHARS) {
      starts.push(index);
      size = 0;
    }
    size += length;
  });
  return starts;
}

/** A note's pages: its root children grouped at notePageStarts. */
export function notePages(tree: Root): RootContent[][] {
  const starts = notePageStarts(tree);
  return starts.map((start, index) => tree.children.slice(start, starts[index + 1] ?? tree.children.length));
}
