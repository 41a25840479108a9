import type { AnswerContext, AnswerEvent, AnswerPassage, EngineCallOptions } from '../engine';
import { notCoveredAnswer } from '../engine';
import { detectLanguage } from './language';
import { sentencesOf } from './nlp';
import type { Token } from './nlp';
import { compareText } from './order';
import { stopWords } from './stopwords';

/**
 * The local engine's tutor (issue 5): an extractive answer. The passages' sentences are ranked against the question's
 * content words (lemmas, light stemming, stop words and asking words left out, rarer words weighing more); the two to
 * four best are quoted and cited. When no sentence covers enough of the question, the answer says the documents do
 * not cover it — it never makes anything up. Deterministic; streamed in small chunks so it reads as it arrives.
 */

/** Words that ask rather than name what is asked about ("explain", "what does … mean"). */
const askingWords = new Set(
  `explain explained explanation describe description define definition meaning mean means meant tell say says said
  give list summarize summarise summary summaries example examples document documents text texts lecture please
  understand know difference differences work works role happen happens happened called call refer refers important
  erkläre erklären erklärung beschreibe beschreiben definiere definieren definition bedeutet bedeutung bedeuten heißt
  gib nenne zusammenfassung fasse zusammen beispiel beispiele dokument dokumente text texte vorlesung bitte verstehe
  unterschied unterschiede funktioniert funktionieren rolle passiert versteht wichtig`.split(/\s+/),
);

/** Sentences that continue the one before ("It …", "This …") are quoted with it, or not at all. */
/** "X is a …", "X are …", "X refers to …", "X ist ein …": the shape of a definition, after its subject. */
const definitional = /^[^,;:.]{1,80}?\s(?:is|are|was|refers to|means|denotes|describes|ist|sind|bezeichnet|beschreibt|bedeutet)\s(?:a|an|the|one|ein|eine|der|die|das)?\b/i;
const continuation = /^(?:this|these|it|its|they|their|such|dies|diese[rsnm]?|er|sie|es|dabei|dadurch)\b/i;

/** A quote's sentences, at most. */
const MAX_QUOTES = 4;
/** How much of the question's weight the best sentence must cover for an answer. */
const MIN_COVERAGE = 0.5;
/** Streaming: words per chunk and the pause between chunks. */
const WORDS_PER_CHUNK = 1;
export const ANSWER_CHUNK_MS = 30;

interface Candidate {
  passage: number;
  position: number;
  text: string;
  terms: Set<string>;
  /** The forms of the sentence's first content word: what it is about, most often. */
  lead: string[];
  coverage: number;
  score: number;
}

const baseLanguage = (tag: string) => (tag.trim().split(/[-_]/)[0] ?? '').toLowerCase() || 'en';

/** A word's key for matching: its lemma with common endings cut, so "Pflanzen" meets "Pflanze" and "loops" "loop". */
function stem(word: string, language: string): string {
  const endings = language === 'de' ? /(?:ern|en|er|es|em|e|n|s)$/ : /(?:ing|ed|es|s|e)$/;
  const cut = word.replace(endings, '');
  return cut.length >= 4 ? cut : word;
}

/**
 * The content words of a sentence's tokens: each as its stem, and the stem of its surface form where the lemma differs
 * (wink reads "mitochondria" as "mitochondrion" in one sentence and keeps it in the next).
 */
function stemsOf(tokens: readonly Token[], language: string, exclude: ReadonlySet<string>): string[][] {
  return tokens
    .filter((token) => /\p{L}{2}|\p{N}{2}/u.test(token.text) && !exclude.has(token.lower) && !exclude.has(token.lemma))
    .map((token) => [...new Set([stem(token.lemma.toLowerCase(), language), stem(token.lower, language)])]);
}

function termsOf(text: string, language: string, exclude: ReadonlySet<string>): string[][] {
  return sentencesOf(text, language).flatMap((sentence) => stemsOf(sentence.tokens, language, exclude));
}

/** Two stems match when equal, or when one begins the other and both are long (German compounds, "compil-er"). */
function matchesStem(term: string, terms: ReadonlySet<string>): boolean {
  if (terms.has(term)) return true;
  if (term.length < 5) return false;
  for (const other of terms) {
    if (other.length >= 5 && (other.startsWith(term) || term.startsWith(other))) return true;
  }
  return false;
}

/** A question's word (its forms) is in a sentence when any of its forms matches. */
function matches(forms: readonly string[], terms: ReadonlySet<string>): boolean {
  return forms.some((form) => matchesStem(form, terms));
}

