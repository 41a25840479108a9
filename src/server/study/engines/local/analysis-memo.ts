import { sentencesOf, type RawSentence } from './nlp';
import { judgeSentence, type SentenceQuality } from './sentences';

/**
 * The line- and sentence-level work of an analysis (analysis.ts), remembered by its exact input: cleaning a line,
 * splitting a block of text into tagged sentences, judging a sentence. That is about half of the time a book takes,
 * and none of it depends on the rest of the document, so an analysis of the pages read so far (readAhead, while the extraction
 * threads still read the others) leaves the whole book's analysis only the work across the document to do. Each result
 * is what the function gave for the same arguments, and a copy is handed out each time, so that no caller can change
 * what another gets: the artefacts come out exactly as without it.
 */
class Memo<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** About two long books' worth of blocks, and of the lines they are made of. */
const BLOCKS = 40_000;
const LINES = 200_000;

interface KnownBlock {
  sentences: RawSentence[];
  /** Judgements by sentence and the tag of its first word, the one tag an analysis may change before judging. */
  judged: Map<string, SentenceQuality>;
}

const blocks = new Memo<KnownBlock>(BLOCKS);
const lines = new Memo<string>(LINES);

const copySentences = (found: readonly RawSentence[]) => found.map((sentence) => ({ ...sentence, tokens: sentence.tokens.map((token) => ({ ...token })) }));

/** A block of text split into tagged sentences, and the judgement of each. */
export interface ReadBlock {
  /** sentencesOf(text, language, { compounds: true }): the caller's own copy. */
  sentences: RawSentence[];
  /**
   * judgeSentence of sentence `index` as it is now: the analysis retags German sentence starts (the first token's
   * part of speech) before judging, and changes nothing else.
   */
  judge(index: number): SentenceQuality;
}

export function readBlock(text: string, language: string): ReadBlock {
  const key = `${language}\u0000${text}`;
  let known = blocks.get(key);
  const sentences = known ? copySentences(known.sentences) : sentencesOf(text, language, { compounds: true });
  if (!known) {
    known = { sentences: copySentences(sentences), judged: new Map() };
    blocks.set(key, known);
  }
  const { judged } = known;
  return {
    sentences,
    judge(index) {
      const sentence = sentences[index];
      if (!sentence) throw new RangeError(`no sentence ${index} in the block`);
      const judgedKey = `${index}\u0000${sentence.tokens[0]?.pos ?? ''}`;
      const found = judged.get(judgedKey);
      if (found) return { ...found };
      const quality = judgeSentence(sentence.text, sentence.tokens, language);
      judged.set(judgedKey, { ...quality });
      return quality;
    },
  };
}

/** `clean(line)` for a pure `clean`, remembered by the line (text-prep.ts's cleaning of every line of every page). */
export function cleanedLine(line: string, clean: (line: string) => string): string {
  const known = lines.get(line);
  if (known !== undefined) return known;
  const cleaned = clean(line);
  lines.set(line, cleaned);
  return cleaned;
}
