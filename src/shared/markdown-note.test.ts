import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { CALLOUT_PROPERTY, calloutTitle, notePages, notePageStarts, parseNote, wikilinkText } from './markdown-note';

const pageTexts = (tree: Root) => notePages(tree).map((nodes) => nodes.map((node: RootContent) => toString(node)).join(' | '));

describe('a note as pages', () => {
  it('starts a page at every heading of the top level, the highest level used at least twice', () => {
    const tree = parseNote(['# Vertragsrecht', '', '## Angebot', '', 'Ein Angebot ist bindend.', '', '### Zugang', '', 'Zugang unter Abwesenden.', '', '## Annahme', '', 'Die Annahme ist eine Willenserklärung.'].join('\n'));
    // The title alone above the first section joins that section's page; ### stays inside its ## page.
    expect(pageTexts(tree)).toEqual(['Vertragsrecht | Angebot | Ein Angebot ist bindend. | Zugang | Zugang unter Abwesenden.', 'Annahme | Die Annahme ist eine Willenserklärung.']);
  });

  it('gives text before the first heading a page of its own, but not front matter alone', () => {
    const withIntro = parseNote('---\ntitle: X\n---\n\nEinleitung in das Thema.\n\n# Teil A\n\nText A.\n\n# Teil B\n\nText B.\n');
    // (The front matter node stays with page 1; neither the server nor the viewer shows it as text.)
    expect(pageTexts(withIntro)).toEqual(['title: X | Einleitung in das Thema.', 'Teil A | Text A.', 'Teil B | Text B.']);
    const frontMatterOnly = parseNote('---\ntitle: X\n---\n\n# Teil A\n\nText A.\n\n# Teil B\n\nText B.\n');
    expect(notePageStarts(frontMatterOnly)).toEqual([0, 3]);
  });

  it('counts headings only at the top of the note, not inside a quote or a list', () => {
    const tree = parseNote('## Eins\n\nText.\n\n> ## Zitat\n\n- ## Liste\n\n## Zwei\n\nText.\n');
    expect(notePages(tree)).toHaveLength(2);
  });

  it('cuts a note without headings into pages of about 3,000 characters between blocks', () => {
    const paragraph = 'Ein Satz über Verträge, der sich wiederholt. '.repeat(20).trim();
    const tree = parseNote(Array.from({ length: 12 }, () => paragraph).join('\n\n'));
    const pages = notePages(tree);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const nodes of pages) expect(nodes.map((node) => toString(node)).join('\n\n').length).toBeLessThanOrEqual(3_000);
  });
});

describe('the Obsidian reading', () => {
  it('reads wikilinks as their text: alias, note, note and heading', () => {
    expect(wikilinkText('Grundrechte')).toBe('Grundrechte');
    expect(wikilinkText('Staatsorganisationsrecht|Staatsorga')).toBe('Staatsorga');
    expect(wikilinkText('Grundrechte#Art. 12 GG')).toBe('Grundrechte > Art. 12 GG');
    expect(wikilinkText('#Einleitung')).toBe('Einleitung');
    expect(wikilinkText('Notes/Kapitel 1.md')).toBe('Notes/Kapitel 1');
    const tree = parseNote('Siehe [[Grundrechte#Art. 12 GG]] und [[Staatsorganisationsrecht|Staatsorga]], dazu ![[Vertrag]] und ![[schema.png]].');
    expect(toString(tree)).toBe('Siehe Grundrechte > Art. 12 GG und Staatsorga, dazu Vertrag und schema.png.');
    const images: string[] = [];
    const paragraph = tree.children[0];
    if (paragraph?.type === 'paragraph') for (const child of paragraph.children) if (child.type === 'image') images.push(`${child.alt}|${child.url}`);
    expect(images).toEqual(['schema.png|']);
  });

  it('marks highlights, drops comments and callout markers, keeps the callout title', () => {
    const tree = parseNote('Das ist ==wichtig== hier.%%privat%%\n\n%%\nNoch zu tun\n%%\n\n> [!tip]- Merke\n> Die Frist ist ein Monat.\n');
    expect(tree.children).toHaveLength(2);
    expect(toString(tree.children[0])).toBe('Das ist wichtig hier.');
    const paragraph = tree.children[0];
    const mark = paragraph?.type === 'paragraph' ? paragraph.children.find((child) => child.type === 'emphasis') : undefined;
    expect(mark?.data?.hName).toBe('mark');
    // The callout: marked with its type, its title a bold paragraph of its own, then its text.
    const callout = tree.children[1];
    expect(callout?.type).toBe('blockquote');
    if (callout?.type !== 'blockquote') return;
    expect(callout.data?.hProperties?.[CALLOUT_PROPERTY]).toBe('tip');
    expect(calloutTitle(callout)).toBe('Merke');
    expect(callout.children.map((child) => [child.type, toString(child)])).toEqual([
      ['paragraph', 'Merke'],
      ['paragraph', 'Die Frist ist ein Monat.'],
    ]);
    expect(callout.children[0]?.type === 'paragraph' && callout.children[0].children[0]?.type).toBe('strong');
    // Without a title, only the text; a plain quote is no callout.
    const untitled = parseNote('> [!note]\n> Nur Text.\n\n> Ein Zitat.');
    expect(untitled.children.map((node) => (node.type === 'blockquote' ? [calloutTitle(node) ?? null, toString(node)] : null))).toEqual([
      [null, 'Nur Text.'],
      [null, 'Ein Zitat.'],
    ]);
  });

  it('reads a table written under a callout title without > as the table Obsidian shows', () => {
    const tree = parseNote('> [!error] Übersicht der Regeln\n| Regel | Formel |\n| --- | --- |\n| Idempotenz | $A+A=A$ |\n| Kommutativgesetz | $A+B=B+A$ |\n');
    const quote = tree.children[0];
    expect(quote?.type).toBe('blockquote');
    if (quote?.type !== 'blockquote') return;
    expect(calloutTitle(quote)).toBe('Übersicht der Regeln');
    expect(quote.children.map((child) => child.type)).toEqual(['paragraph', 'table']);
    expect(toString(quote.children[1])).not.toContain('|');
  });

  it('reads tags as their words, drops a line of tags alone and block ids', () => {
    const tree = parseNote('#jura #verwaltungsrecht\n\nDer Verwaltungsakt (#vwvfg) ist zentral. ^va-def\n\nIssue #12 und C# bleiben.');
    expect(tree.children.map((node) => toString(node))).toEqual(['Der Verwaltungsakt (vwvfg) ist zentral.', 'Issue #12 und C# bleiben.']);
  });

  it('reads MyST targets and directives, and drops LiaScript quiz answers', () => {
    const source = [
      '(cov)=',
      '# Covariance',
      '',
      '```{figure} ../figures/areas.png',
      '---',
      'name: areas',
      '---',
      'The average area of the rectangles.',
      '```',
      '',
      '```{math}',
      'Cov(X,X) = Var(X)',
      '```',
      '',
      '```{note}',
      ':class: dropdown',
      'Covariance has units.',
      '```',
      '',
      '```{code-cell} python',
      'print(1)',
      '```',
      '',
      '{{1}}',
      '',
      '**Which is right?**',
      '',
      '[[X]] Covariance can be negative',
      '[[ ]] Covariance is unitless',
    ].join('\n');
    const tree = parseNote(source);
    expect(tree.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'math', 'paragraph', 'paragraph']);
    expect(tree.children.map((node) => toString(node))).toEqual(['Covariance', 'The average area of the rectangles.', 'Cov(X,X) = Var(X)', 'Covariance has units.', 'Which is right?']);
  });
});
