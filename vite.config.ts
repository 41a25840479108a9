import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { APP_START_ELEMENT_ID, APP_START_PRELOADS_MARK, APP_START_SCRIPT } from './src/shared/app-start.ts';
import { THEME_BOOT_SCRIPT } from './src/shared/theme-boot.ts';

/**
 * Chunks (see bench/bundle.ts and docs/performance.md). The first chunk holds only what every first screen needs; the
 * pages are lazy routes. Left to itself the bundler would then cut the code the pages share into a chunk per
 * combination of pages using it — about ninety small files for /dashboard. Instead:
 * - The app's own modules that the signed-in shell (routes/_app.lazy.tsx, or the 404 page drawn in it) needs go into
 *   a few chunks named after which of the shell, the landing page and /auth reach them through static imports: `shell`
 *   (the shell alone; every app page loads it anyway), `shell-landing`, `shell-auth`, `shell-auth-landing`. So the
 *   landing page never loads the shell's code, nor /auth's forms. A module's imports are reached from at least the
 *   same places, so they sit in the same chunk, one named after more places, or the first chunk: no chunk cycle.
 *   (Only src/: a package's index imports all its parts, which would make every part look reachable from everywhere.)
 * - radix-ui and its helpers in one `ui` chunk, which the shell needs nearly all of (Slot, used by every button, stays
 *   apart), and the icons in one `icons` chunk.
 */
const KEY_ROOTS = [
  { name: 'auth', files: ['/src/client/features/auth/auth-page.tsx'] },
  { name: 'landing', files: ['/src/client/features/landing/landing-page.tsx'] },
  // The service worker's registration, which every page loads once it has loaded (main.tsx): the little it shares
  // with the shell must not bring the shell's chunk to a visitor's landing page.
  { name: 'sw', files: ['/src/client/lib/offline/service-worker.ts'] },
] as const;
const SHELL_ROOTS = ['/src/client/routes/_app.lazy.tsx', '/src/client/features/shell/not-found-page.tsx'];

/** The modules that load `id` (with itself) through static imports only: the entry, or dynamically imported ones. */
function staticRoots(id: string, context: Rolldown.ChunkingContext, cache: Map<string, Set<string>>): Set<string> {
  const known = cache.get(id);
  if (known) return known;
  const roots = new Set<string>();
  cache.set(id, roots);
  const info = context.getModuleInfo(id);
  if (!info) return roots;
  if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id);
  for (const importer of info.importers) for (const root of staticRoots(importer, context, cache)) roots.add(root);
  return roots;
}

function shellGroup(id: string, context: Rolldown.ChunkingContext, cache: Map<string, Set<string>>): string | null {
  if (!id.includes('/src/client/') && !id.includes('/src/shared/')) return null;
  const roots = [...staticRoots(id, context, cache)];
  const reaches = (files: readonly string[]) => roots.some((root) => files.some((file) => root.endsWith(file)));
  if (!reaches(SHELL_ROOTS)) return null;
  return ['shell', ...KEY_ROOTS.filter((key) => reaches(key.files)).map((key) => key.name)].join('-');
}

/**
 * What every page's <head> starts with: the theme's first step, inline (its hash is allowed by the CSP; see
 * src/shared/theme-boot.ts), and in a build a preload of the Latin face of Inter (src/client/fonts.css), so the font
 * is there by the first paint instead of arriving after it and making the browser lay the page out again.
 */
function headStart(): Plugin {
  return {
    name: 'studypath-head-start',
    transformIndexHtml: (_html, context) => {
      const font = Object.keys(context.bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
      return [
        { tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' },
        ...(font
          ? [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' }, injectTo: 'head' as const }]
          : []),
      ];
    },
  };
}

/**
 * The app starts once the page has painted (src/shared/app-start.ts): the entry's module script and the preloads of
 * what it imports, which Vite writes into <head>, move into an inert template at the end of <body>, started by the
 * inline script after it.
 */
function appStart(): Plugin {
  return {
    name: 'studypath-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html has no module script for the app to start with');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g)];
        let page = html.replace(entry[0], '');
        for (const preload of preloads) page = page.replace(preload[0], '');
        const links = preloads.map((preload) => preload[0].trim()).join('');
        const start = `<template id="${APP_START_ELEMENT_ID}" data-entry="${entry[1]}">${links}${APP_START_PRELOADS_MARK}</template><script>${APP_START_SCRIPT}</script>`;
        return page.replace('</body>', () => `${start}</body>`);
      },
    },
  };
}

