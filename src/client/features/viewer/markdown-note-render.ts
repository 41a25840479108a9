import type { Element, ElementContent, Root as HastRoot, RootContent as HastRootContent, Text } from 'hast';
import type { Blockquote, Root, RootContent } from 'mdast';
import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import type { Plugin } from 'unified';
import { visit } from 'unist-util-visit';
import { CALLOUT_PROPERTY, calloutTitle, notePageStarts } from '../../../shared/markdown-note';
import { locatePassage } from '../../../shared/passage-match';

/**
 * How the viewer turns a Markdown note into what it shows (issue 26), apart from React: which HTML of the note may
 * stay, and the note cut into one <section> per page (the pages the server read it into, shared/markdown-note.ts
 * notePageStarts) with the cited one marked and the cited passage in it as <mark>s.
 *
 * The order of the rehype plugins matters: the note's own HTML is parsed (rehype-raw) and cleaned (rehype-sanitize)
 * first; the page sections, the cited page and the passage marks are set on the clean tree (nothing in a note can
 * forge them, sanitising drops every data attribute); KaTeX draws the formulas last, its output trusted.
 */

/**
 * GitHub's sanitising (no script, style, iframe, form, event handler or javascript: link survives) with what
 * remark-math and KaTeX need: the classes remark-math gives a formula's <code>. And <mark>: the shared reading of a
 * note gives Obsidian's `==highlight==` as one.
 */
export const noteSanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark'],
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
};

/** The mdast node a page's blocks are wrapped in: a <section> once the tree is HTML. */
interface NotePageNode {
  type: 'notePage';
  data: { hName: 'section' };
  children: RootContent[];
  position?: RootContent['position'];
}

/** Elements whose text stands apart from the text around them (a line of its own) when a page is read as text. */
const BLOCKS = new Set([
  'p', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'div', 'table', 'tr', 'td', 'th', 'dt', 'dd', 'hr', 'br', 'section', 'details', 'summary',
]);
/** Parents a <mark> cannot go into (their text is only white space between their items). */
const NO_MARK_INSIDE = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'tr']);

export interface NotePageOptions {
  /** The page the viewer was opened at: its section is marked as the cited one. */
  citedPage?: number | undefined;
  /** What to mark in the cited page (or the first, when none is cited): its best-matching passage. */
  passage?: string | undefined;
}

/**
 * The plugins that cut a note into its pages: `remarkPages` wraps each page's blocks of the parsed note (after the
 * note's own plugins) into one section; `rehypePages` (after sanitising) numbers those sections `data-page-slot` 1…n,
 * marks the cited one `data-cited` and the passage in it. `remarkCallouts`, after the note's own plugins (which read
 * a callout's marker: its type, and its title as a first paragraph), notes which quotes are callouts and whether they
 * have a title, for `rehypePages` to give them `data-callout` and their title line (the sanitiser drops the data the
 * note's reading put on them). Made per rendering: they share where the pages and callouts start.
 */
export function notePagePlugins(options: NotePageOptions): {
  remarkCallouts: Plugin<[], Root>;
  remarkPages: Plugin<[], Root>;
  rehypePages: Plugin<[], HastRoot>;
} {
  let starts: Array<number | undefined> = [];
  const callouts = new Map<number, Callout>();
  const remarkCallouts: Plugin<[], Root> = () => (tree) => {
    visit(tree, 'blockquote', (quote: Blockquote) => {
      const type = quote.data?.hProperties?.[CALLOUT_PROPERTY];
      const offset = quote.position?.start.offset;
      if (typeof type === 'string' && offset !== undefined) callouts.set(offset, { type, titled: calloutTitle(quote) !== undefined });
    });
  };
  const remarkPages: Plugin<[], Root> = () => (tree) => {
    starts = wrapPages(tree);
  };
  const rehypePages: Plugin<[], HastRoot> = () => (tree) => {
    arrangePages(tree, starts, options);
    markCallouts(tree, callouts);
  };
  return { remarkCallouts, remarkPages, rehypePages };
}

/**
 * The quotes that were callouts get `data-callout` (their type) and their first line, the title, its own
 * <span data-callout-title>; a callout without a title shows its type as one, as Obsidian does.
 */
interface Callout {
  type: string;
  /** Its first paragraph is its title (the note's reading put it there, in bold). */
  titled: boolean;
}

function markCallouts(tree: HastRoot, callouts: ReadonlyMap<number, Callout>): void {
  if (callouts.size === 0) return;
  const visitElement = (element: Element | HastRoot) => {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      const callout = child.tagName === 'blockquote' && child.position ? callouts.get(child.position.start.offset ?? -1) : undefined;
      if (callout) {
        child.properties.dataCallout = callout.type;
        setCalloutTitle(child, callout);
      }
      visitElement(child);
    }
  };
  visitElement(tree);
}

