/**
 * Where a page's first load spends the main thread: a CPU profile of the production build opening a page in Debian's
 * Chromium with the CPU slowed as Lighthouse's mobile preset slows it (4×), a phone's screen, and no network
 * throttling (this is about the work, not the wait). Prints the long tasks, the largest contentful paint with its
 * element, and the functions and source files (mapped through the build's source maps) that took the most time of
 * their own. Asserts nothing; a tool to find what to cut for `npm run bench:lighthouse -- --mobile` (issue 21).
 *
 *   npm run build && npm run bench:profile [-- --pages /dashboard,/summary] [-- --cpu 4] [-- --top 25]
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signedInCookie, startServer, studyFileCookie } from './app-session';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '/dashboard,/summary' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '25' },
  },
});
const cpuSlowdown = Math.max(1, Number(options.cpu));
const top = Math.max(1, Number(options.top));
const clientDir = path.resolve('dist/client');
const pages = options.pages.split(',').map((page) => page.trim());

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface PageMarks {
  longTasks: Array<{ start: number; duration: number }>;
  lcp: { time: number; element: string } | null;
  fcp: number | null;
}

/** The source maps of the build's scripts, read from dist/client/assets (the server does not serve them). */
const maps = new Map<string, TraceMap | null>();
function sourceMap(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = /\/assets\/([^/]+\.js)$/.exec(new URL(url).pathname)?.[1];
    const mapFile = file ? path.join(clientDir, 'assets', `${file}.map`) : undefined;
    maps.set(url, mapFile && existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  return maps.get(url) ?? null;
}

/** A source's path as a reader knows it: node_modules/<package> for libraries, src/… for ours. */
function shortSource(source: string): string {
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (library) return `node_modules/${library[1]}`;
  const ours = /(src\/.*)$/.exec(source);
  return ours ? ours[1]! : source;
}

function where(frame: CallFrame): { file: string; place: string } {
  if (!frame.url) return { file: `(${frame.functionName || 'program'})`, place: `(${frame.functionName || 'program'})` };
  const map = frame.url.startsWith('http') ? sourceMap(frame.url) : null;
  if (!map) {
    const file = frame.url.replace(/^https?:\/\/[^/]+/, '');
    return { file, place: `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` };
  }
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = original.source ? shortSource(original.source) : frame.url;
  return { file, place: `${original.name ?? frame.functionName ?? '(anonymous)'} ${file}:${original.line ?? '?'}` };
}

/**
 * The profile cut where the main thread paused (idle or program samples): each stretch of script work of 50 ms or more,
 * with the outermost script frame it began in and its own time by function.
 */
function busyStretches(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const outermost = (id: number): string => {
    let found: CallFrame | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame?.url) found = frame;
    }
    return found ? where(found).place : '(no script)';
  };
  const stretches: Array<{ ms: number; entry: string; self: Map<string, number> }> = [];
  let current: { ms: number; entry: string; self: Map<string, number> } | null = null;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    const paused = !frame || frame.functionName === '(idle)' || frame.functionName === '(program)' || frame.functionName === '(root)';
    if (paused) {
      if (current && current.ms >= 50) stretches.push(current);
      current = null;
      return;
    }
    current ??= { ms: 0, entry: outermost(id), self: new Map() };
    current.ms += ms;
    const place = where(frame).place;
    current.self.set(place, (current.self.get(place) ?? 0) + ms);
  });
  if (current !== null && (current as { ms: number }).ms >= 50) stretches.push(current);
  return stretches;
}

function table(title: string, totals: Map<string, number>, total: number) {
  console.log(`  ${title}`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}

async function profilePage(url: string, page: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const host = new URL(url).hostname;
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: host, path: '/' };
      }),
    );
    const tab = await context.newPage();
    // The page's own view of its long tasks, paints and largest contentful paint, from its first script on.
    await tab.addInitScript(() => {
      const marks = { longTasks: [] as Array<{ start: number; duration: number }>, lcp: null as { time: number; element: string } | null, fcp: null as number | null };
      (window as unknown as { __marks: typeof marks }).__marks = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
          const element = entry.element;
          const text = element?.textContent?.trim().slice(0, 60) ?? '';
          const name = element ? `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 60)}"` : ''}> ${text}` : '(removed)';
          marks.lcp = { time: entry.startTime, element: name };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await tab.goto(url + page, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1_500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const marks = (await tab.evaluate(() => (window as unknown as { __marks: PageMarks }).__marks)) as PageMarks;

    const selfTime = new Map<number, number>();
    profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
    const byPlace = new Map<string, number>();
    const byFile = new Map<string, number>();
    let busy = 0;
    for (const node of profile.nodes) {
      const ms = selfTime.get(node.id) ?? 0;
      if (!ms || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
      busy += ms;
      const { file, place } = where(node.callFrame);
      byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const stretches = busyStretches(profile);
    const blocking = marks.longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    console.log(`\n${page} at ${cpuSlowdown}× CPU: FCP ${marks.fcp?.toFixed(0) ?? '?'} ms, LCP ${marks.lcp?.time.toFixed(0) ?? '?'} ms ${marks.lcp?.element ?? ''}`);
    console.log(`  busy (JavaScript and GC sampled) ${busy.toFixed(0)} ms; long tasks ${marks.longTasks.length}, blocking ${blocking.toFixed(0)} ms (the page's own count, to the end of load + 1.5 s)`);
    for (const task of marks.longTasks) console.log(`    long task at ${task.start.toFixed(0)} ms: ${task.duration.toFixed(0)} ms`);
    console.log('  stretches of 50 ms or more without a pause (sampled), with what they began in and spent most on:');
    for (const stretch of stretches) {
      const spent = [...stretch.self].sort((a, b) => b[1] - a[1]).slice(0, 4);
      console.log(`    ${stretch.ms.toFixed(0).padStart(5)} ms from ${stretch.entry}`);
      for (const [place, ms] of spent) console.log(`             ${ms.toFixed(0).padStart(4)} ms ${place}`);
    }
    table('by source file (self time)', byFile, busy);
    table('by function (self time)', byPlace, busy);
  } finally {
    await browser.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-profile-'));
  let server: ChildProcess | undefined;
  try {
    const started = await startServer(dataDir);
    server = started.server;
    const cookies = new Map<string, string>();
    for (const page of pages) {
      const studyTab = page !== '/dashboard' && page !== '/' && page !== '/auth';
      const key = studyTab ? 'study' : page === '/dashboard' ? 'dashboard' : 'visitor';
      if (!cookies.has(key)) cookies.set(key, key === 'study' ? await studyFileCookie(started.url) : key === 'dashboard' ? await signedInCookie(started.url) : '');
      await profilePage(started.url, page, cookies.get(key) ?? '');
    }
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
