/**
 * Lighthouse of the production build: performance, accessibility and best-practices scores, target ≥ 95 each, and the
 * largest contentful paint and cumulative layout shift, targets LCP ≤ 2.5 s and CLS ≤ 0.1 (the issue sets those for the
 * mobile preset; they are printed for both), of four pages:
 * - `/` and `/auth`, as a visitor;
 * - `/dashboard`, a signed-in student with three courses;
 * - `/summary`, the Summary study tab with a real file: a second student uploads the 14-page test paper (trace-trees.pdf,
 *   src/server/test/trace-paper.ts) through POST /api/files as the app does, waits through file.getProcessingStatus
 *   until its text is read and every study artefact is made (the summary must be ready; nothing is left running while
 *   Lighthouse measures), and opens it (file.setActiveFileId), so the tab shows that file's summary.
 * Starts dist/server/main.js on a free loopback port with a fresh DATA_DIR, signs the users up through the API for
 * their session cookies (put into the browser's cookie jar), and runs Lighthouse in Debian's Chromium (/usr/bin/chromium), the desktop preset and, with
 * --mobile, Lighthouse's default (mobile, simulated slow 4G and a 4× slower CPU) as well. Prints per page the median
 * scores, LCP and CLS of the runs (each run's value in brackets) against their targets, the last run's paint metrics
 * and every audit that cost points in it; asserts nothing. A run Lighthouse cannot measure (NO_FCP, NO_NAVSTART: it
 * asks for another run) is run once more, with a note.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [-- --mobile] [-- --preset mobile] [-- --pages /,/auth]
 *     [-- --client dist/client] [-- --json out.json]
 *
 * --pages runs only the pages named (a comma list of /, /auth, /dashboard, /summary). --preset runs only the presets
 * named (desktop, mobile or both, comma-separated) whatever --mobile says. --client serves another front-end build (a
 * temporary working folder with dist/client pointing there). --json writes the medians and runs to that file and each
 * page's last Lighthouse result beside it (out.json.<preset>_<page>.lhr.json).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signedInCookie, startServer, studyFileCookie } from './app-session';
import { median } from './median';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGET = 95;
const LCP_TARGET_MS = 2_500;
const CLS_TARGET = 0.1;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const PAGE_NAMES = ['/', '/auth', '/dashboard', '/summary'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const PRESETS = ['desktop', 'mobile'] as const;
type Preset = (typeof PRESETS)[number];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    mobile: { type: 'boolean', default: false },
    preset: { type: 'string' },
    pages: { type: 'string' },
    client: { type: 'string', default: 'dist/client' },
    json: { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs));

/** The items of a comma list that must each be one of `known`; `what` names them in the error. */
function chosen<T extends string>(list: string, known: readonly T[], what: string, normalise = (item: string) => item): T[] {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map(normalise);
  const unknown = items.filter((item) => !known.some((name) => name === item));
  if (unknown.length || !items.length) {
    console.error(`--${what} ${list}: choose from ${known.join(', ')} (comma-separated)`);
    process.exit(1);
  }
  return known.filter((name) => items.includes(name));
}

const pageNames: PageName[] = options.pages
  ? chosen(options.pages, PAGE_NAMES, 'pages', (item) => (item.startsWith('/') ? item : `/${item}`))
  : [...PAGE_NAMES];
const presets: Preset[] = options.preset ? chosen(options.preset, PRESETS, 'preset') : options.mobile ? ['desktop', 'mobile'] : ['desktop'];

interface PageRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Largest contentful paint in ms and cumulative layout shift, as Lighthouse measured (null: not measured). */
  lcpMs: number | null;
  cls: number | null;
  lhr: Result;
}

/** Lighthouse could not measure the page (NO_FCP, NO_NAVSTART, …): it asks for another run. */
class LighthouseRuntimeError extends Error {}

/**
 * The session's cookies into the browser's own cookie jar, as a signed-in student's browser has them. (Lighthouse's
 * extraHeaders would send them too, but a cookie the page itself writes — the window's width, the language — then
 * replaces the whole header and the session is lost.) Lighthouse is told to keep the jar (disableStorageReset); each
 * run has a fresh browser profile, so nothing else carries over.
 */
async function addCookies(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium has no browser context to put the session cookie into');
    const cookies = cookie.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: new URL(url).origin };
    });
    await context.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

