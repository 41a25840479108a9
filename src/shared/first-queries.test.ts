import { describe, expect, test } from 'vitest';
import { FIRST_QUERIES_ELEMENT_ID, pageWithoutFirstQueries } from './first-queries';

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
});
