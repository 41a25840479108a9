/**
 * Ingest benchmark (DESIGN §9): pages per second of text extraction on freeculture.pdf (about 350 pages)
 * through the whole upload path — multipart POST /api/files to a listening server, storage, the job queue, the
 * extraction worker thread, the pages written to the database — against pdf.js alone on the same file in the same run.
 * Then the time from the upload until every study artefact (chunks, summary, mind map, flashcards, learn
 * path) is ready, as a multiple of pdf.js alone (the target is at most 1.3, issue 21). Prints medians and ratios; asserts nothing.
 *
 *   npm run bench:ingest [-- --runs 5] [-- --file path/to/file.pdf] [-- --breakdown] [-- --text-only]
 *
 * Each run has a server of its own that has not seen the file: the local engine remembers the sentence work of the
 * text it has read (analysis-memo.ts), so a second upload of the same book on one server skips much of its analysis
 * (an earlier version of this script measured that, and flattered the ratio). The server is first warmed up with
 * another document (--warm-up, tracemonkey.pdf unless given), unmeasured, so starting its threads and the JIT count
 * for no run; pdf.js alone is warmed up once in this process.
 *
 * --breakdown also prints where the time goes (ingest-breakdown.ts), from the server's logs.
 * --text-only leaves out the pages the upload reads by OCR (freeculture.pdf's cover and comic strip: 5–17 s that no
 * engine work can hide; found by one extraction first), the same pages for pdf.js and the upload, and says which.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { extractPages } from '../src/server/ingest/extract-pages';
import { breakdownOf, printBreakdown, recordingLogger } from './ingest-breakdown';
import { median } from './median';
import { startBenchServer, throughUpload } from './upload-run';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    breakdown: { type: 'boolean', default: false },
    file: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/testdata/pdfs/freeculture.pdf') },
    'warm-up': { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/testdata/pdfs/tracemonkey.pdf') },
    'text-only': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(options.runs));
const pdfPath = options.file;

/** pdf.js alone, in this thread: open the document and read every page's text content. */
async function pdfjsAlone(bytes: Uint8Array): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  const document = await getDocumentProxy(bytes.slice(), { verbosity: 0, isEvalSupported: false });
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    await page.getTextContent();
    page.cleanup();
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, ms: performance.now() - started };
}

/** The page numbers (from 1) the upload reads by OCR (or finds unreadable): the extraction's own choice, asked once. */
async function pagesReadByOcr(bytes: Uint8Array): Promise<number[]> {
  const result = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 2000 } });
  if (!result.ok) throw new Error(`the extraction failed: ${result.reason}`);
  const byOcr = result.pages.filter((page) => page.ocrConfidence !== undefined).map((page) => page.pageNumber);
  return [...byOcr, ...(result.unreadablePages ?? [])].sort((a, b) => a - b);
}

/** The file without the given pages (pdf-lib), or as it is when there are none. */
async function withoutPages(bytes: Uint8Array<ArrayBuffer>, pages: readonly number[]): Promise<Uint8Array<ArrayBuffer>> {
  if (pages.length === 0) return bytes;
  const pdf = await PDFDocument.load(bytes);
  for (const number of [...pages].sort((a, b) => b - a)) pdf.removePage(number - 1);
  return new Uint8Array(await pdf.save()) as Uint8Array<ArrayBuffer>;
}

async function main() {
  let bytes = new Uint8Array(readFileSync(pdfPath)) as Uint8Array<ArrayBuffer>;
  if (options['text-only']) {
    const leftOut = await pagesReadByOcr(bytes);
    bytes = await withoutPages(bytes, leftOut);
    console.log(`--text-only: left out ${leftOut.length} page(s) the upload reads by OCR${leftOut.length ? ` (${leftOut.join(', ')})` : ''}; ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
  }
  const warmUp = new Uint8Array(readFileSync(options['warm-up'])) as Uint8Array<ArrayBuffer>;
  const recording = options.breakdown ? recordingLogger() : undefined;
  const breakdowns: Map<string, number>[] = [];

  /** One run on a server of its own, warmed up by the other document: pdf.js alone, then the upload. */
  const measuredRun = async (run: number) => {
    const target = await startBenchServer({}, recording?.log);
    try {
      await throughUpload(target, warmUp, `warm-up (run ${run}).pdf`);
      const direct = await pdfjsAlone(bytes);
      const startedAt = performance.now();
      const whole = await throughUpload(target, bytes, `${path.basename(pdfPath, '.pdf')} (run ${run}).pdf`);
      if (recording) breakdowns.push(breakdownOf(recording.records, { fileId: whole.fileId, startedAt, uploadedMs: whole.uploadedMs }));
      return { direct, whole };
    } finally {
      await target.close();
    }
  };

  // pdf.js's module loading and JIT warm-up in this process count for no run.
  await pdfjsAlone(bytes);
  const alone: number[] = [];
  const perSecond: number[] = [];
  const artefactRatios: number[] = [];
  const artefactMs: number[] = [];
  let pages = 0;
  for (let run = 1; run <= runs; run += 1) {
    const { direct, whole } = await measuredRun(run);
    pages = direct.pages;
    alone.push(direct.pages / (direct.ms / 1000));
    perSecond.push(whole.pages / (whole.ms / 1000));
    artefactRatios.push(whole.artefactsMs / direct.ms);
    artefactMs.push(whole.artefactsMs);
    console.log(
      `run ${run}: pdf.js alone ${direct.ms.toFixed(0)} ms (${direct.pages} pages), ` +
        `upload endpoint to ready ${whole.ms.toFixed(0)} ms (${whole.pages} pages), ` +
        `to all artefacts ready ${whole.artefactsMs.toFixed(0)} ms`,
    );
  }
  const medianAlone = median(alone);
  const medianUpload = median(perSecond);
  console.log(`file: ${path.basename(pdfPath)}, ${pages} pages, ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${runs} runs`);
  console.log(`pdf.js alone:              median ${medianAlone.toFixed(1)} pages/s`);
  console.log(`upload endpoint to ready:  median ${medianUpload.toFixed(1)} pages/s`);
  console.log(`ratio upload / pdf.js:     ${(medianUpload / medianAlone).toFixed(2)}`);
  console.log(`upload to all artefacts ready: median ${median(artefactMs).toFixed(0)} ms`);
  console.log(`artefacts ready / pdf.js alone (time): median ${median(artefactRatios).toFixed(2)} (target ≤ 1.3)`);
  if (breakdowns.length > 0) printBreakdown(breakdowns);
}

await main();
