import { describe, expect, it } from 'vitest';
import { chunkPages } from '../chunks';
import type { AnswerContext, AnswerEvent, AnswerPassage } from '../engine';
import { splitIntoPages } from '../../../ingest/text-pages';
import { lectureText } from '../../../test/lecture';
import { answerQuestion, composeAnswer } from './answer';
import { createLocalEngine } from './local-engine';
import { createThreadedLocalEngine } from './threaded-engine';
import { latexToText, markdownSafe, readableText } from './tutor-text';
import { sentencesOf } from './nlp';

const passages = chunkPages(splitIntoPages(lectureText, 900).map((text, index) => ({ pageNumber: index + 1, text }))).map((chunk) => ({
  fileId: 'file-1',
  fileName: 'Cell Biology.txt',
  page: chunk.page,
  text: chunk.text,
}));
const context = (history: AnswerContext['history'] = []): AnswerContext => ({ language: 'en', passages, history });

const fullTextOf = (events: AnswerEvent[]) => events.map((event) => (event.type === 'text' ? event.text : '')).join('');
/** The answer after its one-line lead-in ("Here is what your documents say about this:"). */
const textOf = (events: AnswerEvent[]) => fullTextOf(events).replace(/^(?:Here is what your documents say about this:|Das steht in deinen Dokumenten dazu:)\n\n/, '');
const citationsOf = (events: AnswerEvent[]) => events.flatMap((event) => (event.type === 'citation' ? [event.citation] : []));
const on = (language: string, ...texts: [page: number, text: string][]): AnswerContext => ({
  language,
  history: [],
  passages: texts.map(([page, text]): AnswerPassage => ({ fileId: 'f', fileName: 'notes.md', page, text })),
});
const declined = (events: AnswerEvent[]) => citationsOf(events).length === 0;

