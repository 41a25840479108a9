// Part of `npm run build:client`, after `vite build` and the prerendering: bundles src/client/sw/service-worker.ts into
// dist/client/sw.js with the list of built assets it keeps at install and a version (a hash of that list), so each
// build's service worker replaces the last one and drops its cache. Source maps, the PDF viewer with its worker and
// KaTeX's fonts are left out of the list (large, and useless offline or cached when first used).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values: options } = parseArgs({ options: { 'client-dir': { type: 'string', default: 'dist/client' } } });
const clientDir = path.resolve(options['client-dir']);

const LEFT_OUT = [/\.map$/, /^pdf\.worker/, /^pdf-viewer-/, /^KaTeX_/];
const assets = readdirSync(path.join(clientDir, 'assets'))
  .filter((name) => !LEFT_OUT.some((pattern) => pattern.test(name)))
  .sort()
  .map((name) => `/assets/${name}`);
const precache = [...assets, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);

await build({
  entryPoints: ['src/client/sw/service-worker.ts'],
  outfile: path.join(clientDir, 'sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  define: { __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
console.log(`service worker: ${precache.length} files kept at install (version ${version})`);
