import { describe, expect, it } from 'vitest';
import type { Challenge, MindmapNode } from '../../../../shared/artefacts';
import { BLANK, deckSchema, learnPathSchema, mindmapSchema, summarySchema } from '../../../../shared/artefacts';
import type { CourseDescriptionEvent, StudyDocument, StudyPage } from '../engine';
import { StudyEngineError } from '../engine';
import { normaliseFront } from './flashcards';
import { sentencesOf } from './nlp';
import { judgeSentence } from './sentences';
import { createLocalEngine } from './local-engine';

const engine = createLocalEngine();

const page = (pageNumber: number, text: string, heading: string | null = null): StudyPage => ({ pageNumber, text, heading });

/** A lecture script of four pages with numbered sections, a running footer and a page number on every page. */
const biology: StudyDocument = {
  title: 'Cell Biology',
  language: 'en',
  pages: [
    page(
      1,
      `Cell Biology Lecture Notes
1. Photosynthesis
Photosynthesis is the process by which green plants convert light energy into chemical energy.
The chloroplast is the organelle in which photosynthesis takes place in plant cells.
Chlorophyll is a green pigment that absorbs light energy in the chloroplast.
During photosynthesis, plants take up carbon dioxide from the air and release oxygen.
The light reactions of photosynthesis take place in the thylakoid membranes of the chloroplast.
Glucose produced by photosynthesis is stored as starch in many plant cells.
Plants need water, carbon dioxide and light energy for photosynthesis to run.
University of Examples – Biology 101
1`,
    ),
    page(
      2,
      `Cell Biology Lecture Notes
2. Cellular Respiration
Cellular respiration is the process by which cells break down glucose to release energy.
The mitochondrion is an organelle that produces most of the chemical energy of the cell.
Adenosine triphosphate is a molecule that stores and transfers energy within cells.
Cellular respiration takes place in the mitochondrion and needs oxygen from the air.
Glycolysis is the first stage of cellular respiration and takes place in the cytoplasm.
The cells of animals and plants both use cellular respiration to obtain energy from glucose.
University of Examples – Biology 101
2`,
    ),
    page(
      3,
      `Cell Biology Lecture Notes
3. Cell Division
Mitosis is a type of cell division that produces two identical daughter cells.
Meiosis is a type of cell division that produces four gametes with half the chromosomes.
The chromosomes are copied before mitosis begins during the interphase of the cell cycle.
The cell cycle is the series of events that a cell goes through as it grows and divides.
Cancer cells divide without control because the regulation of the cell cycle fails.
During meiosis, homologous chromosomes exchange genetic material in a process called crossing over.
University of Examples – Biology 101
3`,
    ),
    page(
      4,
      `Cell Biology Lecture Notes
4. Membranes and Transport
The cell membrane is a thin layer of lipids that separates the cell from its environment.
Diffusion is the movement of molecules from a region of high concentration to a region of low concentration.
Osmosis is the diffusion of water across a membrane that lets water pass but not solutes.
Active transport is the movement of molecules against a concentration gradient using energy.
Proteins in the cell membrane carry molecules across the membrane by active transport.
The cell membrane controls which molecules enter and leave the cell.
University of Examples – Biology 101
4`,
    ),
  ],
};

const german: StudyDocument = {
  title: 'Zellbiologie',
  language: 'de',
  pages: [
    page(
      1,
      `1. Photosynthese
Die Photosynthese ist der Vorgang, bei dem grüne Pflanzen Lichtenergie in chemische Energie umwandeln.
Der Chloroplast ist das Organell, in dem die Photosynthese in den Pflanzenzellen stattfindet.
Das Chlorophyll ist ein grüner Farbstoff, der die Lichtenergie im Chloroplast aufnimmt.
Bei der Photosynthese nehmen die Pflanzen Kohlendioxid aus der Luft auf und geben Sauerstoff ab.
Die Glukose aus der Photosynthese wird in vielen Pflanzenzellen als Stärke gespeichert.
Die Pflanzen brauchen Wasser, Kohlendioxid und Lichtenergie für die Photosynthese.`,
    ),
    page(
      2,
      `2. Zellatmung
Die Zellatmung ist der Vorgang, bei dem die Zellen Glukose abbauen und Energie freisetzen.
Das Mitochondrium ist ein Organell, das den größten Teil der Energie der Zelle bereitstellt.
Die Zellatmung findet im Mitochondrium statt und braucht Sauerstoff aus der Luft.
Die Glykolyse ist der erste Schritt der Zellatmung und findet im Zytoplasma statt.
Die Zellen von Tieren und Pflanzen nutzen die Zellatmung, um Energie aus der Glukose zu gewinnen.
Das Mitochondrium besitzt eine innere Membran mit vielen Falten für die Zellatmung.`,
    ),
    page(
      3,
      `3. Zellteilung
Die Mitose ist eine Form der Zellteilung, bei der zwei gleiche Tochterzellen entstehen.
Die Meiose ist eine Form der Zellteilung, bei der vier Keimzellen mit halben Chromosomen entstehen.
Die Chromosomen werden vor der Mitose in der Interphase des Zellzyklus verdoppelt.
Der Zellzyklus ist die Abfolge der Phasen, die eine Zelle beim Wachsen und Teilen durchläuft.
Die Krebszellen teilen sich ohne Kontrolle, weil die Steuerung des Zellzyklus versagt.
Bei der Meiose tauschen die Chromosomen genetisches Material aus.`,
    ),
  ],
};