async function collect(stream: AsyncIterable<AnswerEvent>) {
  const events: AnswerEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Passages as retrieval hands them over: a physics text with Markdown and LaTeX, a chemistry handout with a table. */
const physics = on(
  'en',
  [
    4,
    '## Energy in packets\n\nPhysicists at the time understood that hot objects glow. Heat a piece of iron and it radiates: first a dull red, then orange, then white. The best theoretical predictions diverged from the data at short wavelengths, predicting infinite energy where experiments showed almost none. This embarrassment became known as the "ultraviolet catastrophe."[^planck1901]\n\nMax Planck found the fix by making an assumption he didn\'t entirely believe. He proposed that energy is not emitted continuously, like water from a hose, but in discrete packets---*quanta*---whose size depends on frequency:\n\n$$\nE = h\\nu\n$$',
  ],
  [
    5,
    'Five years after Planck\'s proposal, Albert Einstein showed that light itself behaves as a stream of particles. His evidence came from the **photoelectric effect**: light knocks electrons out of a metal only above a threshold frequency. Mix hydrogen gas and chlorine gas in a sealed tube and shine a blue lamp at it: a chain reaction starts.',
  ],
  [
    6,
    '### Real conditions\n\nThe speed of light \\( c \\) is constant. To know the actual energy available, you need the master equation: $$ \\Delta G = \\Delta G^\\circ + RT \\ln Q $$ For an ideal gas, $$ p \\cdot V = n R T $$ holds.',
  ],
);

const spectroscopy = on(
  'en',
  [
    9,
    '### Key Information from MS\n\n| Feature | Information |\n| --- | --- |\n| Molecular ion | Molar mass of the compound |\n| M + 1 peak | Presence of $\\mathrm{C}$-13 (about $1.1\\%$ per C atom) |\n| M + 2 peak | Presence of $\\mathrm{Cl}$ ($3:1$) or $\\mathrm{Br}$ ($1:1$) |',
  ],
  [10, '### Nitrogen Rule\n\nIf the molecular ion has an **odd** nominal mass, the compound likely contains an **odd** number of nitrogen atoms.'],
);

const enolates = on(
  'en',
  [2, 'The **thermodynamic enolate** is the "marathoner." It is the product that is the most *stable*. This is almost always the enolate where the double bond is more highly substituted.'],
  [
    1,
    'Through the magic of **resonance**, this negative charge is delocalized, shared with the electronegative oxygen atom of the carbonyl. This shared state, a hybrid between a carbanion and an alkoxide, is called an **enolate**. It is this stabilization that makes the whole process possible.',
  ],
);

const solidState = on(
  'de',
  [
    7,
    '### Rastertunnelmikroskop (STM)\nDas STM basiert auf dem Tunneleffekt der Quantenmechanik. Über ein Piezoröhrchen tastet eine feine Spitze die Oberfläche ab. Es kann nur leitende Materialien messen.\n\n### Rasterkraftmikroskop (AFM)\nDas AFM misst die wirkende Kraft und kann auch nichtleitende Materialien an der Oberfläche vermessen.',
  ],
  [3, '### Packungsdichte\nDie meisten Kristalle kristallisieren so, dass sie eine hohe Packungsdichte erreichen. Das kubisch flächenzentrierte Gitter erreicht eine Packungsdichte von 0,74.'],
);

describe('the local tutor', () => {
  it('answers a question in the student’s own words from the passage that holds the answer, citing its page', () => {
    const events = composeAnswer('Why did the old theory fail to explain the light given off by hot objects?', physics);
    const text = textOf(events);
    expect(text).toContain('The best theoretical predictions diverged from the data at short wavelengths, predicting infinite energy');
    expect(citationsOf(events).map((citation) => physics.passages[citation.passage]?.page)).toContain(4);
  });

  it('answers when a rare phrase of the document stands in the question verbatim, though other words do not', () => {
    const catastrophe = textOf(composeAnswer('What does the ultraviolet catastrophe refer to in the history of physics?', physics));
    expect(catastrophe).toContain('This embarrassment became known as the "ultraviolet catastrophe."');
    // …and the sentence it leans on comes first, so the answer says what the embarrassment was.
    expect(catastrophe.indexOf('predicting infinite energy')).toBeLessThan(catastrophe.indexOf('This embarrassment'));
    const peak = textOf(composeAnswer('What does the M + 2 peak tell you?', spectroscopy));
    expect(peak).toMatch(/^M \+ 2 peak: Presence of Cl \(3:1\) or Br \(1:1\)\. \[1\]/);
  });

  it('declines a question two of whose nouns the passages hold nowhere, though its subject is there', () => {
    expect(declined(composeAnswer('How did the photoelectric effect change the pension and the salary of Einstein?', physics))).toBe(true);
    expect(declined(composeAnswer('How did the photoelectric effect show that light behaves as particles?', physics))).toBe(false);
  });

  it('declines questions whose subject the passages never name, even when some of their words are there', () => {
    for (const question of ['What is the Compton effect?', 'How does a nuclear reactor control the chain reaction?', 'What is the capital of France?']) {
      const events = composeAnswer(question, physics);
      expect(declined(events), question).toBe(true);
      expect(textOf(events)).toMatch(/^Your documents don't cover this/);
    }
    expect(declined(composeAnswer('What is a Grignard reagent?', spectroscopy))).toBe(true);
    expect(textOf(composeAnswer('Was ist die Bandlücke eines Halbleiters?', solidState))).toMatch(/^Dazu finde ich nichts in deinen Dokumenten\./);
  });

  it('leads with the sentence that defines exactly what was asked, before narrower ones', () => {
    const text = textOf(composeAnswer('What is an enolate?', enolates));
    // The definition leans on the sentence before it ("This shared state …"), which comes with it; the narrower
    // "thermodynamic enolate" of the first passage is not the answer.
    expect(text).toMatch(/^Through the magic of resonance, .* \[1\] This shared state, a hybrid between a carbanion and an alkoxide, is called an enolate\. \[1\]/);
    expect(text).not.toMatch(/^The thermodynamic enolate/);
    const meant = on('en', [3, 'Trace trees were proposed by Gal for dynamic compilers.'], [4, 'This section explains how a recorded trace is translated to machine code.'], [5, 'A trace is a program path, which may cross function call boundaries.']);
    expect(textOf(composeAnswer('What is meant by "trace"?', meant))).toMatch(/^A trace is a program path, which may cross function call boundaries\. \[1\]/);
  });

  it('composes a few sentences, each followed by the marker of its page’s citation, announced before it', () => {
    const events = composeAnswer('What did Planck propose?', physics);
    const text = textOf(events);
    expect(text).toContain('He proposed that energy is not emitted continuously');
    const sentences = text.split(/(?<=\[\d\])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(5);
    for (const sentence of sentences) expect(sentence).toMatch(/[.!?:…"”)] \[\d\]$/);
    const citations = citationsOf(events);
    // One citation per page: two sentences from page 4 share [1].
    expect(new Set(citations.map((citation) => physics.passages[citation.passage]?.page)).size).toBe(citations.length);
    expect(text.match(/\[1\]/g)?.length).toBeGreaterThanOrEqual(2);
    for (const [index] of citations.entries()) {
      const announced = events.findIndex((event) => event.type === 'citation' && event === events.filter((e) => e.type === 'citation')[index]);
      const marked = events.findIndex((event) => event.type === 'text' && event.text.includes(`[${index + 1}]`));
      expect(announced).toBeLessThan(marked);
    }
  });

  it('writes Markdown and LaTeX source out as readable text: no escaped stars, no \\( or $$ left', () => {
    const gas = textOf(composeAnswer('What holds for an ideal gas?', physics));
    expect(gas).toContain('p · V = nRT');
    const master = textOf(composeAnswer('What is the master equation for the actual energy available?', physics));
    expect(master).toContain('ΔG = ΔG° + RT ln Q');
    const light = textOf(composeAnswer('What is the speed of light?', physics));
    expect(light).toContain('The speed of light c is constant.');
    const evidence = textOf(composeAnswer('What was the evidence for photons?', physics));
    expect(evidence).toContain('photoelectric effect: light knocks electrons');
    for (const text of [gas, master, light, evidence]) {
      expect(text).not.toMatch(/\\[*_([$]|\$\$|\*\*|\[\^/);
    }
    expect(readableText('A **systematic error** causes _measurements_ to deviate [12].')).toBe('A systematic error causes measurements to deviate.');
    expect(readableText('Die Oktave entspricht dem Frequenzverhältnis 1 : 2 . Merke : das gilt immer.')).toBe('Die Oktave entspricht dem Frequenzverhältnis 1 : 2. Merke: das gilt immer.');
    expect(readableText('OER sind frei zugängliche Materialien.:contentReference[oaicite:1]{index=1} Sie sind offen.')).toBe(
      'OER sind frei zugängliche Materialien. Sie sind offen.',
    );
    expect(latexToText('$h \\approx 6.626 \\times 10^{-34}$ J$\\cdot$s and $\\text{H}_2 + \\text{Cl}_2 \\rightarrow 2\\text{HCl}$')).toBe(
      'h ≈ 6.626 × 10⁻³⁴ J·s and H₂ + Cl₂ → 2HCl',
    );
  });

  it('keeps document text from becoming markup, links or citation markers', () => {
    const hostile = on('en', [3, 'The <img src=x onerror=alert(1)> tag, **stars**, `code` and [see here](javascript:alert(1)) show how a sanitizer treats markup [12] as in [3].']);
    const text = textOf(composeAnswer('How does a sanitizer treat markup?', hostile));
    expect(text).toContain('The \\<img src=x onerror=alert(1)> tag, stars, code and see here show how a sanitizer treats markup as in. [1]');
    expect(text.match(/\[\d+\]/g)).toEqual(['[1]']);
    expect(text).not.toContain('javascript');
    expect(markdownSafe('1. item * with ~tilde~ and [2]')).toBe('1\\. item ∗ with ∼tilde∼ and (2)');
  });

  it('quotes verbatim in a blockquote only when the student asks for a quote', () => {
    const asked = textOf(composeAnswer('Zitiere, was die Notizen zum Rastertunnelmikroskop sagen.', solidState));
    expect(asked).toMatch(/^Das steht wörtlich in deinen Dokumenten:\n\n> Das STM basiert auf dem Tunneleffekt der Quantenmechanik\./);
    const plain = textOf(composeAnswer('Was ist ein Rastertunnelmikroskop?', solidState));
    expect(plain).not.toContain('>');
    // Citing as the student's own task is a question about the document's content, not a request for its words.
    const citing = textOf(composeAnswer('Wie zitiert man die Aussage, dass das Rastertunnelmikroskop auf dem Tunneleffekt basiert?', solidState));
    expect(citing).toMatch(/Tunneleffekt/);
    expect(citing).not.toMatch(/^Das steht wörtlich/);
    expect(textOf(composeAnswer('Kannst du zitieren, was die Notizen zum Rastertunnelmikroskop sagen?', solidState))).toMatch(/^Das steht wörtlich/);
    expect(plain).toMatch(/^Das STM basiert auf dem Tunneleffekt der Quantenmechanik\. \[1\]/);
    expect(textOf(composeAnswer('Was steht wörtlich zum Rasterkraftmikroskop?', solidState))).toMatch(/^Das steht wörtlich in deinen Dokumenten:\n\n> Das AFM misst/);
  });

  it('answers German as well as English: inflections, compounds and abbreviations the document defines', () => {
    for (const question of ['Worauf beruht das Prinzip des Rastertunnelmikroskops?', 'Wie funktioniert die Rastertunnelmikroskopie?', 'Worauf basiert das STM?']) {
      expect(textOf(composeAnswer(question, solidState)), question).toContain('Das STM basiert auf dem Tunneleffekt der Quantenmechanik.');
    }
    expect(textOf(composeAnswer('Kann das Mikroskop auch nichtleitende Proben vermessen?', solidState))).toContain('auch nichtleitende Materialien');
    expect(textOf(composeAnswer('Welche Packungsdichte erreicht das flächenzentrierte Gitter?', solidState))).toContain('Packungsdichte von 0,74');
  });

  it('reads a slide as its lines: a wrapped sentence joined, a list under its announcing line', () => {
    const slide = on('de', [5, 'Personenbezogene Daten\nPersonenbezogene Daten ermöglichen,\neine Person zu erkennen.\nQuellen angeben\nZu jeder Abbildung gehören\n• Urheber\n• Titel (wenn vorhanden)\n• Lizenz\n• Quelle']);
    expect(textOf(composeAnswer('Was sind personenbezogene Daten?', slide))).toMatch(/^Personenbezogene Daten ermöglichen, eine Person zu erkennen\. \[1\]/);
    expect(textOf(composeAnswer('Welche Angaben gehören zu jeder Abbildung?', slide))).toContain('Zu jeder Abbildung gehören: Urheber, Titel (wenn vorhanden), Lizenz, Quelle. [1]');
  });

  it('answers from the test lecture: a definition first, a list of phases, in the question’s language', () => {
    expect(textOf(composeAnswer('What is photosynthesis?', context()))).toMatch(/^Photosynthesis is the process by which plants turn light energy into chemical energy\. \[1\]/);
    expect(textOf(composeAnswer('What are the phases of mitosis?', context()))).toContain('It has four phases: prophase, metaphase, anaphase and telophase.');
    expect(fullTextOf(composeAnswer('What is photosynthesis?', context()))).toMatch(/^Here is what your documents say about this:\n\nPhotosynthesis is/);
    expect(fullTextOf(composeAnswer('Was ist die Photosynthese?', context()))).toMatch(/^Das steht in deinen Dokumenten dazu:\n\nPhotosynthesis is the process/);
    expect(textOf(composeAnswer('Wie heißt die Hauptstadt von Frankreich?', context()))).toMatch(/^Dazu finde ich nichts in deinen Dokumenten\./);
    expect(citationsOf(composeAnswer('Who invented the telephone in 1876?', context()))).toEqual([]);
  });

  it('asks for a question when there is nothing to look up, and reads a follow-up with the question before it', () => {
    expect(textOf(composeAnswer('What is this?', context()))).toMatch(/^Ask me a question about your documents/);
    const followUp = composeAnswer('Why is that?', context([{ role: 'user', content: 'What does chlorophyll do?' }, { role: 'assistant', content: '…' }]));
    expect(textOf(followUp)).toContain('Chlorophyll is the green pigment that absorbs light in the chloroplasts.');
  });

  it('streams the answer in chunks of a few words, paced, and stops when aborted', async () => {
    const events = await collect(answerQuestion('What is photosynthesis?', context(), { chunkMs: 0 }));
    expect(fullTextOf(events)).toBe(fullTextOf(composeAnswer('What is photosynthesis?', context())));
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(10);
    for (const event of texts) expect(event.text.trim().split(/\s+/).length).toBeLessThanOrEqual(2);

    const controller = new AbortController();
    const received: AnswerEvent[] = [];
    await expect(async () => {
      for await (const event of answerQuestion('What is photosynthesis?', context(), { signal: controller.signal, chunkMs: 5 })) {
        received.push(event);
        if (received.length === 3) controller.abort(new Error('stopped by the student'));
      }
    }).rejects.toThrow('stopped by the student');
    expect(received).toHaveLength(3);
  });

  it('answers the same in its own thread as in this one, and a stopped answer ends there too', async () => {
    const threaded = createThreadedLocalEngine();
    const question = 'How does the cell membrane control what enters the cell?';
    expect(await collect(threaded.answer(question, context()))).toEqual(await collect(createLocalEngine().answer(question, context())));

    const controller = new AbortController();
    let count = 0;
    await expect(async () => {
      for await (const event of threaded.answer(question, context(), { signal: controller.signal })) {
        if (event.type === 'text' && ++count === 2) controller.abort(new Error('stop'));
      }
    }).rejects.toThrow('stop');
    // The thread still answers afterwards.
    expect(textOf(await collect(threaded.answer('What is the capital of France?', context())))).toMatch(/don't cover this/);
  });
});

describe('slides as the tutor reads them (third labelling round)', () => {
  it('reads a bullet a slide wrapped as one sentence, and answers why with all of it', () => {
    const slide = on('en', [
      6,
      'Tuples are More Efficient\n• Since Python does not have to build tuple structures to be\nmodifiable, they are simpler and more efficient in terms of\nmemory use and performance than lists\n• So in our program when we are making “temporary variables”\nwe prefer tuples over lists',
    ]);
    const answer = textOf(composeAnswer('Why would I use a tuple rather than a list for a temporary variable?', slide));
    expect(answer).toContain('Since Python does not have to build tuple structures to be modifiable, they are simpler and more efficient in terms of memory use and performance than lists');
  });

  it('reads a slide’s labels one after the other as what its statement stands under, and leaves the teacher’s notes out', () => {
    const slide = on('de', [
      8,
      'Blaise Pascal\n1642 · Sicherung\nSchlüsselidee\nRechnen mechanisieren\nEine Maschine übernimmt Rechenschritte.\n\nErst jetzt sichern. Gruppenbeitrag zu Blaise Pascal abwarten.',
    ]);
    const events = composeAnswer('Welche Schlüsselidee wird Blaise Pascal (1642) zugeschrieben?', slide);
    expect(declined(events)).toBe(false);
    const answer = textOf(events);
    expect(answer).toContain('Eine Maschine übernimmt Rechenschritte.');
    expect(answer).not.toMatch(/sichern|abwarten/);
  });
});

/** Passages that are their pages' whole text, as retrieval marks a slide. */
const wholePages = (language: string, ...texts: [page: number, text: string][]): AnswerContext => ({
  language,
  history: [],
  passages: texts.map(([page, text]): AnswerPassage => ({ fileId: 'f', fileName: 'deck.pptx', page, text, wholePage: true })),
});

describe('slides, lists and a document’s own questions (sixth session)', () => {
  it('answers from a slide with the whole slide, its labels beside the sentences they name, without the teacher’s notes', () => {
    const deck = wholePages(
      'de',
      [12, 'Best Practice für Offenheit im Lernprozess\nErst individuell\nnachdenken, dann\naustauschen.\nSilent Writing\nVoneinander und\nmiteinander lernen.\nPeer-Lernen\nEigene Fragen bearbeiten\nund präsentieren\nForschendes Lernen\n\nErst jetzt sichern. Schlüsselwort: Peer-Lernen.'],
      [13, 'Offene Aufgaben\nLernende wählen ihre Aufgaben selbst.\nFreiarbeit'],
    );
    const events = composeAnswer('Welche Methode lässt Lernende zuerst allein nachdenken und dann austauschen?', deck);
    const answer = textOf(events);
    expect(answer).toContain('**Best Practice für Offenheit im Lernprozess** [1]');
    expect(answer).toContain('- Erst individuell nachdenken, dann austauschen.\n- Silent Writing');
    expect(answer).not.toMatch(/sichern/);
    expect(citationsOf(events).map((citation) => deck.passages[citation.passage]?.page)).toEqual([12]);
  });

  it('answers from a slide of labels only (a name and a year), but never from an agenda slide', () => {
    const history = wholePages('de', [6, 'Geschichte der Bildsensoren\n● Fernsehtechnik\n● Nipkow-Scheibe\n– 1883\n– Mechanisches Fernsehen\nKamera Bildschirm']);
    const events = composeAnswer('In welchem Jahr wurde die Nipkow-Scheibe erfunden?', history);
    expect(declined(events)).toBe(false);
    expect(textOf(events)).toMatch(/Nipkow-Scheibe, 1883|- 1883/);
    const agenda = wholePages('en', [2, 'Agenda\nTuple syntax\nImmutability\nComparability\nSorting dictionaries']);
    expect(declined(composeAnswer('What does immutability mean for a tuple?', agenda))).toBe(true);
  });

  it('reads a passage cut from a longer page as text, not as a slide', () => {
    const cut = on('en', [3, 'Strategy 2\nThe naive version is obtained by\nmod <- aov(score ~ time * group)\nsummary(mod)\nResiduals 3 35.33\nThe proper version adds an error term for the subject.']);
    const answer = textOf(composeAnswer('How is the proper version of the repeated-measures ANOVA obtained?', cut));
    expect(answer).not.toMatch(/^- /m);
  });

  it('answers with the listed answers a document gives under its own question, up to its next question', () => {
    const test = on('en', [
      4,
      '38. What is the highest court in the United States?\n• the Supreme Court\n39. How many justices are on the Supreme Court?\n• nine (9)\n40. Who is the Chief Justice of the United States now?\n• John Roberts (John G. Roberts, Jr.)',
    ]);
    const answer = textOf(composeAnswer('How many justices are on the Supreme Court?', test));
    expect(answer).toBe('How many justices are on the Supreme Court? [1]\n\n- nine (9)');
  });

  it('reads every item of a list an announcing sentence introduces as part of it', () => {
    const guide = on('de', [
      1,
      'Zu folgenden Themen nehme ich nur Haus- und Abschlussarbeiten an, wenn Sie eine präzise Fragestellung darlegen können, die spezifische Phänomene benennt:\n• Anglizismen\n• Jugendsprache\n• Anglizismen in der Jugendsprache\n\nDer Umfang beträgt zwölf Seiten.',
    ]);
    const answer = textOf(composeAnswer('Zu welchen Themen werden Abschlussarbeiten nur mit präziser Fragestellung angenommen?', guide));
    expect(answer).toContain('Anglizismen, Jugendsprache, Anglizismen in der Jugendsprache');
  });

  it('matches an index written as a subscript, a micro sign and a percent sign as a question types them', () => {
    const slides = on(
      'de',
      [12, 'Sei Attribut x₁ ausgewählt. Dann zerfällt die Trainingsmenge in die Teilmengen {1, 3, 5, 6} und {2, 4}.'],
      [3, 'Die Feldkonstanten μ₀ und ε₀ sind mit der Lichtgeschwindigkeit verknüpft: ε₀μ₀ = 1/c².'],
      [4, 'In Schwachhausen gehören 77,1 % der Haushalte zu den wirtschaftlich stärkeren Milieus.'],
    );
    const pageOf = (question: string) => {
      const events = composeAnswer(question, slides);
      return citationsOf(events).map((citation) => slides.passages[citation.passage]?.page)[0];
    };
    expect(pageOf('In welche Teilmengen zerfallen die Beispiele nach x1?')).toBe(12);
    expect(pageOf('Wie hängen ε0 und µ0 mit der Lichtgeschwindigkeit zusammen?')).toBe(3);
    expect(pageOf('Wie viel Prozent der Haushalte in Schwachhausen gehören zu den stärkeren Milieus?')).toBe(4);
  });

  it('keeps a name with a period in it ("read.spss", "make.rm") in its sentence', () => {
    const notes = on('en', [13, 'The survival data can be loaded into R by using read.spss function available at foreign library with the argument to.data.frame=TRUE.']);
    const answer = textOf(composeAnswer('How can the survival data be loaded into R?', notes));
    expect(answer).toContain('read.spss function available at foreign library');
    expect(sentencesOf('We use make.rm to reshape the data. It works.', 'en').map((sentence) => sentence.text)).toEqual(['We use make.rm to reshape the data.', 'It works.']);
  });

  it('answers with a solution sheet’s sentences without the points they earn', () => {
    const solution = on('de', [3, 'Aufgabe 6 – Dateien (5 Punkte)\n\nKopieren erzeugt eine zusätzliche Datei; das Original bleibt erhalten. Verschieben ändert den Speicherort. – 2 P']);
    const answer = textOf(composeAnswer('Was ist der Unterschied zwischen Kopieren und Verschieben einer Datei?', solution));
    expect(answer).toContain('Verschieben ändert den Speicherort.');
    expect(answer).not.toContain('2 P');
  });

  it('reads an ordinal as its number and leads with the document’s own question before its answer', () => {
    const handout = on(
      'en',
      [3, 'Proposition 1: an action is morally good if and only if it is done from duty.\nProposition 2: the moral worth of a dutiful act lies in the quality of its maxim.\nProposition 3: duty is the necessity of an action from respect for the law.'],
      [7, 'Why does the recombination frequency never exceed 50%? Because the random assortment of unlinked loci gives recombinant and parental offspring with equal probability. Linked loci recombine less often.'],
    );
    expect(textOf(composeAnswer('How does the handout state the third proposition?', handout))).toMatch(/^Proposition 3: duty is the necessity/);
    const why = textOf(composeAnswer('Why does the recombination frequency never exceed 50%?', handout));
    expect(why).toContain('Because the random assortment of unlinked loci');
  });

  it('declines a question naming a test the passages never name, however well they cover the rest', () => {
    const trial = on('en', [5, 'In a clinical trial the test compares the outcomes of the two arms at the end of follow-up.']);
    expect(declined(composeAnswer('What does the Kolmogorov test compare in a clinical trial?', trial))).toBe(true);
    expect(declined(composeAnswer('What does the test compare in a clinical trial?', trial))).toBe(false);
  });

  it('leads a question asking for a quantity with a sentence that gives a number, and a question asking "when" with a condition', () => {
    const molecule = on(
      'en',
      [4, 'A linear triatomic molecule has vibrational degrees of freedom along its axis and perpendicular to it.'],
      [5, 'Subtracting translations and rotations, a linear triatomic molecule has 3n − 5 = 4 vibrational degrees of freedom.'],
    );
    expect(textOf(composeAnswer('How many vibrational degrees of freedom does a linear triatomic molecule have?', molecule))).toMatch(/^Subtracting translations/);
    const permutations = on(
      'en',
      [2, 'Simple permutations are the building blocks of every permutation class in the substitution decomposition.'],
      [3, 'A permutation of length at least two is called simple if it has no proper intervals.'],
    );
    expect(textOf(composeAnswer('When is a permutation called simple?', permutations))).toMatch(/^A permutation of length at least two/);
  });

  it('answers a question about an exercise by its number, with the list its task announces', () => {
    const sheet = on('de', [
      4,
      'Aufgabe 2.2. Benenne folgende Intervalle:\n1. r5 über c,\n2. k3 über e.\nAufgabe 2.3. Bestimme die Komplementärintervalle von:\nr1, k3, r4, ü4, k6, g7\nAufgabe 2.4. Zwischen welchen weißen Tasten besteht ein Tritonus?',
    ]);
    const answer = textOf(composeAnswer('Von welchen Intervallen sollen in Aufgabe 2.3 die Komplementärintervalle bestimmt werden?', sheet));
    expect(answer).toMatch(/^Aufgabe 2\.3\. Bestimme die Komplementärintervalle von: r1, k3, r4, ü4, k6, g7\. \[1\]/);
  });
});
