// Bundles the server's TypeScript into dist/server (dependencies stay in node_modules). The text extraction worker is
// an entry point of its own: worker threads load a file, and src/server/ingest/extract-pages.ts looks for it beside main.js
// (and beside worker.js, the background worker process of `npm run worker`).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/server/worker.ts',
    'extraction-worker': 'src/server/ingest/extraction-worker.ts',
    'study-thread': 'src/server/study/engines/local/study-thread.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
