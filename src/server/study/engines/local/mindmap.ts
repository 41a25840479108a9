import type { Mindmap, MindmapNode } from '../../../../shared/artefacts';
import { StudyEngineError } from '../engine';
import { labelFlaws, sentenceFlaws } from '../item-flaws';
import type { Analysis, Section, Sentence } from './analysis';
import { isBackMatter } from './scaffolding';

const conceptsPerSection = 4;
const factsPerConcept = 2;

/**
 * document → sections → key concepts (the section's top terms) → facts (short sentences of the section that use the
 * concept, its definition first). Ids are built from positions and term keys, so the same document gives the same ids.
 */
export function buildMindmap(analysis: Analysis): Mindmap {
  // Thanks, credits and references are no branch of the subject.
  // A section named "Part 2" for want of a heading, with no concept to show, is an empty box: left out (a title
  // slide's few words made "Title slide → Part 1"). Real headings stay even without concepts: a slide deck's outline.
  const children = analysis.sections
    .filter((section) => !isBackMatter(section.heading))
    .map((section) => ({ section, node: sectionNode(analysis, section) }))
    .filter(({ section, node }) => node.children.length > 0 || !section.placeholder)
    .map(({ node }) => node);
  if (children.length === 0) {
    throw new StudyEngineError('tooLittleText', 'The document has too little running text for a mind map.');
  }
  const firstPage = Math.min(...analysis.sections.map((section) => section.page));
  return { root: { id: 'root', label: analysis.title, page: firstPage, children } };
}

/** Concepts of a branch that is one of the writer's subheadings (a note's `###`): fewer, as there are more branches. */
const conceptsPerSubsection = 3;

/**
 * A section's branch: its concepts, or — where the writer divided it by subheadings (a Markdown note's `###` under a
 * `##`) — the concepts of its opening text, then a branch per subheading with the concepts of its own sentences.
 */
function sectionNode(analysis: Analysis, section: Section): MindmapNode {
  const id = `s${section.index + 1}`;
  const subsections = section.subsections ?? [];
  if (subsections.length === 0) return { id, label: section.heading, page: section.page, children: conceptNodes(analysis, section, section.sentences, id, conceptsPerSection) };
  const used = new Set<number>();
  const opening = section.sentences.slice(0, subsections[0]?.firstSentence ?? 0);
  const children = opening.length > 0 ? conceptNodes(analysis, section, opening, id, conceptsPerSubsection, used) : [];
  subsections.forEach((sub, index) => {
    const sentences = section.sentences.slice(sub.firstSentence, subsections[index + 1]?.firstSentence ?? section.sentences.length);
    const subId = `${id}-h${index + 1}`;
    const concepts = conceptNodes(analysis, section, sentences, subId, conceptsPerSubsection, used);
    // A subheading over a table alone ("### Arten von Verwaltungsakten" and its table): its rows are its concepts.
    if (concepts.length === 0) concepts.push(...tableRowNodes(section, index, subId));
    children.push({ id: subId, label: sub.heading, page: sub.page, children: concepts });
  });
  return { id, label: section.heading, page: section.page, children };
}

/** The rows of the tables under a subheading, each a concept named by its first cell, its other cells its fact. */
function tableRowNodes(section: Section, subsection: number, id: string): MindmapNode[] {
  const nodes: MindmapNode[] = [];
  for (const table of section.tables.filter((candidate) => candidate.subsection === subsection)) {
    const [header, ...rows] = table.rows;
    if (!header || header.length < 2) continue;
    rows.slice(0, 6).forEach((row) => {
      const name = row[0]?.trim();
      const fact = row
        .slice(1)
        .map((cell, column) => (cell.trim() && header[column + 1]?.trim() ? `${header[column + 1]?.trim()}: ${cell.trim()}` : ''))
        .filter(Boolean)
        .join('; ');
      if (!name || !fact || name.length > 60) return;
      const rowId = `${id}-r${nodes.length + 1}`;
      nodes.push({ id: rowId, label: name, page: table.page, children: [{ id: `${rowId}-f1`, label: fact, page: table.page, children: [] }] });
    });
  }
  return nodes;
}

