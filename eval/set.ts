import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectFileKind } from '../src/server/ingest/file-kind';
import { parseDocument } from '../src/server/ingest/parse-document';
import { defaultExtractionLimits } from '../src/server/ingest/types';
import type { StudyDocument } from '../src/server/study/engines/engine';
import type { ChatQuestion } from './chat';

/** The evaluation set on disk: documents with their manifest, the tutor's questions and the teacher's labels. */
export interface EvalDocument {
  id: string;
  file: string;
  language: 'en' | 'de';
  subject: string;
  kind: string;
  /**
   * Tuned on; kept aside and never tuned on; or fresh: added later, never opened by the engine's authors, measured only
   * (the holdout's items were read once while labelling, so the fresh part is the honest measure of unseen documents);
   * markdown: students' Markdown notes (issue 26), added on 2026-11-28 to see the Markdown reading end to end.
   * fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9: later such batches, each added when the earlier fresh parts' labels had guided
   * fixes; a part is honest until its labels are read.
   */
  split: 'tune' | 'holdout' | 'fresh' | 'fresh2' | 'fresh3' | 'fresh4' | 'fresh5' | 'fresh6' | 'fresh7' | 'fresh8' | 'fresh9' | 'markdown';
  title: string;
  source: string;
  licence: string;
  notes?: string;
}

export type Labels = Record<string, { verdict: 'good' | 'junk'; why?: string; text?: string }>;

export interface Questions {
  answerable: ChatQuestion[];
  uncovered: { question: string }[];
}

const root = path.dirname(new URL(import.meta.url).pathname);

const readJson = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined);

export const loadManifest = (file = path.join(root, 'documents', 'manifest.json')) => readJson<EvalDocument[]>(file);
export const loadQuestions = (id: string) => readJson<Questions>(path.join(root, 'questions', `${id}.json`));
export const loadLabels = (id: string): Labels => readJson<{ items: Labels }>(path.join(root, 'labels', `${id}.json`))?.items ?? {};

/**
 * A document's pages as the product reads them (the real extraction, in this thread), titled as an upload is: its file
 * name without the extension.
 */
export async function readDocument(entry: EvalDocument): Promise<StudyDocument | undefined> {
  const bytes = new Uint8Array(readFileSync(path.join(root, 'documents', entry.file)));
  const kind = await detectFileKind({ bytes, fileName: entry.file });
  if (!kind.ok) return undefined;
  const result = await parseDocument({
    bytes,
    kind: kind.kind,
    limits: { ...defaultExtractionLimits, maxPages: 2000 },
    language: entry.language,
    ocrWorkers: 1,
  });
  if (!result.ok) return undefined;
  return {
    title: entry.file.replace(/\.[^.]+$/, ''),
    language: entry.language,
    ...(kind.kind === 'md' ? { format: 'markdown' as const } : {}),
    // PostgreSQL cannot store NUL; before the extraction removed control characters itself, such a page failed to save.
    pages: result.pages.map((page) => ({ pageNumber: page.pageNumber, text: page.text.replaceAll('\u0000', ''), heading: page.heading ?? null })),
  };
}
