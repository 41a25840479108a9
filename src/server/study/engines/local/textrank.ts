import type { Sentence } from './analysis';

/**
 * TextRank over sentences: a sentence is central when it shares words with many other central sentences (similarity
 * = shared content words over the log of both lengths). Long sections are pre-filtered to their 150 sentences richest
 * in key terms, which keeps the quadratic step small on a book's chapter.
 */
export function rankSentences(sentences: readonly Sentence[], termWeight: (key: string) => number): Map<number, number> {
  const prescores = new Map<Sentence, number>();
  const prescore = (sentence: Sentence) => {
    let value = prescores.get(sentence);
    if (value === undefined) {
      value = sentence.phrases.reduce((sum, hit) => sum + termWeight(hit.key), 0) / Math.sqrt(Math.max(4, sentence.tokens.length));
      prescores.set(sentence, value);
    }
    return value;
  };
  const candidates = [...sentences].sort((a, b) => prescore(b) - prescore(a) || a.index - b.index).slice(0, 150);
  const count = candidates.length;
  // Words as small integers and each sentence's words as a sorted array: the pairwise overlap is then a linear merge.
  const ids = new Map<string, number>();
  const bags = candidates.map((sentence) => {
    const bag = new Int32Array(sentence.content.length);
    sentence.content.forEach((word, i) => {
      let id = ids.get(word);
      if (id === undefined) ids.set(word, (id = ids.size));
      bag[i] = id;
    });
    return bag.sort();
  });
  const logSizes = bags.map((bag) => Math.log(bag.length));
  // The graph is sparse (most sentence pairs share nothing), so each sentence keeps only its neighbours.
  const neighbours: { to: number; weight: number }[][] = candidates.map(() => []);
  const totals = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const a = bags[i]!;
    if (a.length < 2) continue;
    for (let j = i + 1; j < count; j++) {
      const b = bags[j]!;
      if (b.length < 2) continue;
      const shared = sharedCount(a, b);
      if (shared === 0) continue;
      const weight = shared / (logSizes[i]! + logSizes[j]!);
      neighbours[i]!.push({ to: j, weight });
      neighbours[j]!.push({ to: i, weight });
      totals[i]! += weight;
      totals[j]! += weight;
    }
  }
  let scores = new Float64Array(count).fill(1);
  for (let iteration = 0; iteration < 25; iteration++) {
    const next = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      let sum = 0;
      for (const { to, weight } of neighbours[i]!) sum += (weight / totals[to]!) * scores[to]!;
      next[i] = 0.15 + 0.85 * sum;
    }
    scores = next;
  }
  const result = new Map<number, number>();
  candidates.forEach((sentence, i) => result.set(sentence.index, scores[i]! * (1 + 0.2 * Math.min(3, prescore(sentence)))));
  return result;
}

/** How many values two sorted arrays of distinct integers share. */
function sharedCount(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
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