/** The callout's title line: its title paragraph's words, or its type ("Tip") where it has none, as Obsidian shows it. */
function setCalloutTitle(quote: Element, callout: Callout): void {
  const paragraph = quote.children.find((child): child is Element => child.type === 'element');
  const titled = callout.titled && paragraph?.tagName === 'p';
  const shown: ElementContent[] = titled ? paragraph.children : [{ type: 'text', value: callout.type.charAt(0).toUpperCase() + callout.type.slice(1) }];
  const heading: Element = { type: 'element', tagName: 'span', properties: { dataCalloutTitle: true }, children: shown };
  if (titled) quote.children.splice(quote.children.indexOf(paragraph), 1, heading);
  else quote.children.unshift(heading);
}

/** Wraps the root's blocks into one node per page; returns where each page starts in the note (source offsets). */
function wrapPages(tree: Root): Array<number | undefined> {
  const children = tree.children;
  const starts = notePageStarts(tree);
  const pages: NotePageNode[] = starts.map((start, index) => {
    const blocks = children.slice(start, starts[index + 1] ?? children.length);
    const first = blocks[0]?.position;
    const last = blocks.at(-1)?.position;
    const page: NotePageNode = { type: 'notePage', data: { hName: 'section' }, children: blocks };
    if (first && last) page.position = { start: first.start, end: last.end };
    return page;
  });
  // A node of the viewer's own, turned into a <section> by its hName (remark-rehype keeps unknown nodes' children).
  tree.children = pages as unknown as RootContent[];
  return pages.map((page) => page.position?.start.offset);
}

/**
 * On the sanitised tree: the sections that start where the pages start are the pages (a section of the note's own HTML
 * is inside one of them, or, if the note closed one with a stray `</section>`, starts elsewhere); they get their number.
 * Anything else at the top (what such HTML pushed out of its page) joins the page before it; the footnotes stay last.
 */
function arrangePages(tree: HastRoot, starts: ReadonlyArray<number | undefined>, { citedPage, passage }: NotePageOptions): void {
  const children: HastRootContent[] = [];
  const taken = new Set<number>();
  let current: Element | undefined;
  for (const node of tree.children) {
    if (node.type === 'element' && node.tagName === 'section') {
      const offset = node.position?.start.offset;
      const index = offset === undefined ? -1 : starts.indexOf(offset);
      if (index >= 0 && !taken.has(index)) {
        taken.add(index);
        node.properties = { dataPageSlot: index + 1 };
        if (citedPage === index + 1) node.properties.dataCited = 'true';
        children.push(node);
        current = node;
        continue;
      }
      if ('dataFootnotes' in node.properties) {
        node.properties = { dataFootnotes: true };
        children.push(node);
        current = undefined;
        continue;
      }
    }
    if (current && node.type !== 'doctype') current.children.push(node);
    else children.push(node);
  }
  tree.children = children;
  if (!passage) return;
  const markedPage = citedPage ?? 1;
  const section = children.find(
    (node): node is Element => node.type === 'element' && node.properties.dataPageSlot === markedPage,
  );
  if (section) markPassage(section, passage);
}

/** A run of a page's text: a text node, where it sits and where it starts in the page's text. */
interface TextRun {
  node: Text;
  parent: Element;
  start: number;
}

const isMath = (element: Element) => {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes('language-math');
};

/**
 * A page's text as it reads (blocks apart as paragraphs, so a callout's title or a heading is no part of the sentence
 * after it; formulas left out) and the text nodes it is made of.
 */
export function pageText(section: Element): { text: string; runs: TextRun[] } {
  const runs: TextRun[] = [];
  let text = '';
  const breakLine = () => {
    if (text !== '' && !text.endsWith('\n\n')) text += text.endsWith('\n') ? '\n' : '\n\n';
  };
  const walk = (element: Element) => {
    for (const child of element.children) {
      if (child.type === 'text') {
        runs.push({ node: child, parent: element, start: text.length });
        text += child.value;
      } else if (child.type === 'element' && !isMath(child)) {
        const block = BLOCKS.has(child.tagName);
        if (block) breakLine();
        walk(child);
        if (block) breakLine();
      }
    }
  };
  walk(section);
  return { text, runs };
}

/**
 * Marks the passage in a page: the text it covers in each text node, as a <mark data-passage-mark="first|more"> (the
 * view gives the first its "Cited passage:" label). Nothing when the page has no passage like it.
 */
export function markPassage(section: Element, passage: string): boolean {
  const { text, runs } = pageText(section);
  const range = locatePassage(text, passage);
  if (!range) return false;
  let first = true;
  for (const run of runs) {
    const start = Math.max(range.start - run.start, 0);
    const end = Math.min(range.end - run.start, run.node.value.length);
    const covered = run.node.value.slice(start, end);
    if (end <= start || covered.trim() === '' || NO_MARK_INSIDE.has(run.parent.tagName)) continue;
    const value = run.node.value;
    const mark: Element = {
      type: 'element',
      tagName: 'mark',
      properties: { dataPassageMark: first ? 'first' : 'more' },
      children: [{ type: 'text', value: covered }],
    };
    const pieces: ElementContent[] = [];
    if (start > 0) pieces.push({ type: 'text', value: value.slice(0, start) });
    pieces.push(mark);
    if (end < value.length) pieces.push({ type: 'text', value: value.slice(end) });
    const at = run.parent.children.indexOf(run.node);
    if (at >= 0) run.parent.children.splice(at, 1, ...pieces);
    first = false;
  }
  return !first;
}
