import { describe, expect, it } from 'vitest';
import type { StudyDocument, StudyPage } from '../engine';
import { analyse } from './analysis';
import { composeAnswer } from './answer';
import { createLocalEngine } from './local-engine';
import { negatedStatement, oppositeStatement } from './negation';
import { sentencesOf } from './nlp';
import { scaffoldingOf } from './scaffolding';
import { pointsBackIn } from './sentences';
import { prepareBlocks } from './text-prep';

/**
 * Rules found on an unseen part of the evaluation, each from the labels of that part (fresh7) read after its
 * measurement:
 * headings with HTML comments in Markdown notes, a preface left out, a German ordinal inside a sentence, false
 * statements that stay grammatical, steps of an algorithm and instructions after a lead-in, words that lean on the
 * text before them. Each test fails without the rule it names.
 */
const page = (pageNumber: number, text: string): StudyPage => ({ pageNumber, text, heading: null });
const doc = (language: string, pages: StudyPage[], title = 'Notes'): StudyDocument => ({ title, language, pages });

const franckHertz = [
  '# Vorlesungsexperimente',
  '',
  '## Vorwort',
  '',
  'An der Hochschule werden theoretische Physik und Experimentalphysik in jeweils eigenen Lehrveranstaltungen unterrichtet.',
  'Die vorliegende Sammlung von Versuchsbeschreibungen soll bei der Sicherung der Erkenntnisse aus den Vorlesungsexperimenten helfen.',
  '',
  '## Atomphysik',
  '',
  '### Franck<!-- style ="font-variant: small-caps;" -->-Hertz<!-- style ="font-variant: small-caps;" -->-Versuch',
  '',
  'Der Franck-Hertz-Versuch untersucht die Anregung von Neon-Atomen durch Elektronenstoß in einer Röhre mit Neongas.',
  '',
  '#### Durchführung',
  '',
  'Sobald die Beschleunigungsspannung die Gegenspannung übersteigt, erreichen die Elektronen die Auffängerelektrode und es wird ein Strom gemessen.',
  'Oberhalb einer gewissen Beschleunigungsspannung nimmt der Auffängerstrom an der Auffängerelektrode wieder deutlich ab.',
  'Bei ausreichend hoher Beschleunigungsspannung erhalten die Elektronen nach der ersten Anregung wieder die zur Anregung der Neon-Atome erforderliche Energie.',
  'Durch die weitere Beschleunigung der Elektronen nach der zweiten Anregungszone steigt der Auffängerstrom an der Auffängerelektrode wieder an.',
  'Die Elektronen geben in der Anregungszone ihre Energie an die Neon-Atome ab, und die Neon-Atome leuchten in der Anregungszone orange-rot.',
  'Der Abstand der Minima des Auffängerstroms beträgt etwa neunzehn Volt, die Anregungsenergie der Neon-Atome für den Elektronenstoß.',
].join('\n');

describe('notes in Markdown with HTML comments (tenth session)', () => {
  it('reads a heading without the comments inside it, and leaves a comment over several lines out', () => {
    const blocks = prepareBlocks([page(1, `<!--\nauthor: Dr. Muster\nemail: muster@example.org\n-->\n\n${franckHertz}`)], 'de');
    expect(blocks.some((block) => block.kind === 'heading' && block.text === 'Franck-Hertz-Versuch')).toBe(true);
    expect(blocks.some((block) => block.text.includes('muster@example.org') || block.text.includes('<!--'))).toBe(false);
    // The note's first heading names it, after the comment too (the summary's title was the file's name).
    const titled = analyse(doc('de', [page(1, `<!--\nauthor: Dr. Muster\n-->\n\n# Soziale Interaktionen im Tierreich {#Sozialverhalten}\n\n${franckHertz}`)], 'experimente'));
    expect(titled.title).toBe('Soziale Interaktionen im Tierreich');
  });
});

