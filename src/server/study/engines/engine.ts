import type { CourseSubject, Deck, LearnPath, Mindmap, Summary } from '../../../shared/artefacts';

/**
 * The study engine (DESIGN §6): turns a file's pages into its study artefacts. Two implementations — `local`
 * (offline, deterministic: the same document always gives the same artefacts) and `llm` (any OpenAI-compatible
 * endpoint) — behind this one interface, chosen once at start-up (AI_BASE_URL set → llm). Engines are pure: pages in,
 * artefacts out; storing, job state and quotas are the pipeline's (pipeline.ts).
 */

export interface StudyPage {
  pageNumber: number;
  text: string;
  /** The page's heading where the format has one (a PDF's larger font, a docx heading style, a slide title). */
  heading: string | null;
}

export interface StudyDocument {
  /** The file's name without its extension, e.g. 'Lecture 3 - Photosynthesis'. */
  title: string;
  /** The course's language ('en', 'de', …); engines detect the document's own language from its text as well. */
  language: string;
  pages: StudyPage[];
  /**
   * The file is a Markdown note (issue 26): its `#` lines are headings its writer set, so every one makes a section
   * (and a subheading a branch) however short. Other text that happens to hold such lines (R output "## id age") does
   * not count on them.
   */
  format?: 'markdown';
}

/** What engines are told about a course to describe it: its name and its files' documents. */
export interface CourseInput {
  name: string;
  language: string;
  documents: StudyDocument[];
}

/** A course description arrives as text chunks (shown as they come) and ends with its tags from the subject list. */
export type CourseDescriptionEvent = { type: 'text'; text: string } | { type: 'tags'; tags: CourseSubject[] };

export interface EngineCallOptions {
  /** Aborted when the job is cancelled or runs out of time; an engine stops as soon as it can. */
  signal?: AbortSignal;
}

/** A failure the student should see as such (e.g. a document too short to make questions from), not a crash. */
export class StudyEngineError extends Error {
  override name = 'StudyEngineError';
  constructor(
    readonly key: string,
    message: string,
    readonly params: Record<string, string | number> = {},
    /** True when trying again may help (an endpoint's 429 or timeout); false when the input itself cannot give more. */
    readonly retryable = false,
  ) {
    super(message);
  }
}

/**
 * The summary's sections made so far of a document whose pages are still being read: those whose pages are all read,
 * in order from the first (summary_draft). The finished summary replaces them and may differ from them: it weighs
 * every sentence against the whole document.
 */
export interface SummaryDraft {
  title: string;
  sections: Summary['sections'];
  /** Every page up to this one is read. */
  pagesRead: number;
}

export interface StudyEngine {
  readonly name: 'local' | 'llm';
  /**
   * Optional: starts on a document whose pages are still being read (`document.pages`: those read so far, in page
   * order; `pageCount` of the whole file) and answers the summary's sections complete so far, or null when none is.
   * The local engine keeps what it worked out, so that the artefacts of the whole document follow its last page
   * sooner — and come out the same as without it.
   */
  readAhead?(document: StudyDocument, pageCount: number, options?: EngineCallOptions): Promise<SummaryDraft | null>;
  summary(document: StudyDocument, options?: EngineCallOptions): Promise<Summary>;
  mindmap(document: StudyDocument, options?: EngineCallOptions): Promise<Mindmap>;
  flashcards(document: StudyDocument, options?: EngineCallOptions): Promise<Deck>;
  learnPath(document: StudyDocument, options?: EngineCallOptions): Promise<LearnPath>;
  describeCourse(course: CourseInput, options?: EngineCallOptions): AsyncIterable<CourseDescriptionEvent>;
  /** The tutor's answer to a chat question from the retrieved passages, streamed. */
  answer(question: string, context: AnswerContext, options?: EngineCallOptions): AsyncIterable<AnswerEvent>;
}

/** A passage retrieved for a chat question (src/server/chat/retrieval.ts): part of one page of one file. */
export interface AnswerPassage {
  fileId: string;
  fileName: string;
  page: number;
  text: string;
  /** The passage is its page's whole text (a slide, a short page), not a cut from a longer one. */
  wholePage?: boolean;
  /** A page holding a table, handed over whole so a value can be looked up in it; no prose to quote. */
  lookup?: boolean;
}

/** A turn of the conversation before the question, oldest first. */
export interface AnswerTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerContext {
  /** The course's language ('en', 'de'): what the tutor answers in when the question does not tell. */
  language: string;
  /** The passages retrieved for the question, best first; an engine answers from these alone. */
  passages: AnswerPassage[];
  /** The recent conversation (a few turns), for follow-up questions. */
  history: AnswerTurn[];
}

/** A passage an answer draws on: `passage` is its index in AnswerContext.passages, `quote` the words used from it. */
export interface AnswerCitation {
  passage: number;
  quote: string;
}

/**
 * A chat answer arrives as text deltas (markdown) and citations. The text marks what it draws on with `[n]`, the n-th
 * citation event (1-based); a citation event comes before the first text that marks it. An answer the passages do not
 * support says so plainly and cites nothing.
 */
export type AnswerEvent = { type: 'text'; text: string } | { type: 'citation'; citation: AnswerCitation };

/** What the tutor says when the passages do not answer a question, in the answer's language (English otherwise). */
/** 'de' of 'de-DE' or 'de_AT' (a course's or document's language tag); English when there is none. Both engines. */
export function baseLanguage(tag: string): string {
  return (tag.trim().split(/[-_]/)[0] ?? 'en').toLowerCase() || 'en';
}

export function notCoveredAnswer(language: string): string {
  return language.toLowerCase().startsWith('de')
    ? 'Dazu finde ich nichts in deinen Dokumenten. Frag mich gern etwas zu ihrem Inhalt – oder lade ein Dokument hoch, das dieses Thema behandelt.'
    : "Your documents don't cover this, so I can't answer it from them. Ask me about something they discuss — or upload a document that covers this topic.";
}