async function allArtefacts(document: StudyDocument) {
  return {
    summary: summarySchema.parse(await engine.summary(document)),
    mindmap: mindmapSchema.parse(await engine.mindmap(document)),
    deck: deckSchema.parse(await engine.flashcards(document)),
    learnPath: learnPathSchema.parse(await engine.learnPath(document)),
  };
}

function depth(node: MindmapNode): number {
  return 1 + Math.max(0, ...node.children.map(depth));
}

function nodes(node: MindmapNode): MindmapNode[] {
  return [node, ...node.children.flatMap(nodes)];
}

function checkChallenge(challenge: Challenge, pages: Set<number>) {
  expect(pages.has(challenge.page)).toBe(true);
  expect(challenge.explanation.trim()).not.toBe('');
  if (challenge.type === 'multiple_choice') {
    expect(challenge.options.filter((option) => option.correct)).toHaveLength(1);
    expect(new Set(challenge.options.map((option) => option.text.toLowerCase())).size).toBe(4);
  }
  if (challenge.type === 'fill_blank') {
    expect(challenge.question).toContain(BLANK);
    expect(challenge.options).toContain(challenge.answer);
    expect(new Set(challenge.options).size).toBe(challenge.options.length);
  }
  if (challenge.type === 'match') {
    expect(new Set(challenge.pairs.map((pair) => pair.term)).size).toBe(challenge.pairs.length);
  }
}

