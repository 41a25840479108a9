import { describe, expect, it } from 'vitest';
import { markdownPages } from '../../../ingest/markdown-pages';
import { germanLawNote } from '../../../test/markdown-notes';
import type { AnswerEvent, StudyDocument } from '../engine';
import { createLocalEngine } from './local-engine';

/**
 * Issue 26: study material from students' Markdown notes follows their headings, takes cards from their bold terms and
 * table rows, and shows no Markdown syntax anywhere. The notes are read by the real reading (markdown-pages.ts).
 */
const engine = createLocalEngine();

const noteOf = (source: string, language: string, title = 'Notizen'): StudyDocument => ({
  title,
  language,
  format: 'markdown',
  pages: markdownPages(source).map((page) => ({ pageNumber: page.pageNumber, text: page.text, heading: page.heading ?? null })),
});

/** A longer German note: five ## sections, ### subsections, bold terms, a table, maths. */
const contractNote = [
  '---',
  'title: Vertragsrecht',
  '---',
  '',
  '## Das Angebot',
  '',
  '**Angebot**: eine empfangsbedürftige Willenserklärung, durch die einem anderen ein Vertragsschluss so angetragen wird, dass nur noch dessen Zustimmung erforderlich ist.',
  '',
  'Ein Angebot muss hinreichend bestimmt sein. Die wesentlichen Vertragsbestandteile wie Kaufgegenstand und Preis müssen im Angebot enthalten sein. Eine Zeitungsanzeige ist in der Regel kein Angebot, sondern nur eine Aufforderung zur Abgabe eines Angebots.',
  '',
  '### Bindung an das Angebot',
  '',
  'Der Antragende ist an sein Angebot gebunden, es sei denn, er hat die Gebundenheit ausgeschlossen. Die Bindung endet, wenn das Angebot abgelehnt oder nicht rechtzeitig angenommen wird.',
  '',
  '### Arten der Willenserklärung',
  '',
  '| Erklärung | Zugang | Beispiel |',
  '|---|---|---|',
  '| Unter Anwesenden | sofort mit Vernehmen | Gespräch im Laden |',
  '| Unter Abwesenden | mit Eintritt in den Machtbereich | Brief im Briefkasten |',
  '| Elektronisch | bei Abrufbarkeit | E-Mail im Postfach |',
  '',
  '## Die Annahme',
  '',
  '**Annahme**: die empfangsbedürftige Willenserklärung, mit der der Empfänger dem Angebot vorbehaltlos zustimmt.',
  '',
  'Eine Annahme unter Erweiterungen, Einschränkungen oder sonstigen Änderungen gilt als Ablehnung, verbunden mit einem neuen Angebot. Die Annahme muss rechtzeitig erfolgen. Unter Anwesenden kann ein Angebot nur sofort angenommen werden.',
  '',
  '- **Schweigen**: Schweigen gilt im Rechtsverkehr grundsätzlich nicht als Annahme.',
  '- **Kaufmännisches Bestätigungsschreiben**: Unter Kaufleuten kann Schweigen ausnahmsweise als Zustimmung gelten.',
  '',
  '## Der Dissens',
  '',
  '**Dissens**: die fehlende Einigung der Parteien über Punkte, über die nach dem Willen einer Partei eine Vereinbarung getroffen werden sollte.',
  '',
  'Beim offenen Dissens wissen die Parteien, dass sie sich nicht geeinigt haben. Im Zweifel ist der Vertrag dann nicht geschlossen. Beim versteckten Dissens glauben die Parteien irrtümlich, sich geeinigt zu haben.',
  '',
  '- **Folgen**: Der Vertrag gilt nur, soweit anzunehmen ist, dass er auch ohne eine Bestimmung über den offenen Punkt geschlossen sein würde.',
  '',
  '## Die Form',
  '',
  'Verträge können grundsätzlich ohne eine bestimmte Form geschlossen werden, auch mündlich. Der Kaufvertrag über ein Grundstück bedarf der notariellen Beurkundung.',
  '',
  '## Die Geschäftsfähigkeit',
  '',
  '**Geschäftsfähigkeit**: die Fähigkeit, Rechtsgeschäfte selbstständig wirksam vorzunehmen.',
  '',
  'Geschäftsunfähig ist, wer nicht das siebente Lebensjahr vollendet hat. Ein Minderjähriger, der das siebente Lebensjahr vollendet hat, ist beschränkt geschäftsfähig. Die Willenserklärung eines Geschäftsunfähigen ist nichtig.',
  '',
  'Der Zinsanspruch berechnet sich als $Z = K \\cdot p \\cdot t$ mit dem Kapital $K$.',
].join('\n');

