import { describe, expect, it } from 'vitest';
import { germanLawNote } from '../test/markdown-notes';
import { notePages, parseNote } from '../../shared/markdown-note';
import { markdownPages } from './markdown-pages';

describe('a Markdown note as pages', () => {
  const pages = markdownPages(germanLawNote);

  it('makes a page of the text before the first heading and one per top-level section, with its heading', () => {
    expect(pages.map((page) => [page.pageNumber, page.heading])).toEqual([
      [1, 'Allgemeines Verwaltungsrecht'],
      [2, 'Der Verwaltungsakt'],
      [3, 'Rücknahme'],
    ]);
    // The front matter's title heads page 1 (the note has no # title of its own); its tags and aliases are no text.
    expect(pages[0]?.text).toBe('# Allgemeines Verwaltungsrecht\n\nNotizen zur Vorlesung im Wintersemester, siehe auch Staatsorga.');
  });

  it('keeps headings by their level under the section level, lists as items, tables as tab-separated rows, in plain words', () => {
    // The note's sections are its ## headings: each is a "#" line, its ### a "##" line.
    expect(pages[1]?.text).toBe(
      [
        '# Der Verwaltungsakt',
        'Verwaltungsakt §35 VwVfG: Jede Verfügung, Entscheidung oder andere hoheitliche Maßnahme, die eine Behörde zur Regelung eines Einzelfalls auf dem Gebiet des öffentlichen Rechts trifft.',
        '1. Behörde: jede Stelle, die Aufgaben der öffentlichen Verwaltung wahrnimmt.\n2. Regelung: eine verbindliche Rechtsfolge wird gesetzt.',
        '## Arten',
        'Art\tBeispiel\tWirkung\nBegünstigender VA\tBaugenehmigung\tgewährt ein Recht\nBelastender VA\tAbrissverfügung\tlegt eine Pflicht auf',
      ].join('\n\n'),
    );
  });

  it('keeps maths as maths, code as text; drops struck-out text, scripts, diagrams and pictures; footnotes close the page', () => {
    const text = pages[2]?.text ?? '';
    expect(text).toContain('Die Rücknahme (§48 VwVfG) betrifft rechtswidrige Verwaltungsakte. Sie war nie frei.');
    expect(text).toContain('• Vertrauensschutz prüfen\n• Frist: $t_{Ende} = t_0 + 1$ Jahr\n• Beginn mit Kenntnis der Tatsachen');
    expect(text).toContain('Ein Satz mit Skript und 2 Hochzahl.');
    expect(text).toContain('$$F = \\sum_{i=1}^{n} x_i$$');
    expect(text).toContain('const frist = 12;');
    expect(text.endsWith('Die Jahresfrist gilt ab Kenntnis, § 48 Abs. 4 VwVfG.')).toBe(true);
    for (const gone of ['alert', 'geheim', 'document.title', 'graph TD', 'schema.png', 'früher unbefristet', '<', '**', '[^', '[[', '~~']) {
      expect(pages.map((page) => page.text).join('\n')).not.toContain(gone);
    }
  });

  it('takes no title from front matter when the note has its own # title, nor from front matter that is not YAML', () => {
    const own = markdownPages('---\ntitle: Anders\n---\n# Optik\n\nLicht ist eine Welle.\n\n## Brechung\n\nText.\n\n## Beugung\n\nText.\n');
    expect(own[0]?.text.startsWith('# Optik')).toBe(true);
    expect(own.map((page) => page.text).join('\n')).not.toContain('Anders');
    const broken = markdownPages('---\ntitle: [unclosed\n---\n\nText ohne Titel.\n');
    expect(broken).toEqual([{ pageNumber: 1, text: 'Text ohne Titel.' }]);
  });

  it('reads an English handout whose sections are ## under a # title, with Windows line ends', () => {
    const handout = ['# Open-channel flow', '', 'Notes for week 3.', '', '## Laminar flow', '', 'In **laminar flow** the fluid moves in parallel layers.', '', '## Turbulent flow', '', 'Turbulent flow mixes the layers.'].join('\r\n');
    const read = markdownPages(handout);
    expect(read.map((page) => page.heading)).toEqual(['Open-channel flow', 'Laminar flow', 'Turbulent flow']);
    expect(read[1]?.text).toBe('# Laminar flow\n\nIn laminar flow the fluid moves in parallel layers.');
  });

  it('makes a callout that names a topic a subheading over its text, and leaves out titles that only name the box', () => {
    const note = ['# Architektur', '', '> [!check] Definition', '> Die Architektur beschreibt den Aufbau eines Rechners.', '', '> [!error] Von-Neumann-Flaschenhals', '> Der Bus begrenzt die Leistung.', '', '> Ein Zitat ohne Titel.'].join('\n');
    expect(markdownPages(note)[0]?.text).toBe(
      '# Architektur\n\nDie Architektur beschreibt den Aufbau eines Rechners.\n\n## Von-Neumann-Flaschenhals\n\nDer Bus begrenzt die Leistung.\n\nEin Zitat ohne Titel.',
    );
  });

  it('reads a definition list (Pandoc, MultiMarkdown) as one glossary line per term', () => {
    const [page] = markdownPages('# Begriffe\n\nWillenserklärung\n: die Äußerung eines auf einen Rechtserfolg gerichteten Willens\nRechtsfähigkeit\n: die Fähigkeit, Träger von Rechten und Pflichten zu sein\n');
    expect(page?.text).toBe('# Begriffe\n\nWillenserklärung: die Äußerung eines auf einen Rechtserfolg gerichteten Willens\nRechtsfähigkeit: die Fähigkeit, Träger von Rechten und Pflichten zu sein');
  });

  it('takes the sections below a # title even when a second # part follows them (an exercises part at the end)', () => {
    const note = ['# Justiciability', '', '## Standing', '', 'Text one.', '', '## Mootness', '', 'Text two.', '', '# Hypotheticals', '', 'Text three.'].join('\n');
    expect(markdownPages(note).map((page) => [page.heading, page.text.split('\n')[0]])).toEqual([
      ['Justiciability', '# Justiciability'],
      ['Mootness', '# Mootness'],
      ['Hypotheticals', '# Hypotheticals'],
    ]);
  });

  it('counts the same pages as the viewer, whatever a section holds, so a citation opens its own page', () => {
    const notes = [
      germanLawNote,
      '![[titelbild.png]]\n\n<script>alert(1)</script>\n\n# Eins\n\nText.\n\n# Zwei\n\nText.',
      '# Eins\n\nText.\n\n# Diagramm\n\n```mermaid\ngraph TD; A-->B;\n```\n\n# Drei\n\nText.',
      '---\ntitle: T\n---\n\n<!-- Kommentar -->\n\n## A\n\n---\n\n## B\n\n%% nur ein Kommentar %%\n\n## C\n\nText.',
      'Ohne Überschrift.\n\n'.repeat(400),
    ];
    for (const note of notes) expect(markdownPages(note).length).toBe(notePages(parseNote(note)).length);
    // A picture and a script before the first heading have nothing to read: they join page 1, no page of their own.
    expect(markdownPages(notes[1] ?? '').map((page) => page.heading)).toEqual(['Eins', 'Zwei']);
    // A section of a diagram alone stays a page (its heading); the diagram is no text.
    expect(markdownPages(notes[2] ?? '')[1]).toEqual({ pageNumber: 2, heading: 'Diagramm', text: '# Diagramm' });
  });

  it('gives nothing for a note of only front matter, comments and scripts', () => {
    expect(markdownPages('---\ntags: [leer]\n---\n\n%% später %%\n\n<script>alert(1)</script>\n\n<!-- nichts -->\n')).toEqual([]);
  });
});
