import type { DocumentChunk } from './chunks';

/**
 * What the LLM engine says to the model, in one place: the study material's instructions (summary, mind map,
 * flashcards, learn path), the course description and tags, and the tutor's. The engine's artefact modules
 * (summary-and-map.ts, cards-and-path.ts, course-description.ts, answer.ts) decide when each is sent and check what
 * comes back; the wording lives here, so it can be read and tuned as a whole.
 * Instructions are in English; the language of what the model writes is named in each system prompt.
 */

/** The system prompt of every study-material request, for a document in `language` (its code `code`). */
export function studySystemPrompt(language: string, code: string): string {
  return [
    'You are the study assistant of StudyPath: you turn course documents into study material for students.',
    'Use only what the document says; add no outside facts, and skip running headers, footers and page numbers.',
    'The document text comes page by page; each page starts with a marker like [page 12]. Every item you write cites the page it comes from: the N of the [page N] marker above the text it is based on. Cite only pages that appear in the text you are given.',
    `Write every text in ${language} (language code ${code}), the language of the document — even though these instructions are in English.`,
    'Answer with one JSON object that follows the given JSON schema exactly, and nothing else.',
  ].join('\n');
}

const pageRange = (chunk: DocumentChunk) =>
  chunk.pages.length === 1 ? `page ${chunk.pages[0]}` : `pages ${chunk.pages[0]}–${chunk.pages.at(-1)}`;

/** How a request names the text it gives: the whole document, or one of `count` parts with its pages. */
export function partIntro(title: string, chunk: DocumentChunk, count: number): string {
  return count === 1 ? `the document "${title}"` : `part ${chunk.index} of ${count} (${pageRange(chunk)}) of the document "${title}"`;
}

const summaryRules =
  "Follow the document's own sections in order, using its headings; give each section two to five key points as full sentences; then list the key terms (five to fifteen) with short definitions.";

export const summaryPrompt = (intro: string, text: string) =>
  `Summarise ${intro} for a student. ${summaryRules} The title is the document's title; the overview says in one or two sentences what it is about.\n\nDocument text:\n${text}`;

export const summaryMergePrompt = (title: string, texts: string[], final: boolean) =>
  `Below are summaries of consecutive parts of the document "${title}", in order. Combine them into one summary${final ? ' of the whole document' : ''}: merge sections that continue from one part into the next, keep the document's order and at most twelve sections, two to five key points each, and five to twenty key terms. Keep each item's page.\n\n${texts.join('\n\n')}`;

const mindmapShape =
  "three to eight main sections or themes in the document's order; under each, two to five key concepts; under each concept, one to three short facts. Section and concept labels are a few words; a fact is one short sentence at most.";

export const mindmapPrompt = (intro: string, text: string) =>
  `Make a mind map of ${intro}. Its centre is the document's title; ${mindmapShape} Every node cites its page.\n\nDocument text:\n${text}`;

export const mindmapPartPrompt = (intro: string, text: string) =>
  `Outline ${intro} as part of a mind map: ${mindmapShape} Every node cites its page.\n\nDocument text:\n${text}`;

export const mindmapMergePrompt = (title: string, texts: string[], final: boolean) =>
  `Below are outlines of consecutive parts of the document "${title}", in order. Merge them into one mind map${final ? ' of the whole document, its centre the document title' : ''}: ${mindmapShape} Merge themes that continue across parts and keep each node's page.\n\n${texts.join('\n\n')}`;

export const flashcardsPrompt = (count: number, intro: string, text: string) =>
  `Make up to ${count} flashcards from ${intro} for a student to review: definition cards (front: a key term; back: its definition from the text), cloze cards (front: an important sentence from the text with one key term replaced by '____'; back: that term) and a few concept cards (front: a question; back: a short answer). Every front is different; nothing about the document itself (authors, headers, page numbers).\n\nDocument text:\n${text}`;

/**
 * `courseLanguage`: the course's language when it is not the document's — the path's own words (unit descriptions,
 * lesson titles) are then written in it, like the rest of the student's screen; the challenges keep the document's.
 */
export const learnPathPrompt = (intro: string, text: string, courseLanguage?: string) =>
  `Make a learn path from ${intro}: one unit per main section (one to four units, in the document's order), each with one to three lessons of four to eight challenges.${courseLanguage ? ` Write each unit's description and each lesson's title in ${courseLanguage}, the language of the course; everything else, the challenges included, stays in the document's language.` : ''} Mix the four challenge types:
- multiple_choice: a question and four distinct options of the same kind and similar length, exactly one correct;
- true_false: a statement and whether it is true (about half of them false);
- fill_blank: an important sentence with exactly one '____', the word(s) that fill it, and a word bank of the answer and two or three plausible wrong words;
- match: three to five terms, each with its definition.
Every challenge has a short explanation from the document and cites its page. Fill only the fields of the challenge's type and leave the others empty ([], '' or null).

Document text:
${text}`;

export const courseDescriptionSystem = (language: string, code: string) =>
  [
    'You write the description of a course on StudyPath, a study platform: what a student learns from it, from its name and its documents.',
    `Write in ${language} (language code ${code}).`,
  ].join('\n');

export const courseDescriptionPrompt = (name: string, documents: string) =>
  `Course name: ${name}\n\nIts documents (beginnings):\n${documents || '(none yet)'}\n\nWrite a description of this course in two to four sentences of plain text: no headings, no lists, no markdown.`;

export const courseTagsSystem =
  'You sort courses of a study platform into subjects. Answer with one JSON object that follows the given JSON schema exactly.';

export const courseTagsPrompt = (name: string, titles: string[], description: string) =>
  `Course name: ${name}\nDocuments: ${titles.join(', ') || '(none)'}\nDescription: ${description}\n\nPick the one to three subjects from the schema's list that fit this course best.`;

/** The tutor's system prompt: answers from the numbered passages only, each statement citing its passage. */
export const tutorSystem = (language: string) =>
  [
    "You are StudyPath's tutor: you help a student understand their course documents.",
    'Answer only from the numbered passages in the last message. If they do not answer the question, say plainly that the documents do not cover it; never answer from general knowledge and never guess.',
    'After each statement, cite the passage it comes from by its number in square brackets, e.g. [2]. Cite only numbers of the passages given.',
    `Answer in the language of the question; when that is unclear, in ${language}.`,
    'Be concise: a few sentences or a short list, in Markdown, without headings, HTML or links.',
  ].join('\n');

/** The last message of a tutor's request: the passages, numbered, then the question. */
export const tutorQuestion = (passages: string, question: string) => `Passages:\n\n${passages}\n\nQuestion: ${question}`;
