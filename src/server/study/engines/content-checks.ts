import type { Challenge, Deck, Flashcard, LearnPath, Mindmap, MindmapNode, Summary } from '../../../shared/artefacts';
import { BLANK } from '../../../shared/artefacts';
import type { StudyPage } from './engine';

/**
 * Automatic checks of generated content: what every engine's output must satisfy beyond its schema. Each
 * check returns the problems it found as readable lines (empty: all good), so that a failing test or a rejected model
 * answer says exactly what is wrong and where.
 *
 * "Supported by its page": the words that carry a claim (letters and digits, four characters or more, case and
 * diacritics ignored) are found in the text of the page it cites. A term or an answer must be there whole; a sentence
 * (an explanation, a summary point, a flashcard's definition) must have most of its words there, so that an engine
 * that rephrases (the LLM) passes while one that cites the wrong page does not.
 */
const SENTENCE_SUPPORT = 0.6;

function words(text: string): string[] {
  // Plain ASCII text (most English) has no diacritics to strip: skipping the normalisation halves the cost.
  const folded = NON_ASCII.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text;
  return folded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4);
}

const NON_ASCII = /[^\u0020-\u007e\s]/;

/** A light stem so that 'cells'/'cell', 'divides'/'divide' match; the same on both sides. */
function stem(word: string): string {
  return word.replace(/(ies|es|s|ed|ing|en|er|e)$/u, '');
}

export class PageIndex {
  private readonly pages = new Map<number, Set<string>>();
  /**
   * @param absent How a cited page that is not here is described, after 'which': the file's pages by default; an engine
   * that gave a model some of them says which.
   */
  constructor(
    pages: readonly StudyPage[],
    private readonly absent = 'the file does not have',
  ) {
    for (const page of pages) {
      const set = new Set<string>();
      for (const word of words(`${page.heading ?? ''} ${page.text}`)) {
        set.add(word);
        set.add(stem(word));
      }
      this.pages.set(page.pageNumber, set);
    }
  }
  has(page: number): boolean {
    return this.pages.has(page);
  }
  /** The problem of citing `page` when it is not here, or none. */
  cited(where: string, page: number): string[] {
    return this.pages.has(page) ? [] : [`${where}: cites page ${page}, which ${this.absent}`];
  }
  /**
   * The page a sentence starts on, judged by where its words are: of `around` and its neighbours, the one whose text
   * (with the next page's, where a sentence runs on) holds most of them; ties keep `around`. Offsets into cleaned text
   * only approximate pages, and a sentence over a page break is cited where it starts.
   */
  bestPage(claim: string, around: number): number {
    const claimWords = words(claim);
    let best = around;
    let bestSupport = this.pages.has(around) ? this.supportOf(claimWords, [around, around + 1]) : -1;
    for (const page of [around - 1, around + 1]) {
      if (!this.pages.has(page)) continue;
      const support = this.supportOf(claimWords, [page, page + 1]);
      if (support > bestSupport) [best, bestSupport] = [page, support];
    }
    return best;
  }
  private supportAt(claim: string, pages: number[]): number {
    return this.supportOf(words(claim), pages);
  }
  private supportOf(claimWords: string[], pages: number[]): number {
    if (claimWords.length === 0) return 1;
    const sets = pages.map((page) => this.pages.get(page)).filter((set) => set !== undefined);
    const found = (word: string) => sets.some((set) => set.has(word) || set.has(stem(word)));
    return claimWords.filter(found).length / claimWords.length;
  }
  /**
   * Problems with `claim` cited at `page`: the page must exist and hold the claim's words. Text is cited at the page
   * where its sentence starts and may run on into the next one, so words are looked for on both.
   */
  check(where: string, claim: string, page: number, kind: 'term' | 'sentence'): string[] {
    if (!this.pages.has(page)) return this.cited(where, page);
    const support = this.supportAt(claim, [page, page + 1]);
    const needed = kind === 'term' ? 1 : SENTENCE_SUPPORT;
    if (support + 1e-9 < needed) {
      return [`${where}: page ${page} does not support "${truncate(claim)}" (${Math.round(support * 100)}% of its words there)`];
    }
    return [];
  }
}

function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A text as compared for sameness: Unicode-normalised, trimmed, lower case, runs of white space as one space. */
export const normalised = (text: string) => text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The values (normalised) that occur more than once, each once. */
function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values.map(normalised)) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

