/**
 * OCR benchmark: seconds per scanned page on this machine, and the time from upload to every study
 * artefact for a 10-page scan. The scan is a PDF of the pictures in tests/fixtures/ocr: three handout pages (150 dpi
 * greyscale JPEGs, noisy and skewed, one upside down and one sideways), photos of book pages (one stored sideways with
 * an EXIF orientation, which a PDF does not apply: OCR turns it) and a dark slide, in turn to ten pages. Measured twice: the extraction alone
 * (extractPages, both cores reading pages) and through the whole upload path of a listening server. Prints medians;
 * asserts nothing. The target on a 2-core machine is at most 3 s a page with both threads.
 *
 *   npm run bench:ocr [-- --runs 3] [-- --pages 10]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { extractPages } from '../src/server/ingest/extract-pages';
import { median } from './median';
import { startBenchServer, throughUpload } from './upload-run';

const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, pages: { type: 'string', default: '10' } },
});
const runs = Math.max(1, Number(options.runs));
const pageCount = Math.max(1, Number(options.pages));
const fixtures = path.resolve(import.meta.dirname, '../tests/fixtures/ocr');

/** Scans and photos of tests/fixtures/ocr, one a page, in turn: the three handout pages, photos of book pages, a slide. */
const sources = ['handout-p1.jpg', 'handout-p2.jpg', 'handout-p3.jpg', 'photo-exif-rotated.jpg', 'photo-notes.jpg', 'photo-notes-2.jpg', 'slide.png'];

async function scannedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pageCount; index += 1) {
    const name = sources[index % sources.length]!;
    const bytes = readFileSync(path.join(fixtures, name));
    const image = name.endsWith('.png') ? await document.embedPng(bytes) : await document.embedJpg(bytes);
    const scale = Math.min(842 / image.width, 842 / image.height);
    document.addPage([image.width * scale, image.height * scale]).drawImage(image, { x: 0, y: 0, width: image.width * scale, height: image.height * scale });
  }
  return new Uint8Array(await document.save()) as Uint8Array<ArrayBuffer>;
}

async function main() {
  const bytes = await scannedPdf();
  console.log(`scan: ${pageCount} pages, ${(bytes.length / 1024).toFixed(0)} KB; ${runs} runs after one unmeasured`);
  const alone: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const started = performance.now();
    const result = await extractPages({ bytes, kind: 'pdf', limits: { maxPages: 1000 } });
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(result.message);
    const confidences = result.pages.map((page) => page.ocrConfidence ?? 0);
    if (run > 0) alone.push(ms / 1000 / pageCount);
    console.log(
      `run ${run}${run === 0 ? ' (warm-up)' : ''}: extraction ${(ms / 1000).toFixed(1)} s, ${(ms / 1000 / pageCount).toFixed(2)} s a page, ` +
        `median confidence ${median(confidences).toFixed(0)}, unreadable ${result.unreadablePages?.length ?? 0}`,
    );
  }
  const target = await startBenchServer();
  const artefacts: number[] = [];
  const ready: number[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const whole = await throughUpload(target, bytes, `Scanned handout (run ${run}).pdf`);
      ready.push(whole.ms / 1000);
      artefacts.push(whole.artefactsMs / 1000);
      console.log(`upload run ${run}: text ready ${(whole.ms / 1000).toFixed(1)} s, all artefacts ready ${(whole.artefactsMs / 1000).toFixed(1)} s`);
    }
  } finally {
    await target.close();
  }
  console.log(`OCR, extraction alone:        median ${median(alone).toFixed(2)} s a page (target ≤ 3 s)`);
  console.log(`upload to text ready:         median ${median(ready).toFixed(1)} s for ${pageCount} pages`);
  console.log(`upload to all artefacts:      median ${median(artefacts).toFixed(1)} s for ${pageCount} pages`);
}

await main();
