/**
 * Initial JavaScript, gzipped, against the 120 KB budget, two measures:
 * - the app shell: what a browser downloads before any first screen can render — the entry chunk of
 *   dist/client/index.html plus every chunk it imports statically (Vite writes those as <link rel="modulepreload">;
 *   the script also follows the chunks' own static imports, so nothing is missed);
 * - the signed-in shell: what /dashboard loads before its first screen — the above plus the lazy chunks of the route
 *   components on the way to the page (the app layout, src/client/routes/_app.lazy.tsx, from routes/_app.tsx, and the
 *   dashboard page from routes/dashboard.tsx) with their static imports. The components are read from the route files
 *   (each `createRoute` block's `import('…')`, then its parent's through `getParentRoute`); what they import only
 *   dynamically (dialogs opened later) and the root route's deferred parts (the toaster, the 404 page) are not counted.
 *   Source files are mapped to chunks through Vite's build manifest (dist/client/.vite/manifest.json, written with
 *   `build.manifest: true`): a module's own entry there, or, for one the build grouped into a named chunk (the
 *   shell), the chunk whose source map lists it; then the manifest's static `imports`. Without the manifest only the
 *   first measure is printed.
 * Prints each chunk raw and gzipped (level 9, as a compressing server would at most send), each measure's total and
 * its ratio to the budget. With --modules, the largest sources inside each measure's chunks (minified bytes attributed
 * through the source maps the build writes). --pages measures other pages the same way (a comma list of route paths,
 * /dashboard unless given; `--pages /summary,/auth`). Reads a finished build; asserts nothing.
 *
 *   npm run build && npm run bench:bundle [-- --modules] [-- --dir dist/client] [-- --top 40] [-- --pages /dashboard]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist/client' },
    modules: { type: 'boolean', default: false },
    top: { type: 'string', default: '30' },
    pages: { type: 'string', default: '/dashboard' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.resolve(options.dir);
const kb = (bytes: number) => bytes / 1024;
const format = (bytes: number) => kb(bytes).toFixed(1).padStart(8);

/**
 * The chunk paths (relative to clientDir, no leading slash) index.html loads as a module script or modulepreloads —
 * or, in a build that starts the app once the page has painted (src/shared/app-start.ts), names in its start.
 */
function htmlEntries(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link|template)\b[^>]*>/g)) {
    const text = tag[0];
    const isModuleScript = (tag[1] === 'script' && /type="module"/.test(text)) || (tag[1] === 'template' && /data-entry=/.test(text));
    const isPreload = tag[1] === 'link' && /rel="modulepreload"/.test(text);
    const source = /(?:src|href|data-entry)="([^"]+\.js)"/.exec(text)?.[1];
    if ((isModuleScript || isPreload) && source) found.push(source.replace(/^\//, ''));
  }
  return found;
}

/** Static imports in a minified ES chunk: `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`. */
function staticImports(code: string, chunk: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(path.posix.join(path.posix.dirname(chunk), match[1]!));
  }
  return found;
}