/** Up to `limit` key concepts of the section that `sentences` (all of the section's, or a subheading's) speak of. */
function conceptNodes(analysis: Analysis, section: Section, sentences: readonly Sentence[], id: string, limit: number, used = new Set<number>()): MindmapNode[] {
  const concepts: MindmapNode[] = [];
  const titleWords = new Set(analysis.title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const sectionTerms = section.terms.map((entry) => analysis.termByKey.get(entry.key)).filter((term) => term !== undefined);
  for (const entry of section.terms) {
    if (concepts.length >= limit) break;
    const term = analysis.termByKey.get(entry.key);
    if (!term?.teachable || labelFlaws(term.display, analysis.language).length > 0) continue;
    // A single word is no concept of its own where it is the document's subject (a word of its title, the root) or a
    // part of a longer term of the section ("curves" beside "survival curves").
    if (term.words === 1 && !term.definition) {
      const word = term.display.toLowerCase();
      if (titleWords.has(word) || (term.plural && titleWords.has(term.plural.toLowerCase()))) continue;
      if (sectionTerms.some((other) => other.words > 1 && other.key.split(' ').includes(term.key))) continue;
    }
    const mentions = sentences.filter((sentence) => sentence.phrases.some((hit) => hit.key === term.key));
    const first = mentions[0];
    if (!first) continue;
    // A German phrase as it stood in a sentence, its adjective in a case ending ("weißen Taste", "einfachen
    // Beispiels"), is a fragment, not the concept's name.
    if (analysis.language === 'de' && term.words > 1 && /^\p{Ll}+(?:en|em|er|es)$/u.test(term.display.split(' ')[0] ?? '')) continue;
    const facts = factsAbout(term.key, mentions, used, analysis.language, term.definition?.sentence);
    // A concept with no fact to show is a bare label: it holds where it names something specific (a German compound
    // noun), not where it is an English word on its own ("traits", "entries") or a German phrase.
    // Under a subheading every concept shows a fact: the subheading already names the topic a bare word would.
    if (facts.length === 0 && !term.definition && (limit === conceptsPerSubsection || (analysis.language === 'de' ? term.words > 1 : term.words === 1))) continue;
    const conceptId = `${id}-${slug(term.key)}`;
    concepts.push({
      id: conceptId,
      label: term.display,
      page: facts[0]?.page ?? first.page,
      children: facts.map((fact, index) => ({
        id: `${conceptId}-f${index + 1}`,
        label: fact.text,
        page: fact.page,
        children: [],
      })),
    });
  }
  return concepts;
}

function factsAbout(key: string, mentions: Sentence[], used: Set<number>, language: string, definition?: Sentence): Sentence[] {
  const usable = mentions.filter(
    (sentence) => sentence.standalone && !used.has(sentence.index) && sentenceFlaws(sentence.text, language).length === 0,
  );
  const short = usable
    .filter((sentence) => sentence.text.length <= 160)
    .sort((a, b) => factScore(b, key) - factScore(a, key) || a.index - b.index);
  const picked: Sentence[] = [];
  if (definition && mentions.includes(definition) && !used.has(definition.index)) picked.push(definition);
  for (const sentence of short) {
    if (picked.length >= factsPerConcept) break;
    if (!picked.includes(sentence)) picked.push(sentence);
  }
  for (const sentence of picked) used.add(sentence.index);
  return picked;
}

/** Short sentences with the concept early and other terms in them read best as a fact. */
function factScore(sentence: Sentence, key: string): number {
  const position = sentence.phrases.find((hit) => hit.key === key)?.start ?? 0;
  return sentence.phrases.length / 3 - sentence.text.length / 160 - position / sentence.text.length;
}

function slug(key: string): string {
  return (
    key
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'term'
  );
}
