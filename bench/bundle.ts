/**
 * Initial JavaScript of the app shell: what a browser downloads before the first screen can render — the
 * entry chunk of dist/client/index.html plus every chunk it imports statically (Vite writes those as
 * <link rel="modulepreload">; the script also follows the chunks' own static imports, so nothing is missed). Prints
 * each chunk raw and gzipped (level 9, as a compressing server would at most send), the total and its ratio to the
 * 170 KB gzipped budget. With --modules, the largest sources inside those chunks (minified bytes attributed through
 * the source maps the build writes). Reads a finished build; asserts nothing.
 *
 *   npm run build && npm run bench:bundle [-- --modules] [-- --dir dist/client] [-- --top 40]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist/client' },
    modules: { type: 'boolean', default: false },
    top: { type: 'string', default: '30' },
  },
});
const clientDir = path.resolve(options.dir);
const kb = (bytes: number) => bytes / 1024;
const format = (bytes: number) => kb(bytes).toFixed(1).padStart(8);

/** The chunk paths (relative to clientDir, no leading slash) index.html loads as a module script or modulepreloads. */
function htmlEntries(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const isModuleScript = tag[1] === 'script' && /type="module"/.test(text);
    const isPreload = tag[1] === 'link' && /rel="modulepreload"/.test(text);
    const source = /(?:src|href)="([^"]+\.js)"/.exec(text)?.[1];
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

function main() {
  const chunks = initialChunks();
  const rows = chunks.map((chunk) => {
    const code = readFileSync(path.join(clientDir, chunk), 'utf8');
    return { chunk, code, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`Initial JavaScript of the app shell (${path.relative(process.cwd(), clientDir) || '.'}/index.html)\n`);
  console.log(`${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  chunk`);
  for (const row of rows) console.log(`${format(row.raw)} ${format(row.gzip)}  ${row.chunk}`);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`${format(raw)} ${format(gzip)}  total, ${rows.length} chunk(s)`);
  const ratio = kb(gzip) / BUDGET_KB;
  console.log(
    `\nbudget ${BUDGET_KB} KB gzipped: ${kb(gzip).toFixed(1)} KB = ${ratio.toFixed(2)}× the budget ` +
      `(${ratio <= 1 ? 'within' : `over by ${(kb(gzip) - BUDGET_KB).toFixed(1)} KB`})`,
  );

  if (options.modules) {
    const perOwner = new Map<string, number>();
    for (const row of rows) {
      for (const [source, bytes] of bytesPerSource(path.join(clientDir, row.chunk), row.code)) {
        const name = owner(source);
        perOwner.set(name, (perOwner.get(name) ?? 0) + bytes);
      }
    }
    const top = [...perOwner].sort((a, b) => b[1] - a[1]).slice(0, Math.max(1, Number(options.top)));
    console.log(`\nLargest sources in those chunks (minified KB, before gzip):`);
    for (const [name, bytes] of top) console.log(`${format(bytes)}  ${name}`);
  }
}

main();