/** Every text a student sees of an artefact, however deep. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => (key === 'id' || key === 'type' || key === 'kind' ? [] : textsOf(entry)));
  }
  return [];
}

/**
 * A note's Markdown syntax that must never reach a student: emphasis marks, links, wikilinks, code, headings, HTML, task
 * boxes (a cloze's blank "____" is no emphasis).
 */
const noteSyntax = /\*\*|(?<!_)__(?!_)|\[\[|\]\]|\]\(|`|~~|==|%%|<\/?[a-z]|^\s*#{1,6}\s|^\s*[-*+]\s\[[ x]\]/im;
/** Outside the Summary tab, which renders its points' own Markdown tables as tables, no table syntax either. */
const tableRule = /\|\s*:?-{3,}/;

describe('study material from a Markdown note', () => {
  it('gives a summary section per heading, in the note’s order', async () => {
    const summary = await engine.summary(noteOf(contractNote, 'de'));
    // "Die Form" is two sentences: a document's section that short joins a neighbour, a note's heading stays.
    expect(summary.sections.map((section) => section.heading)).toEqual(['Das Angebot', 'Die Annahme', 'Der Dissens', 'Die Form', 'Die Geschäftsfähigkeit']);
  });

  it('grows mind-map branches along the heading tree: sections, their subheadings, a table’s rows', async () => {
    const { root } = await engine.mindmap(noteOf(contractNote, 'de'));
    expect(root.children.map((node) => node.label)).toEqual(['Das Angebot', 'Die Annahme', 'Der Dissens', 'Die Form', 'Die Geschäftsfähigkeit']);
    const offer = root.children[0];
    const branches = offer?.children.map((node) => node.label) ?? [];
    expect(branches).toEqual(expect.arrayContaining(['Bindung an das Angebot', 'Arten der Willenserklärung']));
    const kinds = offer?.children.find((node) => node.label === 'Arten der Willenserklärung');
    expect(kinds?.children.map((node) => node.label)).toEqual(['Unter Anwesenden', 'Unter Abwesenden', 'Elektronisch']);
    expect(kinds?.children[1]?.children[0]?.label).toBe('Zugang: mit Eintritt in den Machtbereich; Beispiel: Brief im Briefkasten');
  });

  it('makes cards of bold terms (also one cited with its paragraph) and of table rows', async () => {
    const deck = await engine.flashcards(noteOf(contractNote, 'de'));
    const fronts = deck.cards.map((card) => card.front);
    expect(fronts).toEqual(expect.arrayContaining(['Angebot', 'Annahme', 'Dissens', 'Schweigen', 'Kaufmännisches Bestätigungsschreiben']));
    expect(deck.cards.find((card) => card.front === 'Annahme')?.back).toBe('Die empfangsbedürftige Willenserklärung, mit der der Empfänger dem Angebot vorbehaltlos zustimmt.');
    expect(fronts.some((front) => front.startsWith('Unter Abwesenden'))).toBe(true);
    // A bold word that only names an aspect ("Folgen") is asked with the topic it stands under.
    expect(fronts).toContain('Folgen (Der Dissens)');
    const law = await engine.flashcards(noteOf(germanLawNote, 'de'));
    expect(law.cards.find((card) => card.front === 'Verwaltungsakt')?.back).toMatch(/^Jede Verfügung, Entscheidung oder andere hoheitliche Maßnahme/);
  });

  it('builds learn-path units that start at the note’s headings', async () => {
    const path = await engine.learnPath(noteOf(contractNote, 'de'));
    const headings = ['Das Angebot', 'Die Annahme', 'Der Dissens', 'Die Form', 'Die Geschäftsfähigkeit'];
    expect(path.units.length).toBeGreaterThanOrEqual(2);
    for (const unit of path.units) expect(headings).toContain(unit.title);
    // A unit's blurb speaks of the section it is titled by (also when a thin section after it joined it).
    const pages = markdownPages(contractNote);
    for (const unit of path.units) {
      const own = pages.find((page) => page.heading === unit.title)?.text.toLowerCase() ?? '';
      const named = unit.description.replace(/^Behandelt |\.$/g, '').split(/, | und /);
      expect(named.some((term) => own.includes(term.toLowerCase()))).toBe(true);
    }
  });

  it('shows no Markdown syntax in any summary, mind map, card or challenge, in German and English', async () => {
    const handout = [
      '# Fluid mechanics',
      '',
      '## Laminar flow',
      '',
      '**Laminar flow**: a flow regime in which the fluid moves in smooth parallel layers without mixing between them.',
      '',
      'In laminar flow the *viscosity* dominates over inertia. The [Reynolds number](https://en.wikipedia.org/wiki/Reynolds_number) of a laminar pipe flow is below about 2300. See [[Viscosity]] for details.',
      '',
      '## Turbulent flow',
      '',
      '**Turbulent flow**: a flow regime with chaotic changes in pressure and velocity, in which eddies mix the fluid.',
      '',
      'Turbulent flow appears at high Reynolds numbers. The `friction factor` of a turbulent flow depends on the roughness of the pipe wall. ~~Old claim.~~',
      '',
      '| Regime | Reynolds number | Mixing |',
      '|---|---|---|',
      '| Laminar | below 2300 | none |',
      '| Turbulent | above 4000 | strong |',
    ].join('\n');
    for (const document of [noteOf(contractNote, 'de'), noteOf(germanLawNote, 'de'), noteOf(handout, 'en', 'Fluids')]) {
      const summary = await engine.summary(document);
      const material: unknown[] = [await engine.mindmap(document), await engine.flashcards(document)];
      try {
        material.push(await engine.learnPath(document));
      } catch {
        // A short note may have too little for a lesson; the other material is still checked.
      }
      // Maths stays as the note writes it ($…$, shown with KaTeX): its carets and underscores are no Markdown.
      const bare = (text: string) => text.replace(/\$[^$]*\$/g, '');
      expect(textsOf(summary).filter((text) => noteSyntax.test(bare(text)))).toEqual([]);
      expect(textsOf(material).filter((text) => noteSyntax.test(bare(text)) || tableRule.test(text))).toEqual([]);
    }
  });

  it('keeps maths as maths in the tutor’s answer and quotes no Markdown', async () => {
    const document = noteOf(contractNote, 'de');
    const passages = document.pages.map((page) => ({ fileId: 'f', fileName: 'Vertragsrecht.md', page: page.pageNumber, text: page.text }));
    const events: AnswerEvent[] = [];
    for await (const event of engine.answer('Was ist eine Annahme?', { language: 'de', passages, history: [] })) events.push(event);
    const answer = events.map((event) => (event.type === 'text' ? event.text : '')).join('');
    expect(answer).toContain('Willenserklärung, mit der der Empfänger dem Angebot vorbehaltlos zustimmt');
    expect(answer).not.toMatch(/\*\*Annahme\*\*|\\\*/);
  });
});