/**
 * The texts' files (src/client/locales/<lang>/<namespace>.json) as plain JSON assets of the browser build,
 * `assets/locale-<lang>-<namespace>-<version>.json`, which lib/i18n.ts fetches when a page asks for a namespace. As
 * imported modules each file was a chunk, and the first chunk carried a loader per file (43 of them); now it carries
 * the namespaces' names and one version, a hash of every text, so a changed text changes every file's name and no
 * browser keeps an old one (the files are cached for good, as every asset is). English and German must have the
 * same files (locales.test.ts), else the build stops here.
 */
const LOCALES_DIR = path.resolve('src/client/locales');

function localeFiles() {
  const languages = readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const namesIn = (language: string) => readdirSync(path.join(LOCALES_DIR, language)).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).sort();
  const namespaces = namesIn('en');
  for (const language of languages) {
    if (namesIn(language).join() !== namespaces.join()) throw new Error(`src/client/locales/${language} has other namespace files than en`);
  }
  const texts = new Map<string, string>();
  const hash = createHash('sha256');
  for (const language of languages) {
    for (const namespace of namespaces) {
      const text = readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8');
      texts.set(`${language}/${namespace}`, JSON.stringify(JSON.parse(text)));
      hash.update(`${language}/${namespace}\n${text}\n`);
    }
  }
  const version = hash.digest('hex').slice(0, 10);
  const plugin: Plugin = {
    name: 'studypath-locale-files',
    apply: 'build',
    generateBundle() {
      for (const [key, source] of texts) {
        const [language, namespace] = key.split('/');
        this.emitFile({ type: 'asset', fileName: `assets/locale-${language}-${namespace}-${version}.json`, source });
      }
    },
  };
  return { plugin, define: { __LOCALE_FILES__: JSON.stringify({ version, namespaces }) } };
}

export default defineConfig(({ isSsrBuild }) => {
  // One build's answers: the module graph does not change while chunks are formed.
  const roots = new Map<string, Set<string>>();
  const locales = localeFiles();
  return {
    // The build-time renderer (isSsrBuild) imports the texts' files as modules instead (lib/i18n.ts).
    plugins: [react(), tailwindcss(), headStart(), appStart(), ...(isSsrBuild ? [] : [locales.plugin])],
    define: locales.define,
    resolve: {
      alias: {
        // TanStack's store reads the selector hook from the shim for React < 18, which carries its own store
        // subscription; React 19 has it built in, and the package's plain entry uses that (a smaller first chunk).
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
        '@shared': path.resolve('src/shared'),
        '@client': path.resolve('src/client'),
      },
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 800,
      // Which chunks each page needs: bench/bundle.ts reads it, and the server preloads a page's chunks by it.
      manifest: !isSsrBuild,
      // The build-time renderer of scripts/prerender.mjs is one bundle for Node; the chunk groups are the browser's.
      rolldownOptions: isSsrBuild ? {} : {
        output: {
          codeSplitting: {
            groups: [
              // What the first screen needs: one chunk with the entry.
              { name: 'app', tags: ['$initial'], priority: 3 },
              { name: (id, context) => shellGroup(id, context, roots), priority: 2, includeDependenciesRecursively: false },
              {
                name: 'ui',
                test: /node_modules[\\/](radix-ui|@radix-ui[\\/](?!react-slot|react-compose-refs)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)/,
                priority: 1,
                includeDependenciesRecursively: false,
              },
              { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