/** A heading a PDF's text glued to the sentence after it ("Trace Tree Optimization This section explains …"). */
const gluedHeading =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:[\p{Lu}][\p{L}\p{N}'’-]*\s+){1,6}(?=(?:This|These|The|In|We|Our|It|A|An|Die|Der|Das|Dies|Diese|Ein|Eine|Wir|Im)\s)/u;

/** A sentence as it is quoted: a glued heading dropped, a cut-off start or end marked with an ellipsis. */
function shownText(text: string): string {
  const trimmed = text.replace(gluedHeading, '').trim();
  const start = /^[\p{Ll}]/u.test(trimmed) ? '…' : '';
  const end = /[.!?:;"”’)\]]$/.test(trimmed) ? '' : '…';
  return `${start}${quoteText(trimmed)}${end}`;
}

/** Whether a sentence is whole: it starts as a sentence starts and ends as one ends. */
const isWhole = (text: string) => /^["“„‘'(]?[\p{Lu}\p{N}]/u.test(text) && /[.!?"”’)]$/.test(text);

/** Document text quoted in markdown stays text: markdown and HTML characters escaped, reference brackets dropped. */
function quoteText(text: string): string {
  return text
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]{}<>#|~$]/g, (char) => `\\${char}`)
    .replace(/^(\d+)([.)])/, '$1\\$2')
    .replace(/^([-+=])/, '\\$1');
}

interface Wording {
  intro: string;
  askAboutDocuments: string;
}

const wordings: Record<'en' | 'de', Wording> = {
  en: {
    intro: 'Here is what your documents say about this:',
    askAboutDocuments:
      "Ask me a question about your documents — about a term, an idea or a topic they discuss — and I'll answer with quotes and the pages they come from.",
  },
  de: {
    intro: 'Das steht in deinen Dokumenten dazu:',
    askAboutDocuments:
      'Stell mir eine Frage zu deinen Dokumenten – zu einem Begriff, einer Idee oder einem Thema daraus – und ich antworte mit Zitaten und den Seiten, von denen sie stammen.',
  },
};

function wordingFor(language: string): Wording {
  return language === 'de' ? wordings.de : wordings.en;
}

/** The question's language when its words tell (English or German); the course's otherwise. */
function answerLanguage(question: string, courseLanguage: string): 'en' | 'de' {
  const detected = detectLanguage([question], baseLanguage(courseLanguage));
  return detected === 'de' ? 'de' : 'en';
}

/** Every sentence of the passages with its content words. */
function candidatesOf(passages: readonly AnswerPassage[], language: string, exclude: ReadonlySet<string>): Candidate[] {
  const candidates: Candidate[] = [];
  passages.forEach((passage, index) => {
    // Each line of a passage is a paragraph of its own (a heading, a list item): sentences never run across lines.
    const sentences = passage.text.split('\n').flatMap((line) => sentencesOf(line, language));
    sentences.forEach((sentence, position) => {
      const text = sentence.text.trim();
      if (text.length < 20 || !/\p{L}{3}/u.test(text)) return;
      const stems = stemsOf(sentence.tokens, language, exclude);
      candidates.push({ passage: index, position, text, terms: new Set(stems.flat()), lead: stems[0] ?? [], coverage: 0, score: 0 });
    });
  });
  // A sentence continued by the next ("Mitosis is … It has four phases …") answers with it: it covers both's words.
  for (const [index, candidate] of candidates.entries()) {
    const next = candidates[index + 1];
    if (next && next.passage === candidate.passage && next.position === candidate.position + 1 && continuation.test(next.text)) {
      candidate.terms = new Set([...candidate.terms, ...next.terms]);
    }
  }
  return candidates;
}

/** The question's words with their weights: rarer among the passages' sentences weighs more; absent weighs most. */
function weighTerms(asked: readonly string[][], candidates: readonly Candidate[]): { forms: string[]; weight: number }[] {
  const count = Math.max(1, candidates.length);
  const unique = new Map(asked.map((forms) => [forms[0] ?? '', forms]));
  return [...unique.values()].map((forms) => {
    const frequency = candidates.filter((candidate) => matches(forms, candidate.terms)).length;
    return { forms, weight: Math.log(1 + count / Math.max(0.5, frequency)) };
  });
}

