import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real and hostile documents (../shared/testdata beside the repository, or the folder CORPUS_DIR
 * names), and what is known about particular files of it. Every other file only has to end in text or a defined
 * failure. It is not part of the repository: only this suite reads it, and without it the suite is skipped and says so.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const corpusFolder = path.resolve(repositoryRoot, process.env.CORPUS_DIR || '../shared/testdata');
export const corpusExists = existsSync(corpusFolder);

export interface CorpusExpectation {
  /** Inclusive bounds of the page count when the file is read. */
  pages?: [number, number];
  text?: RegExp;
  /** The file must fail, for one of these reasons. */
  reason?: string[];
}

export const expectations: Record<string, CorpusExpectation> = {
  'pdfs/tracemonkey.pdf': { pages: [14, 14], text: /Trace-based Just-in-Time Type Specialization/ },
  'pdfs/freeculture.pdf': { pages: [340, 360], text: /FREE CULTURE/i },
  'pdfs/german-umlaut-r.pdf': { pages: [1, 1], text: /[äöüß]/ },
  'pdfs/ArabicCIDTrueType.pdf': { pages: [1, 1], text: /\p{Script=Arabic}/u },
  'pdfs/empty_protected.pdf': { reason: ['encrypted', 'no-text'] },
  'office/sld-notes.pptx': { text: /Notes/ },
  'office/no-slides.pptx': { reason: ['no-text'] },
};

/** Paths relative to the corpus folder ('pdfs/tracemonkey.pdf'), sorted; none when the folder is absent. */
export function corpusFiles(): string[] {
  if (!corpusExists) return [];
  return readdirSync(corpusFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(corpusFolder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** One line per file, printed after a suite: timings are shown, never asserted (DESIGN §9). */
export function printTable(title: string, rows: Array<{ file: string; outcome: string; ms: number }>) {
  console.log([title, 'file | pages or reason | ms', ...rows.map((row) => `${row.file} | ${row.outcome} | ${row.ms}`)].join('\n'));
}
