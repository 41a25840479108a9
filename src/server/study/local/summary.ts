import type { Summary } from '../artefacts';
import { StudyEngineError } from '../engine';
import { sentenceFlaws } from '../item-flaws';
import type { Analysis, KeyTerm, Section, Sentence } from './analysis';
import { rankSentences, topSentences } from './textrank';
import { wordingFor } from './wording';

/** The extractive summary: per section 2–5 central sentences (TextRank), an overview, and the key terms. */
export function buildSummary(analysis: Analysis): Summary {
  const wording = wordingFor(analysis.language);
  const weight = termWeight(analysis);
  const sections = analysis.sections.flatMap((section) => {
    // A section of tables alone has no key point: a table's caption ("Percentiles of the χ²-distribution") names what
    // the student looks up there, it states nothing to learn.
    const points = keyPoints(section, weight, analysis.language).map((s) => ({ text: s.text, page: s.page }));
    if (points.length === 0) return [];
    return [{ heading: section.heading, page: section.page, points }];
  });
  if (sections.length === 0) {
    throw new StudyEngineError('tooLittleText', 'The document has too little running text to summarise.');
  }
  const keyTermCount = Math.min(30, 8 + analysis.sections.length);
  const shown = termsToShow(analysis);
  const keyTerms = shown.slice(0, keyTermCount).map((term) => ({
    term: term.display,
    ...(term.definition ? { definition: term.definition.text } : term.formula ? { definition: term.formula.text } : {}),
    page: term.page,
  }));
  const topTerms = shown.slice(0, 4).map((term) => term.display);
  const lead = overviewSentence(analysis, weight);
  const topics = topTerms.length > 0 ? wording.overview(analysis.title, wording.list(topTerms)) : '';
  const overview = [topics, lead?.text].filter(Boolean).join(' ') || analysis.title;
  return { title: analysis.title, overview, sections, keyTerms };
}

/**
 * The key terms a student is shown: terms of the subject ("equilibrium position", "Lagrangian"), not general words
 * ("equation", "matrix", "motion"), and no single word of a longer term shown before it ("molecule", "triatomic"
 * after "triatomic molecule").
 */
function termsToShow(analysis: Analysis): KeyTerm[] {
  const shown: KeyTerm[] = [];
  for (const term of analysis.terms) {
    if (!term.teachable) continue;
    if (term.words === 1 && !term.definition && shown.some((other) => other.words > 1 && other.key.split(' ').includes(term.key))) continue;
    shown.push(term);
  }
  return shown;
}

export function termWeight(analysis: Analysis): (key: string) => number {
  const weights = new Map(analysis.terms.map((term, index) => [term.key, 1 / (1 + index / 25)]));
  return (key) => weights.get(key) ?? 0;
}

const example = /\b(?:beispielsweise|zum beispiel|z\.\s?b\.|for example|for instance|e\.g\.)/i;

/** 2–5 points, more for a longer section. */
export function keyPoints(section: Section, weight: (key: string) => number, language: string): Sentence[] {
  // A key point is read on its own, in a list: it must make sense without the sentence before it ("In both cases …",
  // "Deswegen …" and "we observe …" do not).
  // An example illustrates a point; it is not one ("So ist beispielsweise es’ : h’ eine übermäßige Quinte").
  const usable = section.sentences.filter(
    (sentence) => sentence.standalone && !example.test(sentence.text) && sentenceFlaws(sentence.text, language).length === 0,
  );
  if (usable.length === 0) return [];
  const count = Math.max(2, Math.min(5, Math.round(Math.sqrt(usable.length) / 2)));
  return topSentences(usable, rankSentences(usable, weight), count);
}

/** The most central sentence of the opening section (an abstract or introduction says what a document is about). */
function overviewSentence(analysis: Analysis, weight: (key: string) => number): Sentence | undefined {
  const opening = analysis.sections.find((section) => section.sentences.some((sentence) => sentence.standalone));
  if (!opening) return undefined;
  const usable = opening.sentences.filter((sentence) => sentence.standalone).slice(0, 60);
  return topSentences(usable, rankSentences(usable, weight), 1)[0];
}