describe('local study engine', () => {
  for (const document of [biology, german]) {
    it(`makes every artefact of a ${document.language} document, within the schemas and citing real pages`, async () => {
      const pages = new Set(document.pages.map((p) => p.pageNumber));
      const { summary, mindmap, deck, learnPath } = await allArtefacts(document);

      expect(summary.sections.length).toBeGreaterThanOrEqual(3);
      for (const section of summary.sections) {
        expect(pages.has(section.page)).toBe(true);
        for (const point of section.points) expect(pages.has(point.page)).toBe(true);
      }
      expect(summary.keyTerms.some((entry) => entry.definition)).toBe(true);

      expect(depth(mindmap.root)).toBeGreaterThanOrEqual(4);
      const all = nodes(mindmap.root);
      expect(new Set(all.map((node) => node.id)).size).toBe(all.length);
      for (const node of all) expect(pages.has(node.page)).toBe(true);

      const fronts = deck.cards.map((card) => normaliseFront(card.front));
      expect(new Set(fronts).size).toBe(fronts.length);
      expect(deck.cards.some((card) => card.kind === 'definition')).toBe(true);
      for (const card of deck.cards) {
        expect(pages.has(card.page)).toBe(true);
        expect(card.front).not.toMatch(/University of Examples|Lecture Notes/);
        if (card.kind === 'cloze') expect(card.front).toContain(BLANK);
      }

      expect(learnPath.units.length).toBeGreaterThanOrEqual(1);
      const challenges = learnPath.units.flatMap((unit) => unit.lessons.flatMap((lesson) => lesson.challenges));
      for (const challenge of challenges) checkChallenge(challenge, pages);
      expect(new Set(challenges.map((challenge) => challenge.type)).size).toBeGreaterThanOrEqual(3);
    });

    it(`gives the same artefacts twice for the same ${document.language} document`, async () => {
      const copy: StudyDocument = { ...document, pages: document.pages.map((p) => ({ ...p })) };
      expect(await allArtefacts(copy)).toEqual(await allArtefacts(document));
    });
  }

  it('follows numbered headings and drops the repeated header, footer and page numbers', async () => {
    const summary = await engine.summary(biology);
    expect(summary.sections.map((section) => section.heading)).toEqual([
      '1. Photosynthesis',
      '2. Cellular Respiration',
      '3. Cell Division',
      '4. Membranes and Transport',
    ]);
    const text = JSON.stringify(summary);
    expect(text).not.toContain('University of Examples');
    expect(text).not.toContain('Lecture Notes');
    const photosynthesis = summary.keyTerms.find((entry) => entry.term.toLowerCase() === 'photosynthesis');
    expect(photosynthesis?.definition).toMatch(/^The process by which green plants/);
  });

  it("quotes the title in the overview and leaves a paper's keyword line out of cards and questions", async () => {
    const paper: StudyDocument = {
      ...biology,
      title: 'biology-notes',
      pages: biology.pages.map((p) =>
        p.pageNumber === 1 ? { ...p, text: p.text.replace('1. Photosynthesis', 'Keywords chloroplast, photosynthesis, light energy.\n1. Photosynthesis') } : p,
      ),
    };
    const summary = await engine.summary(paper);
    expect(summary.overview).toContain('“biology-notes” deals with');
    const deck = await engine.flashcards(paper);
    const path = await engine.learnPath(paper);
    const written = JSON.stringify([summary, deck, path]);
    expect(written).not.toMatch(/Keywords/);
    // The line a paper's first page carries, as the tracemonkey paper writes it: a list of terms, not running text.
    for (const line of ['Keywords JavaScript, just-in-time compilation, trace trees.', 'Index Terms—photosynthesis, chlorophyll, light energy.']) {
      const [found] = sentencesOf(line, 'en');
      expect(found && judgeSentence(found.text, found.tokens, 'en')).toMatchObject({ prose: false, standalone: false });
    }
  });

  it('reads German with its own sentence rules and stop words', async () => {
    const deck = await engine.flashcards(german);
    const definition = deck.cards.find((card) => card.kind === 'definition' && card.front === 'Photosynthese');
    expect(definition?.back).toMatch(/Vorgang/);
    const path = await engine.learnPath(german);
    expect(path.units[0]?.lessons[0]?.title).toMatch(/^Lektion 1/);
  });

  it("titles lessons and describes units in the course's language, and asks in the document's", async () => {
    const inGermanCourse = await engine.learnPath({ ...biology, language: 'de' });
    const lessons = inGermanCourse.units.flatMap((unit) => unit.lessons);
    expect(lessons.every((lesson) => /^Lektion \d+(: |$)/.test(lesson.title))).toBe(true);
    expect(inGermanCourse.units.every((unit) => /^(Behandelt |Übe die wichtigsten Punkte)/.test(unit.description))).toBe(true);
    expect(JSON.stringify(inGermanCourse.units.map((unit) => [unit.description, unit.lessons.map((lesson) => lesson.title)]))).not.toMatch(/Lesson|Covers|Practice/);
    // The questions stay in the document's own language, around its sentences.
    expect(lessons.flatMap((lesson) => lesson.challenges).some((challenge) => /^(Which|What|Match)/.test(challenge.question))).toBe(true);

    const inEnglishCourse = await engine.learnPath({ ...german, language: 'en-GB' });
    expect(inEnglishCourse.units.flatMap((unit) => unit.lessons).every((lesson) => /^Lesson \d+(: |$)/.test(lesson.title))).toBe(true);
    expect(inEnglishCourse.units.every((unit) => /^(Covers |Practice the key points)/.test(unit.description))).toBe(true);
  });

  it('turns a document too thin to study into a StudyEngineError', async () => {
    const thin: StudyDocument = { title: 'Note', language: 'en', pages: [page(1, 'Buy milk.')] };
    await expect(engine.flashcards(thin)).rejects.toBeInstanceOf(StudyEngineError);
    await expect(engine.learnPath(thin)).rejects.toMatchObject({ key: 'tooLittleText' });
  });

  it("makes no mind map of a title slide's few words: no 'Part 1' box with nothing in it", async () => {
    const titleSlide: StudyDocument = { title: 'Title slide', language: 'en', pages: [page(1, 'Cell biology\nMitosis.\nMeiosis.')] };
    await expect(engine.mindmap(titleSlide)).rejects.toMatchObject({ key: 'tooLittleText' });
    // A deck of real headings keeps its outline, even where a slide has no concept to show.
    const outline = await engine.mindmap(biology);
    expect(outline.root.children.map((node) => node.label).some((label) => /^(Part|Teil) \d+$/.test(label))).toBe(false);
  });

  it('streams a course description in chunks, then one to three subjects', async () => {
    const events: CourseDescriptionEvent[] = [];
    for await (const event of engine.describeCourse({ name: 'Biology 101', language: 'en', documents: [biology] })) {
      events.push(event);
    }
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThanOrEqual(2);
    const last = events.at(-1);
    expect(last?.type).toBe('tags');
    if (last?.type === 'tags') {
      expect(last.tags.length).toBeGreaterThanOrEqual(1);
      expect(last.tags.length).toBeLessThanOrEqual(3);
      expect(last.tags).toContain('Biology');
    }
  });
});
