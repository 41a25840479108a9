import { baseLanguage } from '../engine';
import { stopWordLanguages, stopWords } from './stopwords';

/**
 * The document's language by its share of stop words (en, de), read from up to 20,000 words spread over the text.
 * Falls back to the language the course states when no list matches well.
 */
export function detectLanguage(texts: readonly string[], fallback: string): string {
  const words: string[] = [];
  const step = Math.max(1, Math.floor(texts.length / 40));
  for (let index = 0; index < texts.length && words.length < 20_000; index += step) {
    const found = (texts[index] ?? '').toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
    words.push(...found.slice(0, 500));
  }
  if (words.length === 0) return baseLanguage(fallback);
  let best = baseLanguage(fallback);
  let bestRatio = 0.08;
  for (const language of stopWordLanguages) {
    const stop = stopWords(language);
    const ratio = words.filter((word) => stop.has(word)).length / words.length;
    if (ratio > bestRatio) {
      best = language;
      bestRatio = ratio;
    }
  }
  return best;
}

