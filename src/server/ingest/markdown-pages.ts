import type { Element, Nodes as HastNodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Blockquote, FootnoteDefinition, Heading, List, ListItem, PhrasingContent, Root, RootContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import { calloutTitle, notePages, noteTopLevel, parseNote } from '../../shared/markdown-note';
import { readableText } from './glyphs';
import type { ExtractedPage } from './types';

/**
 * A Markdown note as pages of text for the study engine (issue 26). A page is a top-level section of the note (see
 * notePageStarts, shared with the viewer). The text keeps the structure in the conventions every extractor writes and
 * the engine reads: headings as `#` lines (their level by the count), bulleted items as "• …", numbered items with
 * their number, table rows as lines of tab-separated cells (the header row first), maths as `$…$` and `$$…$$`. Emphasis,
 * links, inline code, footnote marks and HTML become their plain text; a footnote's text closes the page that cites it
 * first; struck-out text, images, comments, scripts and diagrams (mermaid, dataview) go.
 * The front matter's title, when the note has no heading of its own as its first line, opens page 1 as its title.
 */
export function markdownPages(source: string): ExtractedPage[] {
  const tree = parseNote(source);
  const footnotes = footnotesOf(tree);
  const title = frontMatterTitle(tree);
  const cited = new Set<string>();
  // Headings are written at their level below the note's section level: a section's heading is a "#" line, its
  // subheadings "##" and below, so the engine's units are the viewer's pages whatever levels the writer used.
  const top = noteTopLevel(tree) ?? 1;
  const pages = notePages(tree).map((nodes, index) => {
    const blocks: string[] = [];
    const notes: string[] = [];
    // The level of the heading the blocks stand under (relative, 1 for a section's): a callout's title goes below it.
    let level = 1;
    for (const node of nodes) {
      if (node.type === 'heading') level = Math.max(1, node.depth - top + 1);
      const text =
        node.type === 'heading' ? headingLine(node, top) : node.type === 'blockquote' ? calloutText(node, Math.min(6, level + 1)) : blockText(node, 0);
      if (text) blocks.push(text);
      visit(node, 'footnoteReference', (reference) => {
        const note = footnotes.get(reference.identifier);
        if (note && !cited.has(reference.identifier)) {
          cited.add(reference.identifier);
          notes.push(note);
        }
      });
    }
    const heading = nodes.find((node) => node.type === 'heading');
    // The front matter's title heads the note unless the note has a title heading of its own (a `#` heading first):
    // a second top-level heading would make the title a unit of its own.
    const first = nodes.find((node) => node.type !== 'yaml' && node.type !== 'definition' && !(node.type === 'html' && /^<!--/.test(node.value.trim())));
    if (index === 0 && title && blocks.length > 0 && !(first?.type === 'heading' && first.depth === 1)) blocks.unshift(`# ${title}`);
    const text = [...blocks, ...notes].join('\n\n').trim();
    const pageHeading = heading ? inlineText(heading.children) : index === 0 ? title : undefined;
    return { text, ...(pageHeading ? { heading: pageHeading } : {}) };
  });
  // Every page stays, even one whose text is all left out (a diagram alone): the viewer counts the same pages, and a
  // citation of page 4 must open its page 4. A note with no text at all has no pages.
  if (pages.every((page) => page.text.length === 0)) return [];
  return pages.map((page, index) => ({ pageNumber: index + 1, ...page }));
}

/** The `title` of a YAML front matter, if it is a string of text; a broken front matter gives none (and is no content). */
export function frontMatterTitle(tree: Root): string | undefined {
  const yaml = tree.children.find((node) => node.type === 'yaml');
  if (!yaml) return undefined;
  try {
    const data: unknown = parseYaml(yaml.value, { maxAliasCount: 10 });
    if (data && typeof data === 'object' && 'title' in data) {
      const value = (data as { title: unknown }).title;
      if (typeof value === 'string' || typeof value === 'number') {
        const title = readableText(String(value)).replace(/\s+/g, ' ').trim();
        return title.length > 0 && title.length <= 300 ? title : undefined;
      }
    }
  } catch {
    // Not YAML after all: nothing to take from it.
  }
  return undefined;
}

function footnotesOf(tree: Root): Map<string, string> {
  const notes = new Map<string, string>();
  visit(tree, 'footnoteDefinition', (definition: FootnoteDefinition) => {
    const text = definition.children.map((child) => blockText(child, 0)).filter(Boolean).join(' ');
    if (text) notes.set(definition.identifier, text.replace(/\n+/g, ' '));
    return SKIP;
  });
  return notes;
}

/** Fenced blocks that draw or query rather than say something: no text for a student to learn. */
const diagramLanguages = new Set(['mermaid', 'dataview', 'dataviewjs', 'query', 'tasks', 'plantuml', 'chart', 'excalidraw']);

function headingLine(heading: Heading, top: number): string {
  const text = inlineText(heading.children);
  return text ? `${'#'.repeat(Math.max(1, heading.depth - top + 1))} ${text}` : '';
}

/** What a callout's title says of itself ("[!tip] Merke", "[!example] Beispiel"): no topic, so no subheading. */
const calloutWords =
  /^(?:definition|def\.?|merke|merksatz|beispiel(?:e)?|bsp\.?|hinweis|tipp|info|information|note|notiz|tip|hint|example|important|wichtig|warning|warnung|achtung|caution|danger|gefahr|zusammenfassung|summary|abstract|tl;?dr|frage|question|faq|help|hilfe|todo|to-?do|quote|zitat|success|check|done|erledigt|failure|fail|error|fehler|bug|missing|attention|remark|bemerkung|anmerkung|idee|idea|lösung|solution|aufgabe|task|übung|exercise)$/i;

/**
 * A callout at the top of a note: its title, where it names a topic ("> [!error] Von-Neumann-Flaschenhals"), is a
 * subheading (`level`) over its text, as Obsidian shows it as a box of its own; a title that only says what kind of box
 * it is ("Merke", "Definition") is left out. Any other quote is its text.
 */
function calloutText(quote: Blockquote, level: number): string {
  const title = calloutTitle(quote);
  if (title === undefined) return blockText(quote, 0);
  const body = quote.children.slice(1).map((child) => blockText(child, 0)).filter(Boolean).join('\n\n');
  const named = title && !calloutWords.test(title.replace(/[:.]$/, '')) && title.length <= 100;
  return [named ? `${'#'.repeat(level)} ${title}` : '', body].filter(Boolean).join('\n\n');
}

/** A block's text; a heading inside a quote or a list is a line of its own, no heading of the note's. */
function blockText(node: RootContent, depth: number): string {
  switch (node.type) {
    case 'heading':
      return inlineText(node.children);
    case 'paragraph':
      // A definition list as Pandoc and MultiMarkdown write it ("Term" and ": its definition" on the next line), which
      // CommonMark reads as one paragraph: one glossary line per term, as the engine reads definitions.
      return inlineText(node.children).replace(/^([^\n:]{1,80})\n:[ \t]+/gm, '$1: ');
    case 'list':
      return listText(node, depth);
    case 'table':
      return tableText(node);
    case 'blockquote':
      return node.children.map((child) => blockText(child, depth)).filter(Boolean).join('\n\n');
    case 'code':
      return node.lang && diagramLanguages.has(node.lang.toLowerCase()) ? '' : node.value.trim();
    case 'math':
      return node.value.trim() ? `$$${node.value.trim()}$$` : '';
    case 'html':
      return htmlText(node.value);
    default:
      // Front matter, definitions, footnote definitions (placed with their citation), thematic breaks.
      return '';
  }
}

function listText(list: List, depth: number): string {
  const start = list.start ?? 1;
  return list.children
    .map((item: ListItem, index) => {
      const [lead, ...rest] = item.children;
      const marker = list.ordered ? `${start + index}. ` : '• ';
      const first = lead && lead.type !== 'list' ? blockText(lead, depth + 1).replace(/\n+/g, ' ') : '';
      const more = (lead?.type === 'list' ? [lead, ...rest] : rest).map((child) => blockText(child, depth + 1)).filter(Boolean);
      return [first ? `${marker}${first}` : '', ...more].filter(Boolean).join('\n');
    })
    .filter(Boolean)
    .join('\n');
}

/** A row per line, cells separated by a tab, the header row first; a cell's line breaks become spaces. */
function tableText(table: Table): string {
  return table.children
    .map((row) => row.children.map((cell) => inlineText(cell.children).replace(/[\t\n]+/g, ' ').trim()).join('\t'))
    .filter((line) => line.replace(/\t/g, '').trim().length > 0)
    .join('\n');
}

/** Phrasing as plain text: emphasis, links and code as their words, maths as `$…$`; struck-out text, images and footnote marks go. */
export function inlineText(nodes: readonly PhrasingContent[]): string {
  // An element met as separate pieces of inline HTML ("<script>", its text, "</script>"): what is inside one that is
  // never text (hiddenElements) is skipped up to its closing tag.
  let hiddenUntil: string | undefined;
  return nodes
    .map((node): string => {
      if (hiddenUntil) {
        if (node.type === 'html' && node.value.trim().toLowerCase().startsWith(`</${hiddenUntil}`)) hiddenUntil = undefined;
        return '';
      }
      switch (node.type) {
        case 'text':
          return readableText(node.value);
        case 'inlineCode':
          return node.value;
        case 'inlineMath':
          return `$${node.value}$`;
        case 'break':
          return '\n';
        case 'html': {
          const opening = /^<([a-z][a-z0-9-]*)\b[^>]*>$/i.exec(node.value.trim());
          const tag = opening?.[1]?.toLowerCase();
          if (tag && hiddenElements.has(tag) && !node.value.trim().endsWith('/>')) {
            hiddenUntil = tag;
            return '';
          }
          return htmlText(node.value);
        }
        case 'image':
        case 'imageReference':
        case 'footnoteReference':
        case 'delete':
          return '';
        default:
          return 'children' in node ? inlineText(node.children) : toString(node);
      }
    })
    .join('')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Elements whose content is never text of the note: a script in a note is never run, nor read. */
const hiddenElements = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

/** The readable text of a piece of HTML inside a note (`<sup>2</sup>`, `<details>…`), without its tags and scripts. */
function htmlText(html: string): string {
  if (/^<!--[\s\S]*-->$/.test(html.trim())) return '';
  const tree = fromHtml(html, { fragment: true });
  visit(tree, 'element', (element: Element, index, parent) => {
    if (hiddenElements.has(element.tagName) && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (element.tagName === 'br') {
      element.tagName = 'span';
      element.children = [{ type: 'text', value: '\n' }];
    }
    return undefined;
  });
  return readableText(toText(tree as HastNodes, { whitespace: 'pre-wrap' })).replace(/[^\S\n]+/g, ' ').trim();
}
