import type { Deck, LearnPath } from '../../../../shared/artefacts';
import { baseLanguage, type EngineCallOptions, type StudyDocument } from '../engine';
import { documentChunks, documentSystem, mapLimit, pageIndex, type StudyTools } from './document-work';
import { documentLanguage, languageName } from './chunks';
import { failure } from './errors';
import { flashcardsModelSchema, learnPathModelSchema, mergeDecks, mergeLearnPath, toFlashcards, toLearnPathUnits } from './model-schemas';
import { flashcardsPrompt, learnPathPrompt, partIntro } from './prompts';

/**
 * The flashcards and the learn path: the two artefacts made of items that stand on their own, so each chunk of a
 * document is mined on its own (no reduce request) and the chunks' items are merged in code, up to a maximum.
 */

/** The most flashcards a deck holds, whatever the document's length. */
export const MAX_FLASHCARDS = 60;
/** The most units a learn path holds, whatever the document's length. */
export const MAX_UNITS = 40;

export async function makeFlashcards(tools: StudyTools, document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Deck> {
  const chunks = documentChunks(document, tools.chunkChars);
  const system = documentSystem(document);
  const perChunk = Math.min(40, Math.max(8, Math.ceil(MAX_FLASHCARDS / chunks.length) + 4));
  const decks = await mapLimit(chunks, tools.concurrency, (chunk) =>
    tools.client.structured(
      {
        name: 'flashcards',
        label: 'flashcards',
        schema: flashcardsModelSchema,
        system,
        prompt: flashcardsPrompt(perChunk, partIntro(document.title, chunk, chunks.length), chunk.text),
        convert: (model) => toFlashcards(model, pageIndex(document, chunk.pages)),
      },
      signal,
    ),
  );
  if (decks.every((cards) => cards.length === 0)) {
    throw failure('aiNoContent', 'The AI model found nothing in the document to make flashcards from.', {});
  }
  return mergeDecks(document.title, decks, MAX_FLASHCARDS);
}

export async function makeLearnPath(tools: StudyTools, document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<LearnPath> {
  const chunks = documentChunks(document, tools.chunkChars);
  const system = documentSystem(document);
  const courseCode = baseLanguage(document.language);
  const courseLanguage = courseCode === documentLanguage(document) ? undefined : languageName(courseCode);
  const parts = await mapLimit(chunks, tools.concurrency, (chunk) =>
    tools.client.structured(
      {
        name: 'learn_path',
        label: 'learn path',
        schema: learnPathModelSchema,
        system,
        prompt: learnPathPrompt(partIntro(document.title, chunk, chunks.length), chunk.text, courseLanguage),
        convert: (model) => toLearnPathUnits(model, pageIndex(document, chunk.pages)),
      },
      signal,
    ),
  );
  return mergeLearnPath(parts, MAX_UNITS);
}