describe('a script’s preface and its back matter end where they end (tenth session)', () => {
  it('leaves a preface ("Vorwort") out of every artefact, and keeps the section after a back-matter heading of the same level', () => {
    const analysis = analyse(doc('de', [page(1, franckHertz)]));
    expect(analysis.sentences.some((sentence) => sentence.text.includes('Lehrveranstaltungen'))).toBe(false);
    // "### Hinweis zum Urheberrecht" ends at "### Brechung", a heading as high as its own (three pages: back matter on the
    // first page is no end of the document).
    const script = [
      page(1, '# Skript\n\n## Optik\n\n### Hinweis zum Urheberrecht\n\nDieses Werk steht unter einer freien Lizenz der Autoren und darf geteilt werden.\n\n### Brechung\n\nDie Brechzahl von Wasser beträgt etwa eins Komma drei drei bei sichtbarem Licht.'),
      page(2, '## Mechanik\n\nDie Arbeit ist Kraft mal Weg entlang der Bahn des Körpers im Feld der Schwerkraft.'),
      page(3, '## Wärmelehre\n\nDie Temperatur ist ein Maß für die mittlere kinetische Energie der Teilchen eines Körpers.'),
    ];
    expect(prepareBlocks(script, 'de').find((block) => block.kind === 'heading' && block.text === 'Hinweis zum Urheberrecht')).toMatchObject({ backMatter: true });
    const kept = analyse(doc('de', script)).sentences.map((sentence) => sentence.text);
    expect(kept.some((text) => text.includes('Brechzahl'))).toBe(true);
    expect(kept.some((text) => text.includes('Lizenz'))).toBe(false);
  });
});

