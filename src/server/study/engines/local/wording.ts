/** The few phrases the local engine writes itself, in the document's language (English otherwise). */
export interface Wording {
  overview: (title: string, terms: string) => string;
  keyTopics: (terms: string) => string;
  fillBlank: (sentence: string) => string;
  whichTerm: (definition: string) => string;
  whatIs: (term: string) => string;
  match: string;
  formulaOf: (term: string) => string;
  whichFormula: (term: string) => string;
  tableValue: (caption: string, key: string, column: string) => string;
  tableFact: (caption: string, key: string, value: string) => string;
  /** A look-up in a fully named table: its card's front, its question, the fact its answer states. */
  lookupCard: (caption: string, where: string) => string;
  lookupQuestion: (caption: string, where: string) => string;
  lookupFact: (caption: string, where: string, value: string) => string;
  /** "k = 10 and A = 0.975" (with the block first when the table has blocks). */
  lookupPlace: (parts: readonly string[]) => string;
  unitCovers: (terms: string) => string;
  unitPractice: string;
  lesson: (index: number, terms: string) => string;
  courseIntro: (name: string, count: number, titles: string) => string;
  courseTopics: (terms: string) => string;
  courseClose: (count: number) => string;
  list: (items: readonly string[]) => string;
}

const english: Wording = {
  // The title quoted: a file name such as “freeculture” cannot open a sentence bare.
  overview: (title, terms) => `“${title}” deals with ${terms}.`,
  keyTopics: (terms) => `Key topics: ${terms}.`,
  fillBlank: (sentence) => `Which term fills the blank? ${sentence}`,
  whichTerm: (definition) => `Which term is described here? “${definition}”`,
  whatIs: (term) => `What is meant by “${term}”?`,
  match: 'Match each term to its description.',
  formulaOf: (term) => `${term} (formula)`,
  whichFormula: (term) => `Which formula gives the ${term}?`,
  tableValue: (caption, key, column) => `In “${caption}”, which ${column || 'entry'} belongs to “${key}”?`,
  tableFact: (caption, key, value) => `In “${caption}”, ${key}: ${value}.`,
  lookupCard: (caption, where) => `${caption}: the value at ${where}`,
  lookupQuestion: (caption, where) => `In ${caption}, which value stands at ${where}?`,
  lookupFact: (caption, where, value) => `In ${caption}, the value at ${where} is ${value}.`,
  lookupPlace: (parts) => new Intl.ListFormat('en', { type: 'conjunction' }).format(parts),
  unitCovers: (terms) => `Covers ${terms}.`,
  unitPractice: 'Practice the key points of this part.',
  lesson: (index, terms) => (terms ? `Lesson ${index}: ${terms}` : `Lesson ${index}`),
  courseIntro: (name, count, titles) =>
    count === 1 ? `${name} is built on ${titles}.` : `${name} brings together ${count} documents: ${titles}.`,
  courseTopics: (terms) => `It covers ${terms}.`,
  courseClose: (count) =>
    `Summaries, mind maps, flashcards and a learn path of ${count} ${count === 1 ? 'unit' : 'units'} help you study it step by step.`,
  list: (items) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items),
};

const german: Wording = {
  overview: (title, terms) => `„${title}“ behandelt ${terms}.`,
  keyTopics: (terms) => `Wichtige Themen: ${terms}.`,
  fillBlank: (sentence) => `Welcher Begriff gehört in die Lücke? ${sentence}`,
  whichTerm: (definition) => `Welcher Begriff wird hier beschrieben? „${definition}“`,
  whatIs: (term) => `Was versteht man unter „${term}“?`,
  match: 'Ordne jedem Begriff seine Beschreibung zu.',
  formulaOf: (term) => `${term} (Formel)`,
  whichFormula: (term) => `Mit welcher Formel berechnet man: ${term}?`,
  tableValue: (caption, key, column) => `Was steht in „${caption}“ ${column ? `unter „${column}“ ` : ''}bei „${key}“?`,
  tableFact: (caption, key, value) => `In „${caption}“ gilt für ${key}: ${value}.`,
  lookupCard: (caption, where) => `${caption}: der Wert bei ${where}`,
  lookupQuestion: (caption, where) => `Welcher Wert steht in ${caption} bei ${where}?`,
  lookupFact: (caption, where, value) => `In ${caption} steht bei ${where} der Wert ${value}.`,
  lookupPlace: (parts) => new Intl.ListFormat('de', { type: 'conjunction' }).format(parts),
  unitCovers: (terms) => `Behandelt ${terms}.`,
  unitPractice: 'Übe die wichtigsten Punkte dieses Teils.',
  lesson: (index, terms) => (terms ? `Lektion ${index}: ${terms}` : `Lektion ${index}`),
  courseIntro: (name, count, titles) =>
    count === 1 ? `${name} beruht auf ${titles}.` : `${name} fasst ${count} Dokumente zusammen: ${titles}.`,
  courseTopics: (terms) => `Behandelt werden ${terms}.`,
  courseClose: (count) =>
    `Zusammenfassungen, Mindmaps, Karteikarten und ein Lernpfad mit ${count} ${count === 1 ? 'Einheit' : 'Einheiten'} helfen beim Lernen Schritt für Schritt.`,
  list: (items) => new Intl.ListFormat('de', { type: 'conjunction' }).format(items),
};

export function wordingFor(language: string): Wording {
  return language === 'de' ? german : english;
}
