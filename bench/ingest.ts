/**
 * Ingest benchmark (DESIGN §9): pages per second of text extraction on freeculture.pdf (about 350 pages)
 * through the whole upload path — multipart POST /api/files to a listening server, storage, the job queue, the
 * extraction worker thread, the pages written to the database — against pdf.js alone on the same file in the same run.
 * Then the time from the upload until every study artefact (chunks, summary, mind map, flashcards, learn
 * path) is ready, as a multiple of pdf.js alone (the target is at most 1.3, issue 21). Prints medians and ratios; asserts nothing.
 *
 *   npm run bench:ingest [-- --runs 5] [-- --file path/to/file.pdf] [-- --breakdown]
 *
 * --breakdown also prints where the time goes (ingest-breakdown.ts), from the server's logs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getDocumentProxy } from 'unpdf';
import { breakdownOf, printBreakdown, recordingLogger } from './ingest-breakdown';
import { median } from './median';
import { startBenchServer, throughUpload } from './upload-run';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    breakdown: { type: 'boolean', default: false },
    file: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/testdata/pdfs/freeculture.pdf') },
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

async function main() {
  const bytes = new Uint8Array(readFileSync(pdfPath)) as Uint8Array<ArrayBuffer>;
  const recording = options.breakdown ? recordingLogger() : undefined;
  const target = await startBenchServer({}, recording?.log);
  const breakdowns: Map<string, number>[] = [];
  // A name of its own per run: the document's title is part of it, so no run reuses an earlier run's analysis.
  const upload = (run: number) => throughUpload(target, bytes, `${path.basename(pdfPath, '.pdf')} (run ${run}).pdf`);
  try {
    // One unmeasured round of each, so module loading and JIT warm-up count for neither.
    await pdfjsAlone(bytes);
    await upload(0);

    const alone: number[] = [];
    const perSecond: number[] = [];
    const artefactRatios: number[] = [];
    const artefactMs: number[] = [];
    let pages = 0;
    for (let run = 1; run <= runs; run += 1) {
      const direct = await pdfjsAlone(bytes);
      const startedAt = performance.now();
      const whole = await upload(run);
      if (recording) breakdowns.push(breakdownOf(recording.records, { fileId: whole.fileId, startedAt, uploadedMs: whole.uploadedMs }));
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
  } finally {
    await target.close();
  }
}

await main();