describe('sentences read as a teacher reads them (tenth session)', () => {
  it('does not end a German sentence at an ordinal number ("zu Beginn des 20. Jahrhunderts", "am 5. Mai")', () => {
    const text = 'Der äußere Photoeffekt gehört zu den Experimenten, die zu Beginn des 20. Jahrhunderts zur Quantenoptik geführt haben. Am 5. Mai war es warm. Es gibt 3. Danach kommt die 4.';
    expect(sentencesOf(text, 'de').map((sentence) => sentence.text)).toEqual([
      'Der äußere Photoeffekt gehört zu den Experimenten, die zu Beginn des 20. Jahrhunderts zur Quantenoptik geführt haben.',
      'Am 5. Mai war es warm.',
      'Es gibt 3.',
      'Danach kommt die 4.',
    ]);
  });

  it('keeps a slide’s bullets apart when they are statements of their own, not a list its lead-in runs into', () => {
    const blocks = prepareBlocks(
      [page(1, 'Generational GC\n• Neue Objekte werden in der Kinderstube angelegt\n• Häufiges GC in Kinderstube\n• Überlebende Objekte werden nach N Generationen in den Erwachsenenbereich verschoben\n• Deutlich selteneres GC im Erwachsenenbereich')],
      'de',
    );
    const texts = blocks.filter((block) => block.kind === 'text').map((block) => block.text);
    expect(texts).toContain('Neue Objekte werden in der Kinderstube angelegt.');
    expect(texts.some((text) => text.includes('angelegt Häufiges'))).toBe(false);
    // A lead-in that runs on into its list is still one statement.
    const listed = prepareBlocks([page(1, 'Datenschutz\n• Datensicherheit schützt Informationen vor\n• Verlust\n• Veränderung\n• Diebstahl')], 'de');
    expect(listed.some((block) => block.kind === 'text' && block.text.endsWith('Datensicherheit schützt Informationen vor Verlust, Veränderung und Diebstahl.'))).toBe(true);
  });

  it('takes the steps of an algorithm and an instruction after a lead-in for no statement', () => {
    // A step of an algorithm is no statement to learn; the tutor still answers "how does it work" with it.
    expect(scaffoldingOf('Stoppe Programmausführung und kopiere alle erreichbaren Objekte von A nach B.', 'de')).toBe('step');
    expect(scaffoldingOf('Alloziere nur Speicher aus A (bis der Bereich voll ist).', 'de')).toBe('step');
    expect(scaffoldingOf('Traversiere ausgehend von den Wurzeln alle Objekte und markiere sie.', 'de')).toBe('step');
    expect(scaffoldingOf('Kopieren erzeugt eine zusätzliche Datei; das Original bleibt erhalten.', 'de')).toBeUndefined();
    expect(analyse(doc('de', [page(1, 'Stop-and-Copy\n\nStoppe Programmausführung und kopiere alle erreichbaren Objekte von A nach B.')])).sentences.filter((sentence) => sentence.standalone)).toEqual([]);
    expect(scaffoldingOf('Idee: Nutze die interne Verwaltung des Heaps zum Finden von Objekten.', 'de')).toBe('instruction');
    expect(scaffoldingOf('Barriere zwischen zwei Zellen ist dünn.', 'de')).toBeUndefined();
    expect(scaffoldingOf('For more details, consult the Origin online documentation.', 'en')).toBe('instruction');
    expect(scaffoldingOf('In the dialog box, check that the right fitting options are entered.', 'en')).toBe('instruction');
    expect(scaffoldingOf('In the US, state law requires a licence.', 'en')).toBeUndefined();
    expect(scaffoldingOf('In physics, work is done by a force along a path.', 'en')).toBeUndefined();
    // The step's imperative is no key term.
    const analysis = analyse(doc('de', [page(1, 'Heuristik\n\nBeobachte den allozierten Speicher der virtuellen Maschine.\n\nDer Speicher der virtuellen Maschine wird vom Garbage Collector verwaltet.\n\nDer Garbage Collector gibt den Speicher unerreichbarer Objekte frei.')]));
    expect(analysis.terms.map((term) => term.display)).not.toContain('Beobachte');
  });

  it('reads a statement that leans on the text before it as no statement of its own', () => {
    for (const text of [
      'Die Laufzeit des Lichts ist nun wieder konstant.',
      'Ein weiterer Grund für Passivkonstruktionen ist der wissenschaftliche Stil.',
      'Wie bereits erwähnt handelt es sich bei Seminararbeiten um wissenschaftliche Aufsätze.',
      'Verdeutlicht wird dies im Vorlesungsexperiment durch die Interferenz einzelner Photonen.',
      'Am Ende der Apparatur befindet sich der oben bereits beschriebene Detektor.',
    ]) {
      expect(pointsBackIn(text, 'de')).toBe(true);
    }
    expect(pointsBackIn('The first output is an array of estimators that give the best fit.', 'en')).toBe(true);
    expect(pointsBackIn('The first law of thermodynamics states that energy is conserved.', 'en')).toBe(false);
    const analysis = analyse(doc('de', [page(1, 'Davor ist eine verschiebbare Spaltblende angeordnet, die die Position des Detektors auswählt.\n\nVielmehr geht es darum, Erkenntnisse klar und eindeutig zu vermitteln.')]));
    expect(analysis.sentences.filter((sentence) => sentence.standalone)).toEqual([]);
    expect(analysis.terms.some((term) => term.display === 'Davor' && term.definition)).toBe(false);
  });

  it('takes a note’s label ("Notiz:") off the statement it announces', () => {
    const blocks = prepareBlocks([page(1, 'Radikalische Substitution\n\nNotiz: Da die Rekombination energetisch ungünstig ist, spielt der Kettenabbruch meist eine untergeordnete Rolle.')], 'de');
    expect(blocks.some((block) => block.kind === 'text' && block.text.startsWith('Da die Rekombination'))).toBe(true);
  });
});

describe('false statements that stay grammatical (tenth session)', () => {
  it('negates only the main clause: a clause after the sentence’s opening article blocks the negation', () => {
    expect(
      negatedStatement('Die elektrophile Addition funktioniert nur mit Chlor (Cl), da Fluor so elektronegativ ist, dass es die Bindung angreift.', 'de'),
    ).toBeUndefined();
    expect(negatedStatement('Die elektrophile Addition funktioniert mit Chlor, da Fluor so elektronegativ ist, dass es angreift.', 'de')).toBeUndefined();
    expect(negatedStatement('Die elektrophile Addition ist eine Reaktion der Alkene.', 'de')).toBe('Die elektrophile Addition ist keine Reaktion der Alkene.');
  });

  it('turns a separable verb with its particle: "steigt … wieder an" becomes "sinkt … wieder ab"', () => {
    expect(oppositeStatement('Nach der zweiten Anregungszone steigt der Auffängerstrom wieder an.', 'de')).toBe('Nach der zweiten Anregungszone sinkt der Auffängerstrom wieder ab.');
    expect(oppositeStatement('Der Druck sinkt bei höherer Temperatur nicht ab.', 'de')).toBeUndefined();
    expect(oppositeStatement('Der Druck im Gefäß sinkt stark ab.', 'de')).toBe('Der Druck im Gefäß steigt stark an.');
  });
});

