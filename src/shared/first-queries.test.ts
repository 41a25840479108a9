import { describe, expect, test } from 'vitest';
import { APP_START_ELEMENT_ID, APP_START_SCRIPT } from './app-start';
import { FIRST_QUERIES_ELEMENT_ID, pageWithoutFirstQueries } from './first-queries';
import { SERVER_RENDERED_ROOT } from './server-render';

describe('an app page kept for starting offline', () => {
  test("keeps everything but the first queries' answers, with its status and headers", async () => {
    const page =
      '<!doctype html><html><head><script type="application/json" id="studypath-session">{"user":{"id":"u1"}}</script></head>' +
      `<body><div id="root"></div><script type="application/json" id="${FIRST_QUERIES_ELEMENT_ID}">{"json":{"directory.getDirectories":[{"name":"Bio \\u003c/script>"}]}}</script></body></html>`;
    const kept = await pageWithoutFirstQueries(new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8', vary: 'Cookie', 'content-length': String(page.length), 'content-encoding': 'gzip' } }));
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(kept.headers.get('vary')).toBe('Cookie');
    expect(kept.headers.get('content-length')).toBeNull();
    expect(kept.headers.get('content-encoding')).toBeNull();
    const html = await kept.text();
    expect(html).not.toContain(FIRST_QUERIES_ELEMENT_ID);
    expect(html).not.toContain('getDirectories');
    expect(html).toContain('<div id="root"></div></body></html>');
    expect(html).toContain('id="studypath-session"');
  });

  test('keeps no page the server rendered from them: an empty #root, the app start after it', async () => {
    const start = `<template id="${APP_START_ELEMENT_ID}" data-entry="/assets/index.js"></template>`;
    const page =
      `<!doctype html><html><head></head><body>${SERVER_RENDERED_ROOT}<div><main><h1>Biology &lt;/div&gt;</h1><div>Cells</div></main></div></div>\n  ${start}` +
      `<script>${APP_START_SCRIPT}</script></body></html>`;
    const html = await (await pageWithoutFirstQueries(new Response(page, { headers: { 'content-type': 'text/html' } }))).text();
    expect(html).toBe(`<!doctype html><html><head></head><body><div id="root"></div>\n  ${start}<script>${APP_START_SCRIPT}</script></body></html>`);
  });
});
