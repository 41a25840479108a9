// Part of `npm run build:client`, after `vite build`: the landing page and /auth made into HTML, in English and German,
// so a phone paints them before any script arrives (issue 21; src/client/prerender.tsx renders them, main.tsx takes
// them over). Writes dist/client/prerendered/<locale>/<page>.html from dist/client/index.html; the server
// (src/server/http/pages.ts) answers / and /auth with them. The server-side bundle it renders with stays in dist/ssr:
// the server renders signed-in pages with it per request (src/client/server-render.tsx, src/server/http/app-page.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

// --client-dir: another front-end build than dist/client (a development build, to read React's hydration messages).
// --ssr-dir: where the server-side bundle goes (beside the client's build: the server looks for it there).
const { values: options } = parseArgs({
  options: { 'client-dir': { type: 'string', default: 'dist/client' }, 'ssr-dir': { type: 'string', default: 'dist/ssr' } },
});
const clientDir = path.resolve(options['client-dir']);
const bundleDir = path.resolve(options['ssr-dir']);
const LOCALES = ['en', 'de'];

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text) => escapeText(text).replace(/"/g, '&quot;');

/** The built index.html with the page's markup in #root, its hints in <head>, its language and its title. */
function pageHtml(template, { locale, href, html, head, title, description }) {
  const replaced = (text, pattern, replacement) => {
    if (!pattern.test(text)) throw new Error(`dist/client/index.html has no ${pattern}: the prerendered page could not be made.`);
    return text.replace(pattern, replacement);
  };
  let page = replaced(template, /<html lang="[^"]*"/, `<html lang="${locale}"`);
  page = replaced(page, /<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  page = replaced(page, /<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeAttribute(description)}"`);
  page = replaced(page, /<\/head>/, () => `${head}</head>`);
  return replaced(page, /<div id="root"><\/div>/, () => `<div id="root" data-prerendered="${escapeAttribute(href)}">${html}</div>`);
}

await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: true,
    rollupOptions: { input: { prerender: 'src/client/prerender.tsx', 'server-render': 'src/client/server-render.tsx' } },
    outDir: bundleDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});
const { PRERENDERED_PAGES, renderAppFrame, renderPage } = await import(pathToFileURL(path.join(bundleDir, 'prerender.js')).href);
const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
for (const locale of LOCALES) {
  mkdirSync(path.join(clientDir, 'prerendered', locale), { recursive: true });
  for (const { name, href } of PRERENDERED_PAGES) {
    const rendered = await renderPage(name, locale);
    const file = path.join(clientDir, 'prerendered', locale, `${name}.html`);
    writeFileSync(file, pageHtml(template, { locale, href, ...rendered }));
    console.log(`prerendered ${href} (${locale}): ${path.relative(process.cwd(), file)}, ${(rendered.html.length / 1024).toFixed(1)} KB of markup`);
  }
  // The signed-in shell's frame: markup only, put into #root of a signed-in page by the server (http/app-page.ts).
  const frame = await renderAppFrame(locale);
  const frameFile = path.join(clientDir, 'prerendered', locale, 'app-frame.html');
  writeFileSync(frameFile, frame);
  console.log(`prerendered the app's frame (${locale}): ${path.relative(process.cwd(), frameFile)}, ${(frame.length / 1024).toFixed(1)} KB of markup`);
}