describe('from the eighth unseen part (fresh8), read after its measurement (tenth session)', () => {
  it('reads a Markdown paragraph whole however its lines wrap, and a heading without its Pandoc attributes', () => {
    const text = '# Soziale Interaktionen im Tierreich {#Sozialverhalten}\n\nDieser nach James\nFranck und\nGustav Hertz\nbenannte Versuch untersucht die Anregung von Atomen durch Elektronenstoß.\n\n## Altruismus\n\nAltruismus ist ein Verhalten, bei dem das empfangende Individuum profitiert.';
    const blocks = prepareBlocks([page(1, text)], 'de');
    expect(blocks.some((block) => block.kind === 'heading' && block.text === 'Soziale Interaktionen im Tierreich')).toBe(true);
    expect(blocks.some((block) => block.kind === 'text' && block.text.startsWith('Dieser nach James Franck und Gustav Hertz benannte Versuch'))).toBe(true);
  });

  it('reads words that point at a picture, a later or an earlier passage, an aside’s opener and "zudem" as leaning on their context', () => {
    expect(pointsBackIn('Neal Wilson, pictured here, wrote a dissertation looking at lead poisoning in children.', 'en')).toBe(true);
    expect(pointsBackIn('The structure and the page limits are very important here.', 'en')).toBe(true);
    expect(pointsBackIn('The solutions below all include an assumption of steady flow.', 'en')).toBe(true);
    expect(pointsBackIn('One may represent the basal shear stress by the roughness relationships from earlier.', 'en')).toBe(true);
    expect(pointsBackIn('Beobachtungen während der Experimente zeigen zudem, dass das Männchen viel Energie investiert.', 'de')).toBe(true);
    expect(pointsBackIn('Shear stress below the water surface grows with depth.', 'en')).toBe(false);
    const analysis = analyse(doc('en', [page(1, 'Alternatively, one may represent the basal shear stress by using the roughness and flow-velocity relationships.\n\nMost importantly, there are no accelerations in a steady flow of water in the channel.\n\nGained insight into how viscosity and momentum affect the form of flows.')]));
    expect(analysis.sentences.filter((sentence) => sentence.standalone)).toEqual([]);
  });

  it('takes a numbered example and a learning objective for no content', () => {
    expect(scaffoldingOf('Example 2: When the Mississippi River reaches the ocean, its depth is closer to 10 meters.', 'en')).toBe('instruction');
    expect(scaffoldingOf('Beispiel 3: Ein Ball fällt aus zehn Metern Höhe auf den Boden.', 'de')).toBe('instruction');
    expect(scaffoldingOf('Examples of rivers with steady flow are common.', 'en')).toBeUndefined();
    expect(scaffoldingOf('Become familiar with some standard equations and terminology used with open-channel flows.', 'en')).toBe('instruction');
  });

  it('blanks a single English word on a card only where the document defines it or names a heading after it', async () => {
    const text = [
      'Open-channel flow',
      '',
      'The speed of water in a river channel is a major contributor to geomorphic change and to sediment transport.',
      'In laminar flow, viscosity dominates over inertia, and the water moves in smooth parallel layers along the bed.',
      'Turbulent flow mixes momentum through eddies, which move fast parcels down and slow parcels up in the channel.',
      'The flow depth and the bed slope together set the basal shear stress that a river exerts on its bed.',
      'Engineers survey the channel to estimate the roughness of the bed and the mean velocity of the flow.',
      'Near the bed the eddies carry momentum towards the water surface in bursts.',
      'Friction with the banks slows the water, so the momentum of the eddies decays downstream.',
    ].join('\n');
    const cards = (await createLocalEngine().flashcards(doc('en', [page(1, text)], 'Open-channel flow'))).cards.filter((card) => card.kind === 'cloze');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.back.split(/\s+/).length > 1 || /^\p{Lu}{2,}/u.test(card.back)).toBe(true);
  });
});