async function audit(url: string, preset: Preset, cookie?: string): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    if (cookie) await addCookies(chrome.port, url, cookie);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: cookie !== undefined,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageRun['scores'];
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    return { scores, lcpMs: numeric('largest-contentful-paint'), cls: numeric('cumulative-layout-shift'), lhr };
  } finally {
    chrome.kill();
  }
}

/** One run; a run Lighthouse could not measure is run once more (said so), a second failure ends the benchmark. */
async function auditOnce(url: string, preset: Preset, cookie?: string): Promise<PageRun> {
  try {
    return await audit(url, preset, cookie);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.log(`    (${preset} ${new URL(url).pathname}: ${error.message.split('. ')[0]}; running it again)`);
    return audit(url, preset, cookie);
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

/** The median of the runs' values against `target` (at most), or null when a run did not measure it. */
function againstTarget(values: Array<number | null>, target: number) {
  const measured = values.filter((value): value is number => value !== null);
  const value = measured.length === values.length ? median(measured) : null;
  return { median: value, runs: values, target, met: value !== null && value <= target };
}

/** `LCP 1.84 s [1.80 1.84 1.90], target ≤ 2.5 s: met`; '?' for a run that did not measure it. */
function metricLine(label: string, result: ReturnType<typeof againstTarget>, show: (value: number) => string, unit: string): string {
  const shown = (value: number | null) => (value === null ? '?' : show(value));
  const verdict = result.median === null ? 'NOT MEASURED' : result.met ? 'met' : 'NOT MET';
  return `${label} ${shown(result.median)}${unit} [${result.runs.map(shown).join(' ')}], target ≤ ${Number(show(result.target))}${unit}: ${verdict}`;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-lighthouse-'));
  let server: ChildProcess | undefined;
  const report: Record<string, unknown> = {};
  try {
    const started = await startServer(dataDir, options.client);
    server = started.server;
    const cookies: Partial<Record<PageName, string>> = {};
    if (pageNames.includes('/dashboard')) cookies['/dashboard'] = await signedInCookie(started.url);
    if (pageNames.includes('/summary')) cookies['/summary'] = await studyFileCookie(started.url);
    const pages = pageNames.map((name) => ({ name, url: `${started.url}${name}`, cookie: cookies[name] }));
    console.log(
      `Lighthouse ${runs} run(s) per page and preset, target ≥ ${TARGET} in ${CATEGORIES.join(', ')}, ` +
        `LCP ≤ ${LCP_TARGET_MS / 1000} s and CLS ≤ ${CLS_TARGET}\n`,
    );
    for (const preset of presets) {
      for (const page of pages) {
        const results: PageRun[] = [];
        for (let run = 0; run < runs; run += 1) results.push(await auditOnce(page.url, preset, page.cookie));
        const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id]))]));
        const verdict = CATEGORIES.every((id) => medians[id]! >= TARGET) ? 'meets the target' : 'BELOW the target';
        const each = CATEGORIES.map((id) => `${id} ${medians[id]} [${results.map((result) => result.scores[id]).join(' ')}]`);
        const lcp = againstTarget(results.map((result) => result.lcpMs), LCP_TARGET_MS);
        const cls = againstTarget(results.map((result) => result.cls), CLS_TARGET);
        const last = results.at(-1)!.lhr;
        const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
          .map((id) => `${id.replace(/-/g, ' ').replace(/\b(\w)\w*/g, '$1').toUpperCase().replace(/ /g, '')} ${last.audits[id]?.displayValue ?? '?'}`)
          .join(', ');
        console.log(`${preset} ${page.name}: ${each.join(', ')} — ${verdict}`);
        console.log(
          `    ${metricLine('LCP', lcp, (ms) => (ms / 1000).toFixed(2), ' s')}; ` + metricLine('CLS', cls, (value) => value.toFixed(3), ''),
        );
        console.log(`    last run: ${metrics}; ${scriptWeight(last)}`);
        const lost = lostPoints(last);
        console.log(lost.length ? lost.join('\n') : '    no audit lost points');
        report[`${preset} ${page.name}`] = {
          medians,
          runs: results.map((result) => result.scores),
          lcpMs: lcp,
          cls,
        };
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
