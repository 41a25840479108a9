/**
 * What rendering a signed-in page on the server (src/client/server-render.tsx, issue 21) costs the server: the time to
 * answer GET /dashboard and GET /summary (a real 14-page PDF, studied) with the page rendered — a device whose window
 * width the server knows — and with the shell's frame instead (a first visit from a computer), alternated, on the
 * production build. Prints the medians of the runs, their ratio and the page's size; asserts nothing.
 *
 *   npm run build && npm run bench:server-render [-- --runs 40]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VIEWPORT_COOKIE } from '../src/shared/viewport-cookie';
import { signedInCookie, startServer, studyFileCookie } from './app-session';
import { median } from './median';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs: a whole number of at least 1');
  process.exit(1);
}

/**
 * The page as a browser opening it asks for it: `fetch` would say `Sec-Fetch-Mode: cors` (a script's request, which
 * the server answers with the frame), so a plain HTTP request that says nothing of it.
 */
function openPage(address: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(address, { headers: { cookie } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-bench-render-'));
const { url, server } = await startServer(dataDir);
try {
  const pages = [
    { page: '/dashboard', cookie: await signedInCookie(url) },
    { page: '/summary', cookie: await studyFileCookie(url) },
  ];
  console.log(`GET of a signed-in page, ${String(runs)} runs each (alternated, after 3 warm-up runs), ${url}\n`);
  for (const { page, cookie } of pages) {
    const timed = async (rendered: boolean) => {
      const started = performance.now();
      const html = await openPage(`${url}${page}`, rendered ? `${cookie}; ${VIEWPORT_COOKIE}=390` : cookie);
      const ms = performance.now() - started;
      if (html.includes('data-rendered="server"') !== rendered) throw new Error(`${page}: the page was ${rendered ? 'not ' : ''}rendered on the server`);
      return { ms, bytes: Buffer.byteLength(html) };
    };
    for (let run = 0; run < 3; run += 1) {
      await timed(true);
      await timed(false);
    }
    const rendered: number[] = [];
    const frame: number[] = [];
    let sizes = { rendered: 0, frame: 0 };
    for (let run = 0; run < runs; run += 1) {
      const withRender = await timed(true);
      const withFrame = await timed(false);
      rendered.push(withRender.ms);
      frame.push(withFrame.ms);
      sizes = { rendered: withRender.bytes, frame: withFrame.bytes };
    }
    const [withRender, withFrame] = [median(rendered), median(frame)];
    console.log(
      `${page.padEnd(11)} rendered ${withRender.toFixed(1).padStart(6)} ms (${(sizes.rendered / 1024).toFixed(1)} KB)   ` +
        `frame ${withFrame.toFixed(1).padStart(6)} ms (${(sizes.frame / 1024).toFixed(1)} KB)   ` +
        `render adds ${(withRender - withFrame).toFixed(1)} ms, ${(withRender / withFrame).toFixed(2)}×`,
    );
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