describe('general words of every subject (tenth session, from fresh8)', () => {
  it('takes "Verhalten", "Beobachtungen", "survey" and "researcher" alone for no key term', () => {
    const german = analyse(doc('de', [page(1, 'Altruistisches Verhalten\n\nDas Verhalten der Hamster wurde in Beobachtungen untersucht.\n\nBeobachtungen zeigen ein auffallendes Verhalten der Weibchen bei großen Würfen.\n\nDas Verhalten der Männchen zeigt sich in der Bewachung des Nests.')]));
    const germanTerms = german.terms.map((term) => term.display);
    expect(germanTerms).not.toContain('Verhalten');
    expect(germanTerms).not.toContain('Beobachtungen');
    const english = analyse(doc('en', [page(1, 'The survey rates each house.\n\nA researcher enters the survey data for every house on the street.\n\nThe researcher repeats the survey every year to rate the houses.')]));
    const englishTerms = english.terms.map((term) => term.display.toLowerCase());
    expect(englishTerms).not.toContain('survey');
    expect(englishTerms).not.toContain('researcher');
  });
});

describe('a licence notice at the top of a one-page note (tenth session)', () => {
  it('keeps the note after it; references at the end of a one-page text still end it', () => {
    const note = '# Mechanik\n\n## Hinweis zum Urheberrecht\n\nDieses Werk steht unter einer freien Lizenz der Autoren.\n\n## Arbeit\n\nDie Arbeit ist Kraft mal Weg entlang der Bahn des Körpers im Feld der Schwerkraft.\n\n## Leistung\n\nDie Leistung ist die verrichtete Arbeit geteilt durch die dafür benötigte Zeit.';
    const kept = analyse(doc('de', [page(1, note)])).sentences.map((sentence) => sentence.text);
    expect(kept.some((text) => text.startsWith('Die Arbeit ist Kraft mal Weg'))).toBe(true);
    const paper = 'Energy\n\nThe work done on a body equals the force along its path times the distance it moves.\n\nThe power of a machine is the work it does divided by the time it takes to do it.\n\nA joule is the work done by a force of one newton over a distance of one metre.\n\nReferences\n\nSmith, J. (2001). Mechanics for everyone. London: Example Press, pages one to ninety.';
    const sentences = analyse(doc('en', [page(1, paper)])).sentences.map((sentence) => sentence.text);
    expect(sentences.some((text) => text.startsWith('The power of a machine'))).toBe(true);
    expect(sentences.some((text) => text.includes('Example Press'))).toBe(false);
  });
});

describe('the tutor answers "how does it work" with a procedure’s steps (tenth session)', () => {
  it('keeps the steps of an algorithm in its answer, though they are no study items', () => {
    const slide = [
      'Stop-and-Copy Garbage Collection',
      '• Teile Heap in zwei Bereiche (A und B)',
      '• Alloziere nur Speicher aus A (bis der Bereich voll ist)',
      '• Stoppe Programmausführung und kopiere alle erreichbaren Objekte von A nach B',
      '• Gebe gesamten Speicher in A frei',
    ].join('\n');
    const answer = composeAnswer('Wie funktioniert Stop-and-Copy Garbage Collection?', {
      language: 'de',
      history: [],
      passages: [{ fileId: 'f', fileName: 'gc.pdf', page: 3, text: slide }],
    })
      .map((event) => (event.type === 'text' ? event.text : ''))
      .join('');
    expect(answer).toContain('Alloziere nur Speicher aus A');
    expect(answer).toContain('kopiere alle erreichbaren Objekte');
  });
});
