import type { StudyPage } from './engine';

/** A passage for retrieval: part of one page, cut at paragraph or sentence ends. */
export interface TextChunk {
  page: number;
  position: number;
  text: string;
}

/** Passages aim at this many characters: long enough to answer from, short enough to quote. */
export const CHUNK_TARGET_CHARS = 800;
const CHUNK_MAX_CHARS = 1200;

const sentenceEnd = /(?<=[.!?…])\s+/u;

function pieces(paragraph: string): string[] {
  if (paragraph.length <= CHUNK_MAX_CHARS) return [paragraph];
  const result: string[] = [];
  for (const sentence of paragraph.split(sentenceEnd)) {
    // A "sentence" without any end mark in reach is cut at a space (or hard, for very long words).
    for (let rest = sentence; rest.length > 0; ) {
      if (rest.length <= CHUNK_MAX_CHARS) {
        result.push(rest);
        break;
      }
      const space = rest.lastIndexOf(' ', CHUNK_MAX_CHARS);
      const cut = space > CHUNK_MAX_CHARS / 2 ? space : CHUNK_MAX_CHARS;
      result.push(rest.slice(0, cut));
      rest = rest.slice(cut).trimStart();
    }
  }
  return result;
}

/**
 * Cuts every page into passages of about CHUNK_TARGET_CHARS characters: paragraphs (blank-line separated) are joined
 * until the target is reached, and a paragraph longer than the maximum is cut at sentence ends. A passage never spans
 * two pages, so each one cites exactly one page. Deterministic: the same pages always give the same chunks.
 */
export function chunkPages(pages: readonly Pick<StudyPage, 'pageNumber' | 'text'>[]): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const page of pages) {
    const paragraphs = page.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter((paragraph) => paragraph.length > 0)
      .flatMap(pieces);
    let current = '';
    const flush = () => {
      if (current) chunks.push({ page: page.pageNumber, position: chunks.length, text: current });
      current = '';
    };
    for (const paragraph of paragraphs) {
      if (current && current.length + 1 + paragraph.length > CHUNK_TARGET_CHARS) flush();
      current = current ? `${current}\n${paragraph}` : paragraph;
    }
    flush();
  }
  return chunks;
}
