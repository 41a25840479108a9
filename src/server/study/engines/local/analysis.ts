import type { StudyDocument } from '../engine';
import { readBlock } from './analysis-memo';
import { phrasesOf } from './phrases';
import { definitionIn, formulaIn } from './definitions';
import { isEverydayEnglish } from './everyday';
import { detectLanguage } from './language';
import type { RawSentence, Token } from './nlp';
import type { PhraseHit } from './phrases';
import { sectionsOf } from './sections';
import { judgeSentence, pointsBackIn } from './sentences';
import { genericNouns, stopWords } from './stopwords';
import { PageIndex } from '../content-checks';
import { compareText } from './order';
import { isBackMatter } from './scaffolding';
import { pageAt, prepareBlocks, withoutHeadingAttributes } from './text-prep';
import { likelyTypos, wordCounts } from './typos';
import { lookupCells, type LookupCell } from './tutor-tables';

/** A document read once for all artefacts: its sections, sentences, noun phrases, key terms and definitions. */
export interface Sentence {
  index: number;
  text: string;
  page: number;
  section: number;
  tokens: Token[];
  /** Content words (lemmas), for similarity. */
  content: string[];
  phrases: PhraseHit[];
  prose: boolean;
  good: boolean;
  standalone: boolean;
}

export interface Section {
  index: number;
  heading: string;
  page: number;
  sentences: Sentence[];
  /** This section's key terms by TF-IDF, best first. */
  terms: { key: string; score: number }[];
  /** Its tables, captioned (by their own caption, or the section's heading). */
  tables: Table[];
  /** Named "Part 3" for want of a heading or a key term: a name that says nothing of the subject. */
  placeholder?: boolean;
  /** The writer's headings one level below the section's, each with the index in `sentences` of its first sentence. */
  subsections?: { heading: string; page: number; firstSentence: number }[];
}

export interface Table {
  caption: string;
  rows: string[][];
  page: number;
  /** The index in its section's `subsections` of the subheading it stands under, if any. */
  subsection?: number;
}

export interface Definition {
  text: string;
  sentence: Sentence;
}

export interface KeyTerm {
  key: string;
  /** The form to show: the most frequent singular surface, lower-cased unless a name or an acronym. */
  display: string;
  /** Its plural as the text writes it, when it does. */
  plural?: string;
  proper: boolean;
  words: number;
  count: number;
  score: number;
  /** The page where it occurs most (its definition's page when it has one). */
  page: number;
  /** The section it belongs to most. */
  home: number;
  sections: number[];
  definition?: Definition;
  /** Its formula, where the document gives it as one ("… is P(A|B) = P(A ∩ B)/P(B)"). */
  formula?: { text: string; sentence: Sentence };
  /** A section heading names it. */
  inHeading: boolean;
  /** The words seen right before it (lower case): in German its articles tell its gender, number and case. */
  determiners: ReadonlySet<string>;
  /**
   * What a teacher would ask about: a defined term, a term a heading names, a phrase of several words, an acronym, or
   * a word of the subject rather than of everyday language. Clozes, answers and wrong options are drawn from these.
   */
  teachable: boolean;
}

export interface Analysis {
  title: string;
  language: string;
  sections: Section[];
  sentences: Sentence[];
  /** Key terms, best first. */
  terms: KeyTerm[];
  termByKey: Map<string, KeyTerm>;
  pages: Set<number>;
  /** Cells of the fully named tables to look up (statistical tables), with the section whose pages hold them. */
  lookups: (LookupCell & { page: number; section: number })[];
  /** The document is a Markdown note: its headings are the writer's own (StudyDocument.format). */
  note: boolean;
}

const cache = new WeakMap<StudyDocument, Analysis>();

export function analyse(document: StudyDocument): Analysis {
  const cached = cache.get(document);
  if (cached) return cached;
  const analysis = analyseUncached(document);
  cache.set(document, analysis);
  return analysis;
}

