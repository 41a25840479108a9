import type { CourseInput, EngineCallOptions, StudyDocument, StudyEngine } from '../engine';
import { StudyEngineError } from '../engine';
import { analyse } from './analysis';
import { answerQuestion } from './answer';
import type { Analysis } from './analysis';
import { describeCourse } from './describe-course';
import { buildDeck } from './flashcards';
import { buildLearnPath } from './learn-path';
import { buildMindmap } from './mindmap';
import { buildSummary } from './summary';
import { summaryDraft } from './summary-draft';

/**
 * Every failure the local engine reports (StudyEngineError.key, a key of the client's 'study' namespace); it sends no
 * params. Stored with the artefact: keys are only ever added.
 */
export const localEngineErrorKeys = ['tooLittleText', 'noFlashcards'] as const;
export type LocalEngineErrorKey = (typeof localEngineErrorKeys)[number];

/**
 * The offline, deterministic study engine (DESIGN §6): text preparation, sections, key terms and definitions once per
 * document (analysis.ts), then one small module per artefact. No network, no randomness: the same document always
 * gives the same artefacts.
 */
export function createLocalEngine(): StudyEngine {
  const run = async <T>(document: StudyDocument, options: EngineCallOptions | undefined, build: (a: Analysis) => T) => {
    options?.signal?.throwIfAborted();
    // Yield once so a caller's abort or timeout can land before the synchronous work starts.
    await Promise.resolve();
    const analysis = analyse(document);
    if (analysis.sentences.length === 0 && !analysis.sections.some((section) => section.tables.length > 0)) {
      throw new StudyEngineError('tooLittleText' satisfies LocalEngineErrorKey, 'The document has no running text to study from.');
    }
    options?.signal?.throwIfAborted();
    return build(analysis);
  };
  return {
    name: 'local',
    summary: (document, options) => run(document, options, buildSummary),
    mindmap: (document, options) => run(document, options, buildMindmap),
    flashcards: (document, options) => run(document, options, buildDeck),
    learnPath: (document, options) => run(document, options, (analysis) => buildLearnPath(analysis, document.language)),
    readAhead: async (document, pageCount, options) => {
      options?.signal?.throwIfAborted();
      await Promise.resolve();
      return summaryDraft(document, pageCount);
    },
    describeCourse: (course: CourseInput, options?: EngineCallOptions) => describeCourse(course, options),
    answer: (question, context, options) => answerQuestion(question, context, options),
  };
}
