import type { Sentence } from './analysis';

/**
 * TextRank over sentences: a sentence is central when it shares words with many other central sentences (similarity
 * = shared content words over the log of both lengths). Long sections are pre-filtered to their 150 sentences richest
 * in key terms, which keeps the quadratic step small on a book's chapter.
 */
export function rankSentences(sentences: readonly Sentence[], termWeight: (key: string) => number): Map<number, number> {
  const prescore = (sentence: Sentence) =>
    sentence.phrases.reduce((sum, hit) => sum + termWeight(hit.key), 0) / Math.sqrt(Math.max(4, sentence.tokens.length));
  const candidates = [...sentences].sort((a, b) => prescore(b) - prescore(a) || a.index - b.index).slice(0, 150);
  const count = candidates.length;
  const sets = candidates.map((sentence) => new Set(sentence.content));
  const weights: number[][] = candidates.map(() => new Array<number>(count).fill(0));
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const a = sets[i] ?? new Set<string>();
      const b = sets[j] ?? new Set<string>();
      if (a.size < 2 || b.size < 2) continue;
      let shared = 0;
      for (const word of a) if (b.has(word)) shared++;
      if (shared === 0) continue;
      const weight = shared / (Math.log(a.size) + Math.log(b.size));
      (weights[i] as number[])[j] = weight;
      (weights[j] as number[])[i] = weight;
    }
  }
  const totals = weights.map((row) => row.reduce((sum, value) => sum + value, 0));
  let scores = new Array<number>(count).fill(1);
  for (let iteration = 0; iteration < 25; iteration++) {
    scores = scores.map((_, i) => {
      let sum = 0;
      for (let j = 0; j < count; j++) {
        const weight = weights[j]?.[i] ?? 0;
        if (weight > 0) sum += (weight / (totals[j] ?? 1)) * (scores[j] ?? 0);
      }
      return 0.15 + 0.85 * sum;
    });
  }
  const result = new Map<number, number>();
  candidates.forEach((sentence, i) => result.set(sentence.index, (scores[i] ?? 0) * (1 + 0.2 * Math.min(3, prescore(sentence)))));
  return result;
}

/** The best `count` sentences in reading order, skipping near-duplicates of one already picked. */
export function topSentences(sentences: readonly Sentence[], scores: Map<number, number>, count: number): Sentence[] {
  const ranked = [...sentences]
    .filter((sentence) => scores.has(sentence.index))
    .sort((a, b) => (scores.get(b.index) ?? 0) - (scores.get(a.index) ?? 0) || a.index - b.index);
  const picked: Sentence[] = [];
  for (const sentence of ranked) {
    if (picked.length >= count) break;
    if (picked.some((other) => overlap(other, sentence) > 0.5)) continue;
    picked.push(sentence);
  }
  return picked.sort((a, b) => a.index - b.index);
}

function overlap(a: Sentence, b: Sentence): number {
  const set = new Set(a.content);
  const shared = b.content.filter((word) => set.has(word)).length;
  return shared / Math.max(1, Math.min(a.content.length, b.content.length));
}