function initialChunks(): string[] {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    console.error(`${indexFile} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const queue = htmlEntries(readFileSync(indexFile, 'utf8'));
  const seen = new Set<string>();
  while (queue.length) {
    const chunk = queue.shift()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    queue.push(...staticImports(readFileSync(path.join(clientDir, chunk), 'utf8'), chunk));
  }
  return [...seen];
}

/** One chunk of Vite's build manifest, keyed by its source (relative to the project) or `_<file name>`. */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest | null {
  const file = path.join(clientDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** A route file's `import('…')` resolved to a source file relative to the project, as the manifest names sources. */
function resolveImport(fromFile: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const found = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((suffix) => base + suffix)
    .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return path.relative(root, found ?? base).split(path.sep).join('/');
}

interface RouteBlock {
  /** The exported constant the block is assigned to (how child routes name it as their parent). */
  name: string | undefined;
  path: string | undefined;
  parent: string | undefined;
  /** The sources the route loads lazily: its component (lazyRouteComponent) or its `.lazy(…)` file. */
  lazy: string[];
}

/** Every `createRoute(…)` of src/client/routes, read as text up to the next one (or the end of its file). */
function routeBlocks(): RouteBlock[] {
  const dir = path.join(root, 'src/client/routes');
  const blocks: RouteBlock[] = [];
  for (const name of readdirSync(dir).filter((entry) => /\.tsx?$/.test(entry))) {
    const file = path.join(dir, name);
    const text = readFileSync(file, 'utf8');
    const starts = [...text.matchAll(/(?:export\s+const\s+(\w+)\s*=\s*)?\bcreateRoute\(/g)];
    starts.forEach((start, index) => {
      const block = text.slice(start.index, starts[index + 1]?.index ?? text.length);
      blocks.push({
        name: start[1],
        path: /\bpath:\s*['"]([^'"]+)['"]/.exec(block)?.[1],
        parent: /getParentRoute:\s*\(\)\s*=>\s*(\w+)/.exec(block)?.[1],
        lazy: [...block.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => resolveImport(file, match[1]!)),
      });
    });
  }
  return blocks;
}

/** The lazily loaded sources of the route at `page` and of its parent routes, the outermost first. */
function routeSources(page: string, blocks: RouteBlock[]): string[] {
  let route = blocks.find((block) => block.path === page);
  if (!route) throw new Error(`no route in src/client/routes has path '${page}'`);
  const sources: string[] = [];
  const visited = new Set<RouteBlock>();
  while (route && !visited.has(route)) {
    visited.add(route);
    sources.unshift(...route.lazy);
    const parent: string | undefined = route.parent;
    route = parent ? blocks.find((block) => block.name === parent) : undefined;
  }
  return sources;
}

/** The absolute paths of the sources each chunk's source map lists, read once per chunk. */
const mapSources = new Map<string, Set<string>>();

function sourcesOf(chunk: string): Set<string> {
  let sources = mapSources.get(chunk);
  if (!sources) {
    sources = new Set();
    const mapFile = path.join(clientDir, `${chunk}.map`);
    if (existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
      const base = path.resolve(path.dirname(path.join(clientDir, chunk)), map.sourceRoot ?? '');
      for (const source of map.sources) sources.add(path.resolve(base, source));
    }
    mapSources.set(chunk, sources);
  }
  return sources;
}

/**
 * The manifest key of the chunk that holds `source`: its own entry when it starts a chunk, else the JavaScript chunk
 * whose source map lists it (a module the build put into a named chunk has no entry of its own).
 */
function chunkKeyOf(source: string, manifest: Manifest): string | undefined {
  if (manifest[source]) return source;
  const absolute = path.resolve(root, source);
  return Object.keys(manifest).find((key) => manifest[key]!.file.endsWith('.js') && sourcesOf(manifest[key]!.file).has(absolute));
}

/** The files of the chunks `keys` and of everything they import statically, after the manifest. */
function withStaticImports(keys: string[], manifest: Manifest): string[] {
  const queue = [...keys];
  const seen = new Set<string>();
  const files: string[] = [];
  while (queue.length) {
    const key = queue.shift()!;
    const entry = manifest[key];
    if (seen.has(key) || !entry) continue;
    seen.add(key);
    files.push(entry.file);
    queue.push(...(entry.imports ?? []));
  }
  return files;
}

interface ChunkRow {
  chunk: string;
  code: string;
  raw: number;
  gzip: number;
}

const rows = new Map<string, ChunkRow>();

function chunkRow(chunk: string): ChunkRow {
  let row = rows.get(chunk);
  if (!row) {
    const code = readFileSync(path.join(clientDir, chunk), 'utf8');
    row = { chunk, code, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
    rows.set(chunk, row);
  }
  return row;
}

const bySize = (a: ChunkRow, b: ChunkRow) => b.gzip - a.gzip;
const sum = (list: ChunkRow[], key: 'raw' | 'gzip') => list.reduce((total, row) => total + row[key], 0);

function printRows(list: ChunkRow[], label: string) {
  for (const row of list) console.log(`${format(row.raw)} ${format(row.gzip)}  ${row.chunk}`);
  console.log(`${format(sum(list, 'raw'))} ${format(sum(list, 'gzip'))}  ${label}, ${list.length} chunk(s)`);
}

function printBudget(gzip: number) {
  const ratio = kb(gzip) / BUDGET_KB;
  console.log(
    `\nbudget ${BUDGET_KB} KB gzipped: ${kb(gzip).toFixed(1)} KB = ${ratio.toFixed(2)}× the budget ` +
      `(${ratio <= 1 ? 'within' : `over by ${(kb(gzip) - BUDGET_KB).toFixed(1)} KB`})`,
  );
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Minified bytes per original source of one chunk, from its source map's mappings (each segment runs to the next). */
function bytesPerSource(chunkFile: string, code: string): Map<string, number> {
  const result = new Map<string, number>();
  const mapFile = `${chunkFile}.map`;
  if (!existsSync(mapFile)) return result;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    const segments: Array<{ column: number; source: number | undefined }> = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      segments.push({ column, source: fields.length >= 4 ? source : undefined });
    }
    segments.forEach((current, index) => {
      if (current.source === undefined) return;
      const end = segments[index + 1]?.column ?? lineLength;
      const name = map.sources[current.source] ?? '?';
      result.set(name, (result.get(name) ?? 0) + Math.max(0, end - current.column));
    });
  });
  return result;
}

/** node_modules/<package> (scoped too) or the app's own path below src/. */
function owner(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source;
}

function printModules(list: ChunkRow[]) {
  const perOwner = new Map<string, number>();
  for (const row of list) {
    for (const [source, bytes] of bytesPerSource(path.join(clientDir, row.chunk), row.code)) {
      const name = owner(source);
      perOwner.set(name, (perOwner.get(name) ?? 0) + bytes);
    }
  }
  const top = [...perOwner].sort((a, b) => b[1] - a[1]).slice(0, Math.max(1, Number(options.top)));
  console.log(`\nLargest sources in those chunks (minified KB, before gzip):`);
  for (const [name, bytes] of top) console.log(`${format(bytes)}  ${name}`);
}

const header = `${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  chunk`;

function main() {
  const initial = initialChunks().map(chunkRow).sort(bySize);
  console.log(`Initial JavaScript of the app shell (${path.relative(process.cwd(), clientDir) || '.'}/index.html)\n`);
  console.log(header);
  printRows(initial, 'total');
  printBudget(sum(initial, 'gzip'));
  if (options.modules) printModules(initial);

  const pages = options.pages
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean)
    .map((page) => (page.startsWith('/') ? page : `/${page}`));
  const manifest = readManifest();
  if (!manifest) {
    const file = path.relative(process.cwd(), path.join(clientDir, '.vite/manifest.json'));
    console.log(
      `\nThe second measure, what ${pages.join(', ')} load(s) before the first screen, needs Vite's build manifest: ` +
        `${file} is missing (build.manifest: true in vite.config.ts). Only the first is printed.`,
    );
    return;
  }
  const blocks = routeBlocks();
  const initialSet = new Set(initial.map((row) => row.chunk));
  for (const page of pages) {
    const sources = routeSources(page, blocks).map((source) => ({ source, key: chunkKeyOf(source, manifest) }));
    const keys = sources.flatMap(({ key }) => (key ? [key] : []));
    const added = withStaticImports(keys, manifest)
      .filter((chunk) => !initialSet.has(chunk) && chunk.endsWith('.js'))
      .map(chunkRow)
      .sort(bySize);
    const all = [...initial, ...added];
    const title = page === '/dashboard' ? 'Signed-in shell: what /dashboard loads' : `What ${page} loads`;
    console.log(`\n${title} before its first screen: the app shell plus the lazy chunks of`);
    for (const { source, key } of sources) {
      const where = key === source ? '' : key ? ` (in ${key})` : ' (in no chunk of the manifest: not counted)';
      console.log(`    ${source}${where}`);
    }
    console.log(`and their static imports\n`);
    console.log(header);
    printRows(added, 'lazy chunks');
    console.log(`${format(sum(all, 'raw'))} ${format(sum(all, 'gzip'))}  total with the app shell, ${all.length} chunk(s)`);
    printBudget(sum(all, 'gzip'));
    if (options.modules) printModules(all);
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
