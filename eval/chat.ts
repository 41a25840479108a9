/**
 * The tutor's evaluation: a document's questions asked through the real chat path, offline. The pages are
 * cut into passages as the pipeline cuts them (chunkPages), stored in an in-memory PGlite migrated as the product
 * migrates its database (openDatabase), retrieved for each question as POST /api/chat retrieves them
 * (retrievePassages), and answered by the local engine's tutor (the same answerQuestion the engine streams, without
 * its pauses). Each answer gets a verdict a teacher would give it; nothing is asserted here.
 *
 *   answerable: 'right'       answered, cites a page the question names (or the page after it), mentions every
 *                             mustMention entry ('|' separates alternatives)
 *               'wrong-page'  answered, but from none of those pages
 *               'incomplete'  answered from a right page, but a mustMention entry is missing
 *               'refused'     declined although the document answers it
 *   uncovered:  'declined'    declined, as it should be
 *               'answered-uncovered'  answered a question the document does not cover
 *
 * A declined answer is one that cites nothing: the tutor's contract (engine.ts) is that an answer the passages do not
 * support says so plainly and cites nothing.
 */
import { directory, file, filePage, studyArtefact, user } from '../src/server/db/schema';
import { openDatabase } from '../src/server/db/client';
import { retrievePassages } from '../src/server/chat/retrieval';
import { chunkPages } from '../src/server/study/engines/chunks';
import type { AnswerEvent, StudyPage } from '../src/server/study/engines/engine';
import { answerQuestion } from '../src/server/study/engines/local/answer';
import { storeChunks } from '../src/server/study/pipeline/store';

// mustMention: lower-case; '|' separates alternatives; every entry must appear in the answer text
export interface ChatQuestion {
  question: string;
  pages: number[];
  mustMention: string[];
}

export interface ChatOutcome {
  id: string;
  question: string;
  kind: 'answerable' | 'uncovered';
  verdict: 'right' | 'wrong-page' | 'incomplete' | 'refused' | 'declined' | 'answered-uncovered';
  answer: string;
  citedPages: number[];
}

/** The course languages the product has (directory.language); any other document is asked as an English course. */
const courseLanguage = (language: string): 'en' | 'de' => (language.toLowerCase().startsWith('de') ? 'de' : 'en');

/**
 * Text as a mustMention entry is looked for in it: lower-case, one kind of space, dash and quote, and compatibility
 * forms as their plain characters (a subscript "ε₀" is "ε0", the micro sign is μ).
 */
export function normalizedForMention(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[‘’‚]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\s+/g, ' ');
}

/** Whether every entry (alternatives split at '|') appears in the answer. */
export function mentionsAll(answer: string, mustMention: readonly string[]): boolean {
  const text = normalizedForMention(answer);
  return mustMention.every((entry) =>
    entry
      .split('|')
      .map((alternative) => normalizedForMention(alternative).trim())
      .some((alternative) => alternative.length > 0 && text.includes(alternative)),
  );
}

export function verdictOf(
  kind: ChatOutcome['kind'],
  answered: boolean,
  citedPages: readonly number[],
  answer: string,
  question?: Pick<ChatQuestion, 'pages' | 'mustMention'>,
): ChatOutcome['verdict'] {
  if (kind === 'uncovered') return answered ? 'answered-uncovered' : 'declined';
  if (!answered) return 'refused';
  const accepted = new Set((question?.pages ?? []).flatMap((page) => [page, page + 1]));
  if (!citedPages.some((page) => accepted.has(page))) return 'wrong-page';
  return mentionsAll(answer, question?.mustMention ?? []) ? 'right' : 'incomplete';
}

export async function evaluateChat(
  document: { id: string; language: string; pages: StudyPage[] },
  questions: { answerable: ChatQuestion[]; uncovered: { question: string }[] },
): Promise<ChatOutcome[]> {
  const database = await openDatabase({ database: { kind: 'pglite', dataDir: undefined } });
  try {
    const { db } = database;
    const language = courseLanguage(document.language);
    const [owner] = await db
      .insert(user)
      .values({ id: 'eval-user', name: 'Evaluation', email: 'eval@example.test' })
      .returning({ id: user.id });
    const [course] = await db
      .insert(directory)
      .values({ ownerId: owner?.id ?? 'eval-user', name: 'Evaluation', language })
      .returning({ id: directory.id });
    const [stored] = await db
      .insert(file)
      .values({
        ownerId: owner?.id ?? 'eval-user',
        directoryId: course?.id ?? '',
        name: document.id,
        extension: 'txt',
        mimeType: 'text/plain',
        size: 1,
        status: 'ready',
        pageCount: document.pages.length,
      })
      .returning({ id: file.id });
    const fileId = stored?.id ?? '';
    if (document.pages.length > 0) {
      await db
        .insert(filePage)
        .values(document.pages.map((page) => ({ fileId, pageNumber: page.pageNumber, text: page.text, heading: page.heading })));
    }
    // The pipeline's 'chunks' artefact: the same cut, stored the same way, marked ready as the pipeline marks it.
    await db.transaction((tx) => storeChunks(tx, fileId, chunkPages(document.pages)));
    await db.insert(studyArtefact).values({ fileId, kind: 'chunks', status: 'ready', engine: 'pipeline' });

    const ask = async (question: string) => {
      const passages = await retrievePassages(db, { scope: { fileId }, language, query: question });
      const events: AnswerEvent[] = [];
      for await (const event of answerQuestion(question, { language, passages, history: [] }, { chunkMs: 0 })) events.push(event);
      const answer = events.map((event) => (event.type === 'text' ? event.text : '')).join('');
      const cited = events.flatMap((event) => (event.type === 'citation' ? [passages[event.citation.passage]?.page ?? -1] : []));
      return { answer, citedPages: [...new Set(cited.filter((page) => page > 0))], answered: cited.length > 0 };
    };

    const outcomes: ChatOutcome[] = [];
    for (const [index, entry] of questions.answerable.entries()) {
      const { answer, citedPages, answered } = await ask(entry.question);
      const verdict = verdictOf('answerable', answered, citedPages, answer, entry);
      outcomes.push({ id: `${document.id}#a${index + 1}`, question: entry.question, kind: 'answerable', verdict, answer, citedPages });
    }
    for (const [index, entry] of questions.uncovered.entries()) {
      const { answer, citedPages, answered } = await ask(entry.question);
      const verdict = verdictOf('uncovered', answered, citedPages, answer);
      outcomes.push({ id: `${document.id}#u${index + 1}`, question: entry.question, kind: 'uncovered', verdict, answer, citedPages });
    }
    return outcomes;
  } finally {
    await database.close();
  }
}