export function checkSummary(summary: Summary, index: PageIndex): string[] {
  const problems: string[] = [];
  summary.sections.forEach((section, s) => {
    problems.push(...index.cited(`summary section ${s + 1}`, section.page));
    section.points.forEach((point, p) => {
      problems.push(...index.check(`summary section ${s + 1} point ${p + 1}`, point.text, point.page, 'sentence'));
    });
  });
  summary.keyTerms.forEach((entry, k) => problems.push(...index.check(`summary key term ${k + 1}`, entry.term, entry.page, 'term')));
  for (const term of duplicates(summary.keyTerms.map((entry) => entry.term))) problems.push(`summary: key term "${term}" twice`);
  return problems;
}

export function checkMindmap(mindmap: Mindmap, index: PageIndex): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const visit = (node: MindmapNode, path: string) => {
    if (ids.has(node.id)) problems.push(`mind map: node id "${node.id}" used twice (not a tree)`);
    ids.add(node.id);
    problems.push(...index.cited(`mind map ${path}`, node.page));
    for (const label of duplicates(node.children.map((child) => child.label))) {
      problems.push(`mind map ${path}: child "${label}" twice`);
    }
    node.children.forEach((child, position) => visit(child, `${path}.${position + 1}`));
  };
  visit(mindmap.root, 'root');
  return problems;
}

export function mindmapDepth(node: MindmapNode): number {
  return 1 + Math.max(0, ...node.children.map(mindmapDepth));
}

/** One card on its own: a cloze card has its blank, and the answer is on the page the card cites. */
export function checkCard(card: Flashcard, where: string, index: PageIndex): string[] {
  if (card.kind !== 'cloze') return index.check(where, card.back, card.page, 'sentence');
  const problems = card.front.includes(BLANK) ? [] : [`${where}: a cloze card without '${BLANK}' in its front`];
  problems.push(...index.check(where, card.back, card.page, 'term'));
  problems.push(...index.check(where, card.front.replace(BLANK, card.back), card.page, 'sentence'));
  return problems;
}

export function checkDeck(deck: Deck, index: PageIndex): string[] {
  const problems: string[] = [];
  deck.cards.forEach((card, c) => problems.push(...checkCard(card, `flashcard ${c + 1}`, index)));
  for (const front of duplicates(deck.cards.map((card) => card.front))) problems.push(`flashcards: front "${truncate(front)}" twice`);
  return problems;
}

function checkChallenge(challenge: Challenge, where: string, index: PageIndex): string[] {
  const problems = index.check(`${where} explanation`, challenge.explanation, challenge.page, 'sentence');
  switch (challenge.type) {
    case 'multiple_choice': {
      const correct = challenge.options.filter((option) => option.correct);
      if (correct.length !== 1) problems.push(`${where}: ${correct.length} correct options instead of exactly one`);
      for (const option of duplicates(challenge.options.map((entry) => entry.text))) problems.push(`${where}: option "${option}" twice`);
      const answer = correct[0];
      if (answer) problems.push(...index.check(`${where} answer`, answer.text, challenge.page, 'sentence'));
      break;
    }
    case 'true_false':
      break;
    case 'fill_blank': {
      if (challenge.question.split(BLANK).length !== 2) problems.push(`${where}: the question needs exactly one '${BLANK}'`);
      const options = challenge.options.map(normalised);
      if (!options.includes(normalised(challenge.answer))) problems.push(`${where}: the word bank lacks the answer`);
      for (const option of duplicates(challenge.options)) problems.push(`${where}: word-bank option "${option}" twice`);
      problems.push(...index.check(`${where} answer`, challenge.answer, challenge.page, 'term'));
      break;
    }
    case 'match': {
      for (const term of duplicates(challenge.pairs.map((pair) => pair.term))) problems.push(`${where}: term "${term}" twice`);
      for (const definition of duplicates(challenge.pairs.map((pair) => pair.definition))) {
        problems.push(`${where}: definition "${truncate(definition)}" twice`);
      }
      break;
    }
  }
  return problems;
}

export function checkLearnPath(path: LearnPath, index: PageIndex): string[] {
  const problems: string[] = [];
  path.units.forEach((unit, u) => {
    problems.push(...index.cited(`unit ${u + 1}`, unit.page));
    unit.lessons.forEach((lesson, l) => {
      lesson.challenges.forEach((challenge, c) => {
        problems.push(...checkChallenge(challenge, `unit ${u + 1} lesson ${l + 1} challenge ${c + 1}`, index));
      });
      for (const question of duplicates(lesson.challenges.map((challenge) => challenge.question))) {
        problems.push(`unit ${u + 1} lesson ${l + 1}: question "${truncate(question)}" twice`);
      }
    });
  });
  return problems;
}