function score(candidates: Candidate[], weights: { forms: string[]; weight: number }[], passageCount: number): void {
  const total = weights.reduce((sum, entry) => sum + entry.weight, 0);
  for (const candidate of candidates) {
    let covered = 0;
    for (const { forms, weight } of weights) if (matches(forms, candidate.terms)) covered += weight;
    candidate.coverage = total > 0 ? covered / total : 0;
    const length = candidate.text.length;
    const fit = (length < 40 ? 0.85 : length > 400 ? 0.8 : 1) * (isWhole(candidate.text) ? 1 : 0.85);
    // Passages come best first from retrieval: a small nudge towards its order breaks ties.
    const rank = 0.04 * (1 - candidate.passage / Math.max(1, passageCount));
    // A sentence whose subject is what was asked about ("Photosynthesis is …") answers it better than a mention.
    const about = candidate.lead.length > 0 && weights.some(({ forms }) => matches(forms, new Set(candidate.lead))) ? 0.12 : 0;
    // …and one that defines it ("A trace is a program path …") better still; one leaning on what came before
    // ("This section explains …") reads badly on its own.
    const defines = about > 0 && definitional.test(candidate.text) ? 0.15 : 0;
    const leans = continuation.test(candidate.text) ? 0.1 : 0;
    candidate.score = candidate.coverage * fit + rank + about + defines - leans;
  }
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/** The 2–4 sentences to quote: the best, the next ones close to it, a continuation of the best, no near-repeats. */
function choose(candidates: Candidate[]): Candidate[] {
  const ranked = [...candidates].sort(
    (a, b) => b.score - a.score || a.passage - b.passage || a.position - b.position || compareText(a.text, b.text),
  );
  const best = ranked[0];
  if (!best || best.coverage < MIN_COVERAGE - 1e-9) return [];
  const chosen: Candidate[] = [best];
  const next = candidates.find((candidate) => candidate.passage === best.passage && candidate.position === best.position + 1);
  if (next && continuation.test(next.text) && next.text.length < 320) chosen.push(next);
  for (const candidate of ranked.slice(1)) {
    if (chosen.length >= MAX_QUOTES) break;
    if (chosen.includes(candidate)) continue;
    const enough = candidate.score >= best.score * 0.6 || (chosen.length < 2 && candidate.coverage >= MIN_COVERAGE - 1e-9);
    if (!enough) break;
    if (chosen.some((taken) => overlap(taken.terms, candidate.terms) >= 0.8)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/** The whole answer as events, before it is cut into chunks for streaming. */
export function composeAnswer(question: string, context: AnswerContext): AnswerEvent[] {
  const language = answerLanguage(question, context.language);
  const wording = wordingFor(language);
  const passageLanguage = detectLanguage(
    context.passages.map((passage) => passage.text),
    baseLanguage(context.language),
  );
  const exclude = new Set([...stopWords('en'), ...stopWords('de'), ...askingWords]);
  let asked = termsOf(question, passageLanguage, exclude);
  // A follow-up without words of its own ("Why?", "Tell me more") is about the question before it.
  if (asked.length === 0) {
    const previous = [...context.history].reverse().find((turn) => turn.role === 'user');
    if (previous) asked = termsOf(previous.content, passageLanguage, exclude);
  }
  if (asked.length === 0) return [{ type: 'text', text: wording.askAboutDocuments }];

  const candidates = candidatesOf(context.passages, passageLanguage, exclude);
  score(candidates, weighTerms(asked, candidates), context.passages.length);
  const chosen = choose(candidates);
  if (chosen.length === 0) return [{ type: 'text', text: notCoveredAnswer(language) }];

  // Quotes grouped by passage (in the order of each passage's best sentence), in reading order within one.
  const passageOrder = [...new Set(chosen.map((candidate) => candidate.passage))];
  const events: AnswerEvent[] = [{ type: 'text', text: wording.intro }];
  const citationOf = new Map<string, number>();
  for (const index of passageOrder) {
    const passage = context.passages[index];
    if (!passage) continue;
    const quotes = chosen.filter((candidate) => candidate.passage === index).sort((a, b) => a.position - b.position);
    const key = `${passage.fileId}\u0000${passage.page}`;
    let number = citationOf.get(key);
    if (number === undefined) {
      number = citationOf.size + 1;
      citationOf.set(key, number);
      const quote = quotes.map((candidate) => candidate.text.replace(/\s+/g, ' ').trim()).join(' ');
      events.push({ type: 'citation', citation: { passage: index, quote: quote.length > 400 ? `${quote.slice(0, 399)}…` : quote } });
    }
    events.push({ type: 'text', text: `\n\n> ${quotes.map((candidate) => shownText(candidate.text)).join(' ')} [${number}]` });
  }
  return events;
}

/** Cuts text into chunks of a few words, each keeping the whitespace before its next word. */
function chunksOf(text: string): string[] {
  const words = text.match(/\s*\S+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_CHUNK) chunks.push(words.slice(index, index + WORDS_PER_CHUNK).join(''));
  const trailing = /\s+$/.exec(text)?.[0];
  if (trailing) chunks.push(trailing);
  return chunks;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function* answerQuestion(
  question: string,
  context: AnswerContext,
  options: EngineCallOptions & { chunkMs?: number } = {},
): AsyncGenerator<AnswerEvent> {
  options.signal?.throwIfAborted();
  const chunkMs = options.chunkMs ?? ANSWER_CHUNK_MS;
  let first = true;
  for (const event of composeAnswer(question, context)) {
    if (event.type === 'citation') {
      yield event;
      continue;
    }
    for (const chunk of chunksOf(event.text)) {
      if (!first && chunkMs > 0) await pause(chunkMs, options.signal);
      first = false;
      yield { type: 'text', text: chunk };
    }
  }
}
