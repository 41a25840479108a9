/**
 * How a built page starts the app (issue 21): not from a module script in <head>, which the browser fetches with the
 * shell's chunks at once, competing on a slow phone connection with the stylesheet and font the first paint needs,
 * but once the page has painted. vite.config.ts (`appStart`) moves the entry and its preloads into an inert
 * <template> at the end of <body>, and this inline script (allowed by its hash, server/http/security-headers.ts) puts
 * them into the document after the first frame: the page the server sent (the prerendered landing page and /auth, a
 * signed-in page rendered on the server) is on screen first, the app's scripts load right after. In a page that is
 * never shown (a background tab: no frames), a timer starts it instead. Keep it free of anything that varies per build.
 */
export const APP_START_ELEMENT_ID = 'studypath-start';

/** Where the server adds a page's own preloads inside the template (server/http/app-page.ts). */
export const APP_START_PRELOADS_MARK = '<!--studypath-preloads-->';

export const APP_START_SCRIPT = `(function(){var t=document.getElementById('${APP_START_ELEMENT_ID}');if(!t)return;function go(){if(!t.parentNode)return;t.remove();document.head.appendChild(t.content);var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=t.getAttribute('data-entry');document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,2000)})()`;
