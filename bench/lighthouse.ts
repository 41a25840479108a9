/**
 * Lighthouse of the production build: performance, accessibility and best-practices scores of `/` (a
 * visitor) and `/dashboard` (a signed-in student with three courses), target ≥ 95 each. Starts dist/server/main.js on
 * a free loopback port with a fresh DATA_DIR, signs a user up through the API for the session cookie, and runs
 * Lighthouse in Debian's Chromium (/usr/bin/chromium), the desktop preset and, with --mobile, Lighthouse's default
 * (mobile, simulated slow 4G and a 4× slower CPU) as well. Prints the median scores of the runs per page and every
 * audit that cost points in the last run; asserts nothing.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [-- --mobile] [-- --client dist/client] [-- --json out.json]
 *
 * --client serves another front-end build (a temporary working folder with dist/client pointing there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { median } from './median';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGET = 95;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    mobile: { type: 'boolean', default: false },
    client: { type: 'string', default: 'dist/client' },
    json: { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs));
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The built server, as `npm start` runs it, on an empty data folder. It serves `dist/client` below its working folder,
 * so another build is served from a temporary folder whose dist/client links to it (and drizzle/ to the migrations).
 */
async function startServer(dataDir: string): Promise<{ url: string; server: ChildProcess }> {
  const clientDir = path.resolve(options.client);
  if (!existsSync(path.join(clientDir, 'index.html')) || !existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error(`${clientDir}/index.html or dist/server/main.js is missing: run \`npm run build\` first.`);
  }
  let cwd = root;
  if (clientDir !== path.join(root, 'dist/client')) {
    cwd = path.join(dataDir, 'cwd');
    mkdirSync(path.join(cwd, 'dist'), { recursive: true });
    symlinkSync(clientDir, path.join(cwd, 'dist/client'));
    // The other folder the server reads relative to where it runs: the migrations.
    symlinkSync(path.join(root, 'drizzle'), path.join(cwd, 'drizzle'));
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, server };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs a student up through better-auth's endpoint and adds three courses; the session cookie for the browser. */
async function signedInCookie(url: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: url };
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Lena Hoffmann', username: 'lena_bench', email: 'lena@bench.studypath.test', password: 'correct horse battery' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error('sign-up set no cookie');
  for (const name of ['Biology 101', 'Linear Algebra', 'European History']) {
    const created = await fetch(`${url}/api/trpc/directory.createDirectory`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ json: { name } }),
    });
    if (!created.ok) throw new Error(`directory.createDirectory answered ${created.status}: ${await created.text()}`);
  }
  return cookie;
}

interface PageRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lhr: Result;
}

async function audit(url: string, preset: 'desktop' | 'mobile', cookie?: string): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageRun['scores'];
    return { scores, lhr };
  } finally {
    chrome.kill();
  }
}

/** Audits of the categories that carry weight and did not get full marks, with what Lighthouse measured. */
function lostPoints(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (!item || ref.weight === 0 || item.score === null || item.score >= 1) continue;
      const shown = item.displayValue ? ` (${item.displayValue})` : '';
      lines.push(`    ${id}: ${item.id} ${Math.round(item.score * 100)}${shown} — ${item.title}`);
    }
  }
  return lines;
}

/** The page's JavaScript as Lighthouse saw it: bytes transferred (compressed) and the number of scripts. */
function scriptWeight(lhr: Result): string {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return '';
  const row = details.items.find((item) => item.resourceType === 'script');
  return row ? `scripts ${((row.transferSize as number) / 1024).toFixed(1)} KB in ${String(row.requestCount)} requests` : '';
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-lighthouse-'));
  let server: ChildProcess | undefined;
  const report: Record<string, unknown> = {};
  try {
    const started = await startServer(dataDir);
    server = started.server;
    const cookie = await signedInCookie(started.url);
    const pages = [
      { name: '/', url: `${started.url}/` },
      { name: '/dashboard', url: `${started.url}/dashboard`, cookie },
    ];
    const presets: Array<'desktop' | 'mobile'> = options.mobile ? ['desktop', 'mobile'] : ['desktop'];
    console.log(`Lighthouse ${runs} run(s) per page and preset, target ≥ ${TARGET} in ${CATEGORIES.join(', ')}\n`);
    for (const preset of presets) {
      for (const page of pages) {
        const results: PageRun[] = [];
        for (let run = 0; run < runs; run += 1) results.push(await audit(page.url, preset, page.cookie));
        const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id]))]));
        const verdict = CATEGORIES.every((id) => medians[id]! >= TARGET) ? 'meets the target' : 'BELOW the target';
        const each = CATEGORIES.map((id) => `${id} ${medians[id]} [${results.map((result) => result.scores[id]).join(' ')}]`);
        const last = results.at(-1)!.lhr;
        const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
          .map((id) => `${id.replace(/-/g, ' ').replace(/\b(\w)\w*/g, '$1').toUpperCase().replace(/ /g, '')} ${last.audits[id]?.displayValue ?? '?'}`)
          .join(', ');
        console.log(`${preset} ${page.name}: ${each.join(', ')} — ${verdict}`);
        console.log(`    last run: ${metrics}; ${scriptWeight(last)}`);
        const lost = lostPoints(last);
        console.log(lost.length ? lost.join('\n') : '    no audit lost points');
        report[`${preset} ${page.name}`] = { medians, runs: results.map((result) => result.scores) };
        if (options.json) writeFileSync(`${options.json}.${preset}${page.name.replace(/\//g, '_')}.lhr.json`, JSON.stringify(last));
      }
    }
    if (options.json) writeFileSync(options.json, JSON.stringify(report, null, 2));
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
