import type { Deck, Flashcard } from '../../../../shared/artefacts';
import { StudyEngineError } from '../engine';
import { cardFlaws } from '../item-flaws';
import type { Analysis, Sentence } from './analysis';
import { clozesOf } from './cloze';
import { lookupCard, tableCards } from './tables';
import { wordingFor } from './wording';

/**
 * Cards from definitions (term → definition) and cloze deletions of key terms in sentences that stand on their own.
 * Cards are spread over the sections (a book gets cards from every chapter), fronts are unique once normalised, and
 * each card cites its page.
 */
export function buildDeck(analysis: Analysis): Deck {
  const limit = Math.min(60, 10 + analysis.sections.length * 3);
  const cards: Flashcard[] = [];
  const fronts = new Set<string>();
  const add = (card: Flashcard) => {
    const key = normaliseFront(card.front);
    if (fronts.has(key) || cards.length >= limit) return;
    // The last gate: a card with a flaw a teacher would strike (item-flaws.ts) is not handed out.
    if (cardFlaws(card, analysis.language).length > 0) return;
    fronts.add(key);
    cards.push(card);
  };
  const definitionSentences = new Set<number>();
  for (const term of analysis.terms) {
    if (!term.definition) continue;
    definitionSentences.add(term.definition.sentence.index);
    add({ kind: 'definition', front: frontOf(analysis, term.display, term.definition.sentence), back: term.definition.text, page: term.definition.sentence.page });
  }
  const wording = wordingFor(analysis.language);
  for (const term of analysis.terms) {
    if (!term.formula) continue;
    add({ kind: 'definition', front: wording.formulaOf(term.display), back: term.formula.text, page: term.formula.sentence.page });
  }
  for (const section of analysis.sections) for (const table of section.tables) for (const card of tableCards(table, wording, 8)) add(card);
  // A statistics table is learnt by reading it: "t table, k = 10 and A = 0.975" → 2.228.
  for (const cell of analysis.lookups.slice(0, 12)) add(lookupCard(cell, wording));
  const perSection = Math.max(2, Math.ceil((limit - cards.length) / Math.max(1, analysis.sections.length)));
  const rounds = analysis.sections.map((section) =>
    clozesOf(
      analysis,
      section.sentences.filter((sentence) => !definitionSentences.has(sentence.index)),
      perSection,
      true,
    ),
  );
  // Round robin over the sections, so the deck covers the whole document before it goes deep anywhere.
  const answers = new Map<string, number>();
  for (let round = 0; round < perSection; round++) {
    for (const clozes of rounds) {
      const cloze = clozes[round];
      // The same answer at most twice in a deck, however central the term.
      if (!cloze || (answers.get(cloze.term.key) ?? 0) >= 2) continue;
      answers.set(cloze.term.key, (answers.get(cloze.term.key) ?? 0) + 1);
      add({ kind: 'cloze', front: cloze.blanked, back: cloze.surface, page: cloze.sentence.page });
    }
  }
  if (cards.length === 0) {
    throw new StudyEngineError('noFlashcards', 'The document has no definitions or key sentences to make cards from.');
  }
  cards.sort((a, b) => a.page - b.page);
  return { title: analysis.title, cards };
}

export function normaliseFront(front: string): string {
  return front
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
}

/**
 * Words a note's writer puts in bold over what they say of the heading's topic ("**Umfang:** Arsenal von etwa 50
 * Figuren" under "Figurenlehre"): on a card of its own such a word asks nothing, so the card names the topic.
 */
const topicWords =
  /^(?:umfang|bedeutung|grundprinzip|prinzip|bekanntheit|verwendung|verwendungsdauer|verwendungszeitraum|anwendung|einsatz|entstehung|herkunft|ursprung|ziel|ziele|zweck|funktion|aufgabe|aufgaben|vorteil|vorteile|nachteil|nachteile|problem|probleme|folge|folgen|ursache|ursachen|wirkung|merkmal|merkmale|eigenschaften|kritik|beispiel|ablauf|aufbau|voraussetzung|voraussetzungen|rechtsfolge|zeitraum|dauer|scope|purpose|goal|goals|function|role|meaning|significance|origin|use|usage|application|advantage|advantages|disadvantage|disadvantages|problem|problems|effect|effects|cause|causes|consequence|consequences|features|properties|criticism|example|structure|requirements|duration)$/i;

/** A card's front: the term, with its topic (the subheading or heading it stands under) where the term is such a word. */
function frontOf(analysis: Analysis, display: string, sentence: Sentence): string {
  if (!analysis.note || !topicWords.test(display)) return display;
  const section = analysis.sections[sentence.section];
  if (!section) return display;
  const position = section.sentences.indexOf(sentence);
  const subsection = (section.subsections ?? []).findLast((sub) => sub.firstSentence <= position);
  const topic = subsection?.heading ?? section.heading;
  return topic && topic.toLowerCase() !== display.toLowerCase() ? `${display} (${topic})` : display;
}

