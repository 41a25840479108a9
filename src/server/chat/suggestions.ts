import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { summary } from '../db/schema';
import type { SharedStudy } from '../sharing/study-access';
import { conversationOf } from './messages';

/**
 * Starter questions for a file's chat, from its summary: its key terms (defined ones first) and a section heading,
 * phrased in the course's language. Each names words of the document, so the tutor finds what it asks about. None
 * while the summary is not made yet.
 */
const phrasings = {
  en: {
    whatIs: (term: string) => `What is meant by “${term}”?`,
    explain: (term: string) => `Explain “${term}”.`,
    relate: (a: string, b: string) => `How are “${a}” and “${b}” related?`,
    section: (heading: string) => `What does the document say about “${heading}”?`,
  },
  de: {
    whatIs: (term: string) => `Was bedeutet „${term}“?`,
    explain: (term: string) => `Erkläre „${term}“.`,
    relate: (a: string, b: string) => `Wie hängen „${a}“ und „${b}“ zusammen?`,
    section: (heading: string) => `Was sagt das Dokument über „${heading}“?`,
  },
};

/** Headings every paper or script has, which say nothing about its subject. */
const genericHeadings =
  /^(?:\d+(?:\.\d+)*\.?\s*)?(?:abstract|introduction|overview|summary|conclusions?|discussion|references|bibliography|acknowledge?ments?|appendix|contents|related work|future work|zusammenfassung|einleitung|einführung|überblick|fazit|literatur(?:verzeichnis)?|anhang|inhalt(?:sverzeichnis)?|danksagung|part \d+|teil \d+)$/i;

export const SUGGESTION_COUNT = 4;

export async function suggestQuestions(db: Db, fileId: string, language: string): Promise<string[]> {
  const [row] = await db.select({ content: summary.content }).from(summary).where(eq(summary.fileId, fileId)).limit(1);
  if (!row) return [];
  const phrase = language === 'de' ? phrasings.de : phrasings.en;
  const title = row.content.title.trim().toLowerCase();
  const seen = new Set<string>([title]);
  const terms = [...row.content.keyTerms]
    .sort((a, b) => Number(Boolean(b.definition)) - Number(Boolean(a.definition)))
    .map((entry) => entry.term.trim())
    .filter((term) => {
      const key = term.toLowerCase();
      if (term.length < 2 || term.length > 60 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const heading = row.content.sections
    .map((section) => section.heading.trim())
    .find((text) => text.length >= 3 && text.length <= 60 && !genericHeadings.test(text) && !seen.has(text.toLowerCase()));

  const questions: string[] = [];
  const [first, second, third, fourth] = terms;
  if (first) questions.push(phrase.whatIs(first));
  if (second) questions.push(phrase.explain(second));
  if (third && fourth) questions.push(phrase.relate(third, fourth));
  else if (third) questions.push(phrase.whatIs(third));
  if (heading) questions.push(phrase.section(heading));
  return questions.slice(0, SUGGESTION_COUNT);
}

/** Starter questions about a file the caller may study (in a shared course too), in its course's language. */
export async function chatSuggestions(db: Db, userId: string, fileId: string, shared: SharedStudy | undefined): Promise<string[]> {
  const conversation = await conversationOf(db, userId, { fileId }, shared);
  return suggestQuestions(db, fileId, conversation.language);
}
