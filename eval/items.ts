import { createHash } from 'node:crypto';
import type { Deck, LearnPath, Mindmap, MindmapNode, Summary } from '../src/shared/artefacts';
import { BLANK } from '../src/shared/artefacts';
import type { Flaw } from '../src/server/study/engines/item-flaws';
import { cardFlaws, challengeFlaws, duplicateIndexes, labelFlaws, sentenceFlaws } from '../src/server/study/engines/item-flaws';

/**
 * The generated material of one document as the items a teacher judges one by one: challenges, flashcards, summary
 * points, mind-map nodes and unit titles. Each has a stable key (its kind and its text), so a teacher's label stays
 * with the item for as long as the engine makes the same one.
 */
export type ItemKind = 'challenge' | 'card' | 'summary-point' | 'mindmap-node' | 'unit-title';

export interface Item {
  key: string;
  kind: ItemKind;
  /** The item as a teacher reads it, on one line. */
  text: string;
  page: number;
  flaws: Flaw[];
}

export interface Material {
  summary?: Summary;
  mindmap?: Mindmap;
  deck?: Deck;
  learnPath?: LearnPath;
}

export function keyOf(kind: ItemKind, text: string): string {
  const normal = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return `${kind}:${createHash('sha1').update(normal).digest('hex').slice(0, 12)}`;
}

function item(kind: ItemKind, text: string, page: number, flaws: Flaw[]): Item {
  return { key: keyOf(kind, text), kind, text, page, flaws };
}

function challengeText(challenge: LearnPath['units'][number]['lessons'][number]['challenges'][number]): string {
  switch (challenge.type) {
    case 'multiple_choice':
      return `[choice] ${challenge.question} || ${challenge.options.map((option) => (option.correct ? `*${option.text}*` : option.text)).join(' | ')}`;
    case 'fill_blank':
      return `[blank] ${challenge.question} || ${challenge.answer} || bank: ${challenge.options.join(' | ')}`;
    case 'true_false':
      return `[${challenge.answer ? 'true' : 'false'}] ${challenge.question}${challenge.answer ? '' : ` || source: ${challenge.explanation}`}`;
    case 'match':
      return `[match] ${challenge.pairs.map((pair) => `${pair.term} = ${pair.definition}`).join(' ;; ')}`;
  }
}

export function itemsOf(material: Material, language: string): Item[] {
  const items: Item[] = [];
  for (const unit of material.learnPath?.units ?? []) {
    items.push(item('unit-title', unit.title, unit.page, labelFlaws(unit.title, language)));
    for (const lesson of unit.lessons) {
      for (const challenge of lesson.challenges) {
        items.push(item('challenge', challengeText(challenge), challenge.page, challengeFlaws(challenge, language)));
      }
    }
  }
  for (const card of material.deck?.cards ?? []) {
    const text = card.kind === 'cloze' ? `[cloze] ${card.front} || ${card.back}` : `[${card.kind}] ${card.front} || ${card.back}`;
    items.push(item('card', text, card.page, cardFlaws(card, language)));
  }
  for (const section of material.summary?.sections ?? []) {
    for (const point of section.points) items.push(item('summary-point', point.text, point.page, sentenceFlaws(point.text, language)));
  }
  const visit = (node: MindmapNode, depth: number) => {
    if (depth > 0) {
      // Sections, subheadings and concepts are labels; the facts (leaves under a concept) are sentences.
      const fact = depth >= 3 && node.children.length === 0;
      const flaws = fact ? sentenceFlaws(node.label, language) : labelFlaws(node.label, language);
      items.push(item('mindmap-node', `${'  '.repeat(depth - 1)}${node.label}`, node.page, flaws));
    }
    for (const child of node.children) visit(child, depth + 1);
  };
  if (material.mindmap) visit(material.mindmap.root, 0);
  markDuplicates(items, language);
  return items;
}

/** Near-duplicates within a kind: the later one is the flawed one. */
function markDuplicates(items: Item[], language: string): void {
  for (const kind of ['challenge', 'card', 'summary-point'] as const) {
    const ofKind = items.filter((entry) => entry.kind === kind);
    const texts = ofKind.map((entry) => entry.text.replace(/^\[[a-z]+\]\s*/, '').split(' || ')[0]?.replace(BLANK, '') ?? '');
    for (const [index, earlier] of duplicateIndexes(texts, language)) {
      const entry = ofKind[index];
      if (entry) entry.flaws.push({ code: 'duplicate', detail: `repeats item ${earlier + 1} of its kind` });
    }
  }
}