function analyseUncached(document: StudyDocument): Analysis {
  const language = detectLanguage(
    document.pages.map((page) => page.text),
    document.language,
  );
  const blocks = prepareBlocks(document.pages, document.language, document.format === 'markdown');
  const rawSections = sectionsOf(blocks);
  // Offsets into prepared text only approximate the page a sentence starts on (joins and dropped headers move them).
  const pageIndex = new PageIndex(document.pages);
  const stop = stopWords(language);
  const sentences: Sentence[] = [];
  const read = rawSections.map((raw) => raw.blocks.map((block) => (block.table ? undefined : readBlock(block.text, language))));
  const raws = read.map((blocks) => blocks.map((block) => block?.sentences ?? []));
  if (language === 'de') retagSentenceStarts(raws.flat(2));
  const sections: Section[] = rawSections.map((raw, sectionIndex) => {
    const sectionSentences: Sentence[] = [];
    const tables: Table[] = [];
    // Where each block's sentences start in the section's: the subsections' first sentences.
    const firstSentenceOfBlock: number[] = [];
    raw.blocks.forEach((block, blockIndex) => {
      firstSentenceOfBlock[blockIndex] = sectionSentences.length;
      if (block.table) {
        const caption = block.table.caption ?? raw.heading ?? displayTitle(document.title);
        const subsection = (raw.subsections ?? []).findLastIndex((sub) => sub.fromBlock <= blockIndex);
        tables.push({ caption, rows: block.table.rows, page: block.page, ...(subsection >= 0 ? { subsection } : {}) });
        return;
      }
      const inBlock = raws[sectionIndex]?.[blockIndex] ?? [];
      const judged = inBlock.map((found, index) => read[sectionIndex]?.[blockIndex]?.judge(index) ?? judgeSentence(found.text, found.tokens, language));
      const premise = isExercisePremise(inBlock.map((found) => found.text), judged);
      // A citation a label announces ("Reference: Chuttur M.Y. (2009). "Overview of …," Indiana University, USA.") runs
      // to the paragraph's end: its later sentences lost the label when the paragraph was cut into sentences.
      const cited = inBlock.findIndex((found) => citationLabel.test(found.text));
      inBlock.forEach((found, foundIndex) => {
        const text = found.text;
        const own = judged[foundIndex] ?? judgeSentence(text, found.tokens, language);
        const quality = premise || (cited >= 0 && foundIndex >= cited) ? { ...own, good: false, standalone: false } : own;
        const sentence: Sentence = {
          index: sentences.length,
          text,
          page: pageIndex.bestPage(text, pageAt(block, found.start)),
          section: sectionIndex,
          tokens: found.tokens,
          content: [
            ...new Set(
              found.tokens
                .filter((token) => /\p{L}{2}/u.test(token.text) && !stop.has(token.lower))
                .map((token) => token.lemma),
            ),
          ],
          phrases: phrasesOf(text, found.tokens, found.start, language),
          ...quality,
        };
        sentences.push(sentence);
        sectionSentences.push(sentence);
      });
    });
    const subsections = (raw.subsections ?? []).map((sub) => ({ heading: sub.heading, page: sub.page, firstSentence: firstSentenceOfBlock[sub.fromBlock] ?? sectionSentences.length }));
    return { index: sectionIndex, heading: raw.heading ?? '', page: raw.page, sentences: sectionSentences, terms: [], tables, ...(subsections.length > 0 ? { subsections } : {}) };
  });
  // A sentence that copies a slip of the pen ("intial", "equilibirum") is no study item (typos.ts).
  const typos = likelyTypos(
    document.pages.map((page) => page.text),
    language,
  );
  if (typos.size > 0) {
    for (const sentence of sentences) {
      if ((sentence.text.match(/\p{L}+/gu) ?? []).some((word) => typos.has(word))) Object.assign(sentence, { good: false, standalone: false });
    }
  }
  // Thanks, credits and references are no part of the subject: nothing in them is study material.
  for (const section of sections) {
    if (isBackMatter(section.heading)) {
      for (const sentence of section.sentences) Object.assign(sentence, { good: false, standalone: false });
    }
  }
  const title = titleOf(document);
  const { terms, termByKey } = keyTermsOf(sections, language, rawSections.map((raw) => raw.heading ?? ''));
  // A term is cited where its words stand: where the page its sentences mostly start on does not hold it (a phrase
  // broken over a page or a line), the page of a sentence that does.
  for (const term of terms) {
    if (pageIndex.check('', term.display, term.page, 'term').length === 0) continue;
    const holding = sentences.find((sentence) => sentence.phrases.some((hit) => hit.key === term.key) && pageIndex.check('', term.display, sentence.page, 'term').length === 0);
    if (holding) term.page = holding.page;
  }
  nameUnnamedSections(sections, termByKey, language);
  const pages = new Set(document.pages.map((page) => page.pageNumber));
  const sectionOn = (pageNumber: number) => sections.reduce((found, section) => (section.page <= pageNumber ? section.index : found), sections[0]?.index ?? 0);
  // Two cells of each table, however many pages it runs over ("Table 4.1 … 4.8: Percentiles of the F-distribution").
  const perTable = new Map<string, number>();
  const lookups = document.pages
    .flatMap((page) => lookupCells(page.text).map((cell) => ({ ...cell, page: page.pageNumber, section: sectionOn(page.pageNumber) })))
    .filter((cell) => {
      const table = cell.caption.replace(/^\S+\s+[\d.]+\s*/, '');
      perTable.set(table, (perTable.get(table) ?? 0) + 1);
      return (perTable.get(table) ?? 0) <= 2;
    });
  return { title, language, sections, sentences, terms, termByKey, pages, lookups, note: document.format === 'markdown' };
}

