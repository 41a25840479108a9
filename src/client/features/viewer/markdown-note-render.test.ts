import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { notePlugins } from '../../../shared/markdown-note';
import { notePagePlugins, noteSanitizeSchema, pageText, type NotePageOptions } from './markdown-note-render';

/** The viewer's pipeline up to the tree React draws (KaTeX aside): the note's reading, its pages, its HTML cleaned. */
function render(source: string, options: NotePageOptions = {}): Root {
  const { remarkCallouts, remarkPages, rehypePages } = notePagePlugins(options);
  const processor = unified()
    .use(remarkParse)
    .use(notePlugins)
    .use(remarkCallouts)
    .use(remarkPages)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeSanitize, noteSanitizeSchema)
    .use(rehypePages);
  return processor.runSync(processor.parse(source)) as Root;
}

const pagesOf = (tree: Root) =>
  tree.children.filter((node): node is Element => node.type === 'element' && node.properties.dataPageSlot !== undefined);

const textOf = (page: Element) => pageText(page).text.trim();

describe('notePagePlugins', () => {
  it('wraps each top-level section of the note into a numbered page', () => {
    const pages = pagesOf(render('# A\n\nOne.\n\n## A.1\n\nTwo.\n\n# B\n\nThree.\n\n# C\n\nFour.'));
    expect(pages.map((page) => page.properties.dataPageSlot)).toEqual([1, 2, 3]);
    expect(pages.map(textOf)).toEqual(['A\n\nOne.\n\nA.1\n\nTwo.', 'B\n\nThree.', 'C\n\nFour.']);
  });

  it('keeps a page’s unclosed HTML inside that page', () => {
    const pages = pagesOf(render('# A\n\n<div>\n\nopen div\n\n# B\n\nAfter.\n'));
    expect(pages.map(textOf)).toEqual(['A\n\nopen div', 'B\n\nAfter.']);
  });

  it('numbers only its own sections: the note’s sections, data attributes and stray </section> forge no page', () => {
    const tree = render('# A\n\n<section data-page-slot="7" data-cited="true">inner</section>\n\n</section><section data-page-slot="9">\n\npushed out\n\n# B\n\nText.');
    const pages = pagesOf(tree);
    expect(pages.map((page) => page.properties.dataPageSlot)).toEqual([1, 2]);
    expect(textOf(pages[0]!)).toContain('pushed out');
    expect(JSON.stringify(tree)).not.toMatch(/"dataPageSlot":[79]|dataCited/);
  });

  it('marks the cited page and the passage in it, not a like sentence on another page', () => {
    const source = '# A\n\nMitochondria produce ATP.\n\n# B\n\nGlycolysis runs in the cytoplasm. Mitochondria produce most ATP in the inner membrane $x^2$.';
    const tree = render(source, { citedPage: 2, passage: 'Most ATP is made by mitochondria in their inner membrane.' });
    const [first, second] = pagesOf(tree);
    expect(first?.properties.dataCited).toBeUndefined();
    expect(second?.properties.dataCited).toBe('true');
    const marks: Element[] = [];
    const collect = (node: Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (child.properties.dataPassageMark) marks.push(child);
        collect(child);
      }
    };
    collect(first!);
    expect(marks).toEqual([]);
    collect(second!);
    expect(marks.map((mark) => [mark.properties.dataPassageMark, pageText(mark).text])).toEqual([['first', 'Mitochondria produce most ATP in the inner membrane']]);
  });

  it('marks the first page when opened with a passage but no page, and no page as cited', () => {
    const tree = render('# A\n\nOsmosis moves water across a membrane.\n\n# B\n\nOther.', { passage: 'Osmosis moves water across a membrane.' });
    const [first] = pagesOf(tree);
    expect(first?.properties.dataCited).toBeUndefined();
    expect(JSON.stringify(first)).toContain('"dataPassageMark":"first"');
  });

  it('gives a callout its type and its title line, the type as title when it has none; a plain quote stays one', () => {
    const tree = render('# A\n\n> [!warning] Frist beachten\n> Ein Monat.\n\n> [!tip]\n> Lernen.\n\n> Nur ein Zitat.\n');
    const quotes = pagesOf(tree)[0]!.children.filter((node): node is Element => node.type === 'element' && node.tagName === 'blockquote');
    expect(quotes.map((quote) => quote.properties.dataCallout)).toEqual(['warning', 'tip', undefined]);
    expect(quotes.map((quote) => pageText(quote).text.trim())).toEqual(['Frist beachten\n\nEin Monat.', 'Tip\n\nLernen.', 'Nur ein Zitat.']);
  });
});
