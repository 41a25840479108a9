/** Helpers of the renders made without a browser: at build time (prerender.tsx) and per request (server-render.tsx). */

/** The whole text of a stream of UTF-8 bytes. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true });
  return text + decoder.decode();
}

/**
 * React puts the resource hints of what it renders (its images' preloads) first in the markup; they belong in the
 * document's <head>: inside #root they would be nodes the browser's tree lacks when the app takes the page over.
 */
export function splitHints(markup: string): { head: string; html: string } {
  const head = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return { head, html: markup.slice(head.length) };
}