/**
 * German capitalises every noun, and every sentence's first word: "Analog zu …", "Grafisch ist …", "Langfristig
 * können …" start with an adverb, not a noun. A first word counts as a noun only when the document never writes it in
 * lower case, it has no adjective ending, and it does not open the stock phrases of the stop-word list.
 */
function retagSentenceStarts(raws: readonly RawSentence[]): void {
  const lowerCase = new Set<string>();
  for (const raw of raws) for (const token of raw.tokens) if (/^\p{Ll}/u.test(token.text)) lowerCase.add(token.lower);
  for (const raw of raws) {
    const first = raw.tokens[0];
    if (!first || first.pos !== 'NOUN') continue;
    if (lowerCase.has(first.lower) || germanSentenceAdverbs.has(first.lower) || /(?:isch|lich|ig|bar|sam|los|haft|weise|falls|dings|mals|dem|dessen)$/.test(first.lower)) {
      first.pos = 'ADV';
    }
  }
}

/** Adverbs and conjunctions that open German sentences, capitalised there like nouns. */
const germanSentenceAdverbs = new Set(
  `außerdem zudem ebenfalls stattdessen trotzdem allerdings schließlich anschließend zunächst zuerst danach dabei
  dadurch deswegen deshalb daher somit folglich jedoch dennoch insbesondere insgesamt umgekehrt andererseits
  einerseits hingegen dagegen nämlich ebenso genauso abschließend hierbei hierfür darüber außerhalb innerhalb`.split(/\s+/),
);

/** A file name as a title: "stat-tables_v2" → "stat tables v2". */
function displayTitle(name: string): string {
  return name.replace(/[_-]+/g, ' ').trim() || name;
}

function titleOf(document: StudyDocument): string {
  const first = document.pages[0];
  const heading = first?.heading?.trim();
  const words = heading ? heading.split(/\s+/).length : 0;
  if (heading && words >= 2 && words <= 20 && /\p{L}{3}/u.test(heading)) return heading;
  // Notes in Markdown name themselves in their first line ("# Zivilrecht"), better than their file's name.
  // (An HTML comment before it — a LiaScript note's header of author and links — is no line of the note.)
  const firstLine = (first?.text ?? '').replace(/^\s*(?:<!--[\s\S]*?-->\s*)+/, '').split('\n').find((line) => line.trim().length > 0) ?? '';
  const named = /^#\s+(.*\p{L}{3}.*?)\s*#*\s*$/u.exec(firstLine.trim())?.[1];
  if (named && named.split(/\s+/).length <= 20) return withoutHeadingAttributes(named);
  return document.title.trim() || heading || 'Document';
}

interface TermStats {
  count: number;
  bySection: Map<number, number>;
  byPage: Map<number, number>;
  surfaces: Map<string, number>;
  proper: number;
  words: number;
  determiners: Set<string>;
}

/** A term seen once, where the document defines it (a glossary line, a formula) though no prose sentence names it. */
function statsOfOne(surface: string, section: number, page: number): TermStats {
  return {
    count: 1,
    bySection: new Map([[section, 1]]),
    byPage: new Map([[page, 1]]),
    surfaces: new Map([[surface, 1]]),
    proper: 0,
    words: surface.split(' ').length,
    determiners: new Set(),
  };
}

/**
 * Key terms by TF-IDF over sections: a term frequent in the document but concentrated in a few sections scores high;
 * longer phrases, names, terms in headings and defined terms get a bonus. A phrase whose occurrences nearly all sit
 * inside a longer key phrase gives way to it.
 */
