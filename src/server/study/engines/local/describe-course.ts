import type { CourseSubject } from '../../../../shared/artefacts';
import type { CourseDescriptionEvent, CourseInput, EngineCallOptions } from '../engine';
import { analyse } from './analysis';
import type { Analysis } from './analysis';
import { wordingFor } from './wording';
import { compareText } from './order';

/**
 * A 2–4 sentence description from the documents' titles and key terms, streamed sentence by sentence, then 1–3 tags
 * from the subject list chosen by keyword lists (English and German) matched against titles, key terms and text.
 */
export async function* describeCourse(
  course: CourseInput,
  options: EngineCallOptions = {},
): AsyncGenerator<CourseDescriptionEvent> {
  const analyses: Analysis[] = [];
  for (const document of course.documents) {
    options.signal?.throwIfAborted();
    analyses.push(analyse(document));
    await Promise.resolve();
  }
  const language = analyses[0]?.language ?? (course.language.split('-')[0] || 'en');
  const wording = wordingFor(language);
  const titles = analyses.map((analysis) => `“${analysis.title}”`);
  const shownTitles = wording.list(titles.length > 4 ? [...titles.slice(0, 3), `${titles.length - 3}…`] : titles);
  const terms = topTermsAcross(analyses, 5);
  const sentences: string[] = [];
  if (analyses.length > 0) sentences.push(wording.courseIntro(course.name, analyses.length, shownTitles));
  if (terms.length > 0) sentences.push(wording.courseTopics(wording.list(terms)));
  const units = analyses.reduce((sum, analysis) => sum + analysis.sections.length, 0);
  if (units > 0) sentences.push(wording.courseClose(units));
  if (sentences.length < 2) sentences.unshift(`${course.name}.`);
  for (const [index, sentence] of sentences.entries()) {
    options.signal?.throwIfAborted();
    yield { type: 'text', text: index === 0 ? sentence : ` ${sentence}` };
  }
  yield { type: 'tags', tags: subjectsOf(course, analyses) };
}

function topTermsAcross(analyses: Analysis[], count: number): string[] {
  const scores = new Map<string, { display: string; score: number }>();
  for (const analysis of analyses) {
    analysis.terms.slice(0, 20).forEach((term, rank) => {
      const entry = scores.get(term.key) ?? { display: term.display, score: 0 };
      entry.score += 1 / (1 + rank);
      scores.set(term.key, entry);
    });
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || compareText(a.display, b.display))
    .slice(0, count)
    .map((entry) => entry.display);
}

/** Word stems per subject, English and German; a stem matches the start of a word. */
const subjectKeywords: Record<CourseSubject, string[]> = {
  Science: ['science', 'physic', 'chemi', 'experiment', 'energy', 'atom', 'molecul', 'quantum', 'hypothes', 'wissenschaft', 'physik', 'chemie', 'energie', 'versuch', 'teilchen'],
  Medicine: ['medic', 'patient', 'clinic', 'disease', 'diagnos', 'therap', 'drug', 'surger', 'symptom', 'medizin', 'krankheit', 'klinik', 'therapie', 'arznei', 'gesundheit'],
  Engineering: ['engineer', 'mechanic', 'circuit', 'voltage', 'design', 'structur', 'machine', 'ingenieur', 'technik', 'maschine', 'schaltung', 'konstruktion', 'bauteil'],
  Law: ['law', 'legal', 'court', 'copyright', 'statute', 'contract', 'judge', 'constitution', 'lawyer', 'congress', 'recht', 'gesetz', 'gericht', 'vertrag', 'urteil', 'verfassung', 'jurist'],
  Biology: ['biolog', 'cell', 'gene', 'dna', 'organism', 'photosynth', 'protein', 'species', 'evolution', 'plant', 'zelle', 'organismus', 'pflanze', 'art', 'erbgut'],
  Business: ['business', 'market', 'compan', 'management', 'financ', 'econom', 'customer', 'profit', 'industr', 'unternehm', 'markt', 'wirtschaft', 'kunde', 'finanz', 'betrieb'],
  Math: ['math', 'equation', 'theorem', 'proof', 'algebra', 'calculus', 'integral', 'matri', 'function', 'geometr', 'mathemat', 'gleichung', 'beweis', 'funktion', 'satz'],
  Arts: ['art', 'paint', 'film', 'culture', 'creativ', 'artist', 'literatur', 'poem', 'novel', 'cartoon', 'kunst', 'kultur', 'maler', 'künstler', 'roman'],
  Geography: ['geograph', 'climate', 'continent', 'river', 'mountain', 'region', 'population', 'landscape', 'erdkunde', 'klima', 'kontinent', 'fluss', 'gebirge', 'bevölkerung'],
  'Computer Science': ['comput', 'algorithm', 'software', 'program', 'compiler', 'code', 'data', 'javascript', 'interpreter', 'network', 'internet', 'informatik', 'rechner', 'programm', 'daten', 'algorithmus'],
  Music: ['music', 'song', 'melod', 'harmon', 'rhythm', 'composer', 'recording', 'radio', 'musik', 'lied', 'komponist', 'rhythmus'],
  History: ['histor', 'war', 'century', 'empire', 'revolution', 'ancient', 'medieval', 'king', 'geschicht', 'krieg', 'jahrhundert', 'reich', 'mittelalter', 'könig'],
  'Social Studies': ['societ', 'social', 'politic', 'democra', 'government', 'citizen', 'sociolog', 'gesellschaft', 'sozial', 'politik', 'demokrat', 'regierung', 'bürger'],
  Language: ['language', 'grammar', 'vocabular', 'verb', 'noun', 'sentence', 'pronunciation', 'translation', 'sprache', 'grammatik', 'vokabel', 'aussprache', 'übersetzung'],
};

function subjectsOf(course: CourseInput, analyses: Analysis[]): CourseSubject[] {
  const words: string[] = [];
  const add = (text: string, weight: number) => {
    const found = text.toLowerCase().match(/\p{L}+/gu) ?? [];
    for (let index = 0; index < weight; index++) words.push(...found);
  };
  add(course.name, 5);
  for (const analysis of analyses) {
    add(analysis.title, 5);
    for (const term of analysis.terms.slice(0, 40)) add(term.key, 3);
    for (const section of analysis.sections) add(section.heading, 2);
  }
  const scores = (Object.keys(subjectKeywords) as CourseSubject[]).map((subject) => {
    const stems = subjectKeywords[subject];
    const score = words.filter((word) => stems.some((stem) => word.startsWith(stem) && (stem.length >= 4 || word === stem))).length;
    return { subject, score };
  });
  scores.sort((a, b) => b.score - a.score);
  const best = scores[0];
  if (!best || best.score === 0) return ['Science'];
  return scores.filter((entry, index) => index === 0 || (entry.score > 0 && entry.score >= best.score * 0.5)).slice(0, 3).map((entry) => entry.subject);
}