function keyTermsOf(sections: Section[], language: string, headings: string[]) {
  const stats = new Map<string, TermStats>();
  for (const section of sections) {
    for (const sentence of section.sentences) {
      if (!sentence.prose) continue;
      for (const hit of sentence.phrases) {
        let entry = stats.get(hit.key);
        if (!entry) {
          entry = { count: 0, bySection: new Map(), byPage: new Map(), surfaces: new Map(), proper: 0, words: hit.words, determiners: new Set() };
          stats.set(hit.key, entry);
        }
        entry.count++;
        entry.bySection.set(section.index, (entry.bySection.get(section.index) ?? 0) + 1);
        entry.byPage.set(sentence.page, (entry.byPage.get(sentence.page) ?? 0) + 1);
        entry.surfaces.set(hit.surface, (entry.surfaces.get(hit.surface) ?? 0) + 1);
        const before = wordBefore(sentence.text, hit.start);
        if (before) entry.determiners.add(before);
        if (hit.proper) entry.proper++;
      }
    }
  }
  const definitions = new Map<string, Definition>();
  for (const section of sections) {
    for (const sentence of section.sentences) {
      if (!sentence.good) continue;
      const match = definitionIn(sentence.text, sentence.phrases, language);
      // "Demography: the study of these processes" defines nothing without the slide before it.
      if (!match || pointsBackIn(match.text, language)) continue;
      const known = definitions.get(match.key);
      // The first definition wins, unless a later one reads better (shorter, and on its own).
      if (!known || (sentence.standalone && !known.sentence.standalone)) {
        definitions.set(match.key, { text: match.text, sentence });
      }
      // A term only a glossary line names counts where it is defined.
      if (match.term && !stats.has(match.key)) stats.set(match.key, statsOfOne(match.term, section.index, sentence.page));
    }
  }
  const formulas = new Map<string, { text: string; sentence: Sentence }>();
  const vocabulary = wordCounts(sections.flatMap((section) => section.sentences.map((sentence) => sentence.text.toLowerCase())));
  for (const sentence of sections.flatMap((section) => section.sentences)) {
    if (!/=/.test(sentence.text)) continue;
    const found = formulaIn(sentence.text, sentence.phrases, language);
    if (!found || formulas.has(found.key) || !formulaTermReads(found.surface, vocabulary)) continue;
    formulas.set(found.key, { text: found.formula, sentence });
    // A formula sentence is no prose, so its words were not counted: the term it defines counts where it does.
    if (!stats.has(found.key)) stats.set(found.key, statsOfOne(found.surface, sentence.section, sentence.page));
  }
  const sectionCount = Math.max(1, sections.length);
  // Words of the headings, space-padded: a key counts as named when a heading has a word starting with it ("rate" in
  // "Reaction rates", not in "generated").
  const headingText = ` ${headings.join(' ').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  // A heading that is one word alone ("Tuples", "2.3 Osmose") names its term; a word within a longer heading ("life"
  // in "Life history strategies", "distribution" in "Choosing a prior distribution") is part of the heading's topic
  // and no sign that the everyday word is itself taught.
  const soleHeadingWords = headings
    .map((heading) => heading.toLowerCase().replace(/^[\d.\s)]+/, '').replace(/^(?:the|a|an|der|die|das|ein|eine)\s+/, '').trim())
    .filter((heading) => /^\p{L}+$/u.test(heading));
  const namesAHeading = (key: string) => soleHeadingWords.some((word) => word.startsWith(key) || (key.length >= 5 && word.startsWith(key.slice(0, -2))));
  const minCount = sections.reduce((sum, section) => sum + section.sentences.length, 0) > 60 ? 2 : 1;
  const scored: KeyTerm[] = [];
  for (const [key, entry] of stats) {
    const definition = definitions.get(key);
    if (entry.count < minCount && !definition && !formulas.has(key)) continue;
    const idf = Math.log(1 + sectionCount / entry.bySection.size);
    let score = entry.count ** 0.7 * idf;
    if (entry.words > 1) score *= 2;
    const inHeading = headingText.includes(` ${key}`);
    if (inHeading) score *= 1.5;
    if (definition || formulas.has(key)) score *= 1.8;
    if (entry.count === 1) score *= 0.5;
    const proper = entry.proper > entry.count / 2;
    const home = bestOf(entry.bySection, (section) => {
      const size = sections[section]?.sentences.length ?? 1;
      return (entry.bySection.get(section) ?? 0) / Math.sqrt(size);
    });
    const page = definition?.sentence.page ?? bestOf(entry.byPage, (page) => entry.byPage.get(page) ?? 0);
    const shown = displayOf(key, entry, language);
    scored.push({
      key,
      ...shown,
      inHeading,
      determiners: entry.determiners,
      teachable: isTeachable(shown.display, entry.words, { named: namesAHeading(key), defined: Boolean(definition) || formulas.has(key) }, language),
      proper,
      words: entry.words,
      count: entry.count,
      score,
      page,
      home,
      sections: [...entry.bySection.keys()].sort((a, b) => a - b),
      ...(definition ? { definition } : {}),
      ...(formulas.has(key) ? { formula: formulas.get(key) } : {}),
    });
  }
  scored.sort((a, b) => b.score - a.score || compareText(a.key, b.key));
  const kept = withoutSubsumed(scored, stats);
  const termByKey = new Map(kept.map((term) => [term.key, term]));
  for (const section of sections) {
    const local = new Map<string, number>();
    for (const sentence of section.sentences) {
      for (const hit of sentence.phrases) if (termByKey.has(hit.key)) local.set(hit.key, (local.get(hit.key) ?? 0) + 1);
    }
    section.terms = [...local.entries()]
      .map(([key, count]) => {
        const term = termByKey.get(key);
        const idf = Math.log(1 + sectionCount / (term?.sections.length ?? 1));
        const bonus = (term?.words ?? 1) > 1 ? 1.6 : 1;
        return { key, score: count ** 0.8 * idf * bonus * (term?.definition ? 1.8 : 1) };
      })
      .filter((entry) => (local.get(entry.key) ?? 0) >= (section.sentences.length > 30 ? 2 : 1))
      .sort((a, b) => b.score - a.score || compareText(a.key, b.key));
  }
  return { terms: kept, termByKey };
}

/**
 * A formula's term must read as a term: not a general noun alone ("matrix", "equation", "basics"), and no word cut
 * where the extraction broke it ("Schwingkre" of "Schwingkreis", "Quasiline" of "quasilineare"): a word the document
 * writes only here, while it writes longer words that start with it.
 */
function formulaTermReads(surface: string, vocabulary: ReadonlyMap<string, number>): boolean {
  const words = surface.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 1 && generalAcademicNouns.has(words[0] ?? '')) return false;
  return words.every((word) => (vocabulary.get(word) ?? 0) > 1 || word.length < 4 || ![...vocabulary.keys()].some((other) => other.length > word.length && other.startsWith(word)));
}

/** A label announcing how to cite a work ("Reference:", "Cite as:", "Zitiervorschlag:"). */
const citationLabel = /(?:^|\s)(?:References?|Citation|Cite\s+as|How\s+to\s+cite|Suggested\s+citation|Zitiervorschlag|Zitierweise|Zitation|Literaturangabe)\s*:\s/;

/** A measured value: a number with its unit ("5 Liter", "4,34 eV", "12 V", "750 mm", "3 kg"). */
const measuredValue =
  /\d(?:[.,]\d+)?\s*(?:~\s*\\mathrm\{?\s*)?(?:kg|g|t|mg|km|m|cm|mm|nm|µm|s|ms|min|h|l|ml|Liter|V|mV|kV|A|mA|W|kW|J|kJ|eV|keV|MeV|N|kN|Pa|hPa|bar|°C|K|Hz|kHz|MHz|Ω|C|mol)\b/u;

/**
 * A paragraph that poses an exercise — a question or an instruction to the reader, with measured values given ("Ein
 * Bewässerungsfahrzeug ist mit einem Wasserbehälter ausgerüstet, aus dem pro Sekunde 5 Liter Wasser ausfließen. …
 * Welche mechanische Arbeit verrichtet das Fahrzeug …?") — states its premises, not facts to learn: a teacher makes no
 * card of "Die Lokomotive behält ihre Geschwindigkeit bei".
 */
function isExercisePremise(texts: readonly string[], judged: readonly { asks: boolean }[]): boolean {
  return texts.length >= 2 && judged.some((quality) => quality.asks) && texts.some((text) => measuredValue.test(text));
}

/** The word right before a character offset, lower case ("einer" in "bei einer Tiefalteration"). */
export function wordBefore(text: string, offset: number): string | undefined {
  // What /(\p{L}+)\s*$/u finds in text.slice(0, offset), read backwards from the offset: that regular expression tries
  // every start in the sentence, and it ran for every noun phrase of the book (a sixth of the analysis).
  let end = offset < 0 ? Math.max(0, text.length + offset) : Math.min(offset, text.length);
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end -= 1;
  let start = end;
  for (;;) {
    const low = text.charCodeAt(start - 1);
    const pair = start >= 2 && low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(text.charCodeAt(start - 2));
    const width = pair ? 2 : 1;
    if (start - width < 0 || !/^\p{L}$/u.test(text.slice(start - width, start))) break;
    start -= width;
  }
  return start < end ? text.slice(start, end).toLowerCase() : undefined;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

function isTeachable(display: string, words: number, how: { named: boolean; defined: boolean }, language: string): boolean {
  if (how.named || words > 1 || /^\p{Lu}{2,}\p{N}*$/u.test(display)) return true;
  // A general noun a sentence seems to define ("Equation (3) is called the eigenvalue equation", "Definition: …") is
  // still no concept of the subject; a section named after it ("Functions") makes it one.
  if (generalAcademicNouns.has(display.toLowerCase())) return false;
  if (how.defined) return true;
  if (language === 'en') return !isEverydayEnglish(display) && display.length >= 4;
  // German has no frequency list here: a compound or a long noun is a word of the subject more often than not — unless
  // it is one of the general nouns any text uses ("Ausnahme", "Kontrolle") or a compound of a document's own apparatus
  // ("Notenbeispiel", "Tabellenübersicht").
  if (language === 'de') return display.length >= 8 && !genericNouns.has(display.toLowerCase()) && !germanApparatus.test(display);
  return display.length >= 6;
}

/**
 * Nouns every subject's texts use, too general to be what a lesson teaches when a document neither defines them nor
 * names a section after them: blanked alone, "distribution", "data" or "Literatur" is guessed from the sentence's
 * shape or is as right as any other word.
 */
const generalAcademicNouns: ReadonlySet<string> = new Set(
  `data datum distribution distributions variation variations proportion proportions transition transitions quantity
  quantities vector vectors matrix matrices fragment fragments trait traits selection mass masses molecule molecules
  element elements component components factor factors parameter parameters variable variables property properties
  feature features structure structures function functions method methods process processes system systems model models
  value values measure measures pattern patterns relation relations relationship relationships concept concepts theory
  theories analysis analyses approach approaches technique techniques procedure procedures principle principles
  category categories sample samples object objects entity entities unit units sequence sequences series equation
  equations formula formulas formulae expression expressions condition conditions assumption assumptions framework
  mechanism mechanisms dimension dimensions quantity literature
  daten verteilung verteilungen größe größen element elemente komponente komponenten faktor faktoren parameter variable
  variablen eigenschaften merkmal merkmale struktur strukturen funktion funktionen methode methoden prozesse system
  systeme modell modelle wert werte muster beziehungen begriff begriffe theorie theorien analyse analysen verfahren
  prinzip prinzipien kategorie kategorien objekt objekte einheit einheiten folge folgen gleichung gleichungen formel
  formeln ausdruck ausdrücke literatur mathematik markt märkte unternehmen unternehmung anbieter spieler gene töne
  zeitschriften hausarbeit hausarbeiten definition definitions notation notations claim claims text texts entry entries
  behauptung behauptungen berechnung berechnungen vorlesung vorlesungen sachverhalt sachverhalte bestimmungsgleichung
  bestimmungsgleichungen allgemein basics`.split(/\s+/),
);

const germanApparatus = /(?:beispiel|beispiele|abschnitt|übersicht|ausschnitt|kapitel|abbildung|tabelle|aufgabe|übung|skizze)$/i;

function bestOf(counts: Map<number, number>, score: (key: number) => number): number {
  let best = -1;
  let bestScore = -Infinity;
  for (const key of [...counts.keys()].sort((a, b) => a - b)) {
    const value = score(key);
    if (value > bestScore) {
      best = key;
      bestScore = value;
    }
  }
  return best;
}

function displayOf(key: string, entry: TermStats, language: string): { display: string; plural?: string } {
  const forms = [...entry.surfaces.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  if (language === 'de') return germanDisplayOf(forms);
  const singular = forms.find(([surface]) => language !== 'en' || surface.toLowerCase() === key)?.[0];
  const plural =
    language === 'en' && singular
      ? forms.find(([surface]) => surface.toLowerCase() !== singular.toLowerCase())?.[0]
      : undefined;
  const show = (surface: string) => {
    const words = surface.split(' ');
    // A sentence's first word is capitalised by position only: "Nested trace trees" → "nested trace trees".
    const fixed = words.map((word) => {
      const lowerElsewhere = [...entry.surfaces.keys()].some((form) => form.split(' ').includes(word.toLowerCase()));
      const isAcronym = word.length > 1 && word === word.toUpperCase();
      if (language === 'en' && !isAcronym && lowerElsewhere && entry.proper * 2 <= entry.count) return word.toLowerCase();
      return word;
    });
    return fixed.join(' ');
  };
  const display = show(singular ?? forms[0]?.[0] ?? key);
  return plural ? { display, plural: show(plural) } : { display };
}

/**
 * German inflects nouns and the adjectives before them ("Gas", "Gase", "Gases"; "klassische Musik", "klassischen
 * Musik"): the shortest form is the dictionary form more often than the most frequent one, and a form that adds a
 * plural ending to it is its plural.
 */
function germanDisplayOf(forms: [string, number][]): { display: string; plural?: string } {
  // The shortest form the document uses more than in passing ("Gas" among "Gase", "Gases"; "Grundton" before
  // "Grundtons").
  const most = Math.max(0, ...forms.map(([, count]) => count));
  const usual = forms.filter(([, count]) => count >= Math.max(1, most / 4));
  const display = [...usual].sort((a, b) => a[0].length - b[0].length || b[1] - a[1] || compareText(a[0], b[0]))[0]?.[0] ?? '';
  // Plurals add an ending, some with an umlaut ("Ton" / "Töne", "Satz" / "Sätze"); "-s" is the genitive far more often.
  const plural = forms
    .filter(([surface]) => surface !== display && inflects(display, surface, /^(?:n|en|e|er|nen|se)$/))
    .sort((a, b) => a[0].length - b[0].length)[0]?.[0];
  return plural ? { display, plural } : { display };
}

/** `longer` is `base` with one of the endings (umlauts aside). */
function inflects(base: string, longer: string, endings: RegExp): boolean {
  const plainBase = withoutUmlauts(base);
  const plainLonger = withoutUmlauts(longer);
  return plainLonger.startsWith(plainBase) && endings.test(plainLonger.slice(plainBase.length));
}

const withoutUmlauts = (text: string) => text.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/Ä/g, 'A').replace(/Ö/g, 'O').replace(/Ü/g, 'U');

/** Drops a term that mostly occurs inside a longer key term ("trace" inside "trace tree" when it is rarely alone). */
function withoutSubsumed(terms: KeyTerm[], stats: Map<string, TermStats>): KeyTerm[] {
  const top = terms.slice(0, 400);
  const keys = new Set(top.map((term) => term.key));
  const dropped = new Set<string>();
  for (const longer of top) {
    if (longer.words < 2) continue;
    const parts = longer.key.split(' ');
    for (let size = 1; size < parts.length; size++) {
      for (let from = 0; from + size <= parts.length; from++) {
        const inner = parts.slice(from, from + size).join(' ');
        if (!keys.has(inner)) continue;
        const innerCount = stats.get(inner)?.count ?? 0;
        if (innerCount <= longer.count * 1.25) dropped.add(inner);
      }
    }
  }
  return top.filter((term) => !dropped.has(term.key));
}

/** Sections without a heading of their own are named after their leading key term. */
function nameUnnamedSections(sections: Section[], termByKey: Map<string, KeyTerm>, language: string): void {
  const used = new Set(sections.map((section) => section.heading.toLowerCase()));
  sections.forEach((section, index) => {
    if (section.heading) return;
    // A term of the subject names it ("Tuple"), never a general word ("Element").
    const candidate = section.terms
      .map((entry) => termByKey.get(entry.key))
      .filter((term) => term?.teachable)
      .map((term) => term?.display)
      .find((display) => display && !used.has(display.toLowerCase()));
    const fallback = language === 'de' ? `Teil ${index + 1}` : `Part ${index + 1}`;
    section.heading = candidate ? `${candidate.charAt(0).toUpperCase()}${candidate.slice(1)}` : fallback;
    if (!candidate) section.placeholder = true;
    used.add(section.heading.toLowerCase());
  });
}
