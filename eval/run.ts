/**
 * `npm run eval:study`: runs the offline study engine over the evaluation set (eval/documents, manifest.json) through
 * the product's real extraction, and prints per document and in total what a strict teacher would count: well-formed
 * challenges, good flashcards, junk summary points, meaningful mind-map nodes, unit titles that are the document's own,
 * and the tutor's answers (right, wrongly refused, uncovered questions declined). An item counts by its teacher's label
 * (eval/labels/<id>.json) where it has one, and by the automatic item-flaw checks (src/server/study/engines/item-flaws.ts)
 * where it has none. Asserts nothing.
 *
 *   npm run eval:study                      every document
 *   npm run eval:study -- --only a,b        some of them
 *   npm run eval:study -- --dump            also writes every item with its flaws and label to eval/out/<id>.json
 *   npm run eval:study -- --no-chat         skips the tutor
 *   npm run eval:study -- --chat-only       only the tutor (with --dump: its answers to eval/out/chat/<id>.json)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { StudyDocument } from '../src/server/study/engines/engine';
import { StudyEngineError } from '../src/server/study/engines/engine';
import { createLocalEngine } from '../src/server/study/engines/local/local-engine';
import { evaluateChat } from './chat';
import type { ChatOutcome } from './chat';
import type { Item, Material } from './items';
import { itemsOf } from './items';
import type { EvalDocument, Labels } from './set';
import { loadLabels, loadManifest, loadQuestions, readDocument } from './set';

const here = path.dirname(new URL(import.meta.url).pathname);

const { values } = parseArgs({
  options: { only: { type: 'string' }, manifest: { type: 'string' }, dump: { type: 'boolean', default: false }, 'no-chat': { type: 'boolean', default: false }, 'chat-only': { type: 'boolean', default: false } },
});

interface Figures {
  challenges: [number, number];
  cards: [number, number];
  junkPoints: [number, number];
  meaningfulNodes: [number, number];
  ownTitles: [number, number];
  labelled: [number, number];
  chatRight: [number, number];
  chatRefused: number;
  chatDeclined: [number, number];
  failures: string[];
  ms: number;
}

const empty = (): Figures => ({
  challenges: [0, 0],
  cards: [0, 0],
  junkPoints: [0, 0],
  meaningfulNodes: [0, 0],
  ownTitles: [0, 0],
  labelled: [0, 0],
  chatRight: [0, 0],
  chatRefused: 0,
  chatDeclined: [0, 0],
  failures: [],
  ms: 0,
});

async function materialOf(document: StudyDocument): Promise<{ material: Material; failures: string[]; ms: number }> {
  const engine = createLocalEngine();
  const material: Material = {};
  const failures: string[] = [];
  const started = performance.now();
  const attempt = async <K extends keyof Material>(key: K, make: () => Promise<NonNullable<Material[K]>>) => {
    try {
      material[key] = await make();
    } catch (error) {
      if (!(error instanceof StudyEngineError)) throw error;
      failures.push(`${key}: ${error.key}`);
    }
  };
  await attempt('summary', () => engine.summary(document));
  await attempt('mindmap', () => engine.mindmap(document));
  await attempt('deck', () => engine.flashcards(document));
  await attempt('learnPath', () => engine.learnPath(document));
  return { material, failures, ms: performance.now() - started };
}

/** Good by the teacher's label where there is one, by the flaw checks otherwise. */
function good(entry: Item, labels: Labels): boolean {
  const label = labels[entry.key];
  return label ? label.verdict === 'good' : entry.flaws.length === 0;
}

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function figuresOf(items: Item[], labels: Labels, document: StudyDocument, chat: ChatOutcome[]): Figures {
  const figures = empty();
  const count = (kind: Item['kind'], test: (entry: Item) => boolean): [number, number] => {
    const ofKind = items.filter((entry) => entry.kind === kind);
    return [ofKind.filter(test).length, ofKind.length];
  };
  figures.challenges = count('challenge', (entry) => good(entry, labels));
  figures.cards = count('card', (entry) => good(entry, labels));
  figures.junkPoints = count('summary-point', (entry) => !good(entry, labels));
  figures.meaningfulNodes = count('mindmap-node', (entry) => good(entry, labels));
  const wholeText = folded(document.pages.map((page) => `${page.heading ?? ''} ${page.text}`).join(' '));
  figures.ownTitles = count('unit-title', (entry) => good(entry, labels) && wholeText.includes(folded(entry.text)));
  figures.labelled = [items.filter((entry) => labels[entry.key]).length, items.length];
  const answerable = chat.filter((outcome) => outcome.kind === 'answerable');
  const uncovered = chat.filter((outcome) => outcome.kind === 'uncovered');
  figures.chatRight = [answerable.filter((outcome) => outcome.verdict === 'right').length, answerable.length];
  figures.chatRefused = answerable.filter((outcome) => outcome.verdict === 'refused').length;
  figures.chatDeclined = [uncovered.filter((outcome) => outcome.verdict === 'declined').length, uncovered.length];
  return figures;
}

function add(total: Figures, part: Figures): void {
  for (const key of ['challenges', 'cards', 'junkPoints', 'meaningfulNodes', 'ownTitles', 'labelled', 'chatRight', 'chatDeclined'] as const) {
    total[key] = [total[key][0] + part[key][0], total[key][1] + part[key][1]];
  }
  total.chatRefused += part.chatRefused;
  total.ms += part.ms;
  total.failures.push(...part.failures);
}

const percent = ([hit, all]: [number, number]) => (all === 0 ? '—' : `${Math.round((100 * hit) / all)} %`);
const cell = (pair: [number, number]) => `${percent(pair)} (${pair[0]}/${pair[1]})`.padEnd(16);

function row(name: string, figures: Figures): string {
  const chat = figures.chatRight[1] + figures.chatDeclined[1] === 0
    ? '—'
    : `${figures.chatRight[0]}/${figures.chatRight[1]} right, ${figures.chatRefused} refused, ${figures.chatDeclined[0]}/${figures.chatDeclined[1]} declined`;
  return [
    name.padEnd(34),
    cell(figures.challenges),
    cell(figures.cards),
    cell(figures.junkPoints),
    cell(figures.meaningfulNodes),
    cell(figures.ownTitles),
    percent(figures.labelled).padEnd(6),
    chat,
    figures.failures.length > 0 ? ` [no ${figures.failures.join(', ')}]` : '',
  ].join(' ');
}

const header = [
  'document'.padEnd(34),
  'challenges good'.padEnd(16),
  'cards good'.padEnd(16),
  'junk points'.padEnd(16),
  'mind-map nodes'.padEnd(16),
  'own unit titles'.padEnd(16),
  'label'.padEnd(6),
  'tutor',
].join(' ');

const splitMark: Record<EvalDocument['split'], string> = { tune: '', holdout: ' (h)', fresh: ' (f)', fresh2: ' (f2)', fresh3: ' (f3)', fresh4: ' (f4)', fresh5: ' (f5)', fresh6: ' (f6)', fresh7: ' (f7)', fresh8: ' (f8)', fresh9: ' (f9)', markdown: ' (md)' };

async function main(): Promise<void> {
  const manifest = loadManifest(values.manifest);
  if (!manifest) {
    console.log('No evaluation set: eval/documents/manifest.json is missing.');
    return;
  }
  const only = values.only ? new Set(values.only.split(',')) : undefined;
  const chosen = manifest.filter((entry) => !only || only.has(entry.id));
  const totals: Record<EvalDocument['split'] | 'all', Figures> = { tune: empty(), holdout: empty(), fresh: empty(), fresh2: empty(), fresh3: empty(), fresh4: empty(), fresh5: empty(), fresh6: empty(), fresh7: empty(), fresh8: empty(), fresh9: empty(), markdown: empty(), all: empty() };
  const flawCounts = new Map<string, number>();
  console.log(header);
  for (const entry of chosen) {
    const document = await readDocument(entry);
    if (!document) {
      console.log(`${entry.id.padEnd(34)} (could not be read)`);
      continue;
    }
    const chatOnly = values['chat-only'];
    const { material, failures, ms } = chatOnly ? { material: {}, failures: [], ms: 1 } : await materialOf(document);
    const items = itemsOf(material, entry.language);
    const labels = loadLabels(entry.id);
    const questions = loadQuestions(entry.id);
    const chat = values['no-chat'] || !questions ? [] : await evaluateChat({ id: entry.id, language: entry.language, pages: document.pages }, questions);
    const figures = { ...figuresOf(items, labels, document, chat), failures, ms };
    for (const found of items.flatMap((one) => one.flaws)) flawCounts.set(found.code, (flawCounts.get(found.code) ?? 0) + 1);
    console.log(row(`${entry.id}${splitMark[entry.split]}`, figures));
    add(totals[entry.split], figures);
    add(totals.all, figures);
    if (values.dump && chatOnly) dumpChat(entry, chat);
    else if (values.dump) dump(entry, items, labels, chat);
  }
  console.log('');
  console.log(row('TOTAL tune', totals.tune));
  console.log(row('TOTAL holdout', totals.holdout));
  if (totals.fresh.ms > 0) console.log(row('TOTAL fresh', totals.fresh));
  if (totals.fresh2.ms > 0) console.log(row('TOTAL fresh2', totals.fresh2));
  if (totals.fresh3.ms > 0) console.log(row('TOTAL fresh3', totals.fresh3));
  if (totals.fresh4.ms > 0) console.log(row('TOTAL fresh4', totals.fresh4));
  if (totals.fresh5.ms > 0) console.log(row('TOTAL fresh5', totals.fresh5));
  if (totals.fresh6.ms > 0) console.log(row('TOTAL fresh6', totals.fresh6));
  if (totals.fresh7.ms > 0) console.log(row('TOTAL fresh7', totals.fresh7));
  if (totals.fresh8.ms > 0) console.log(row('TOTAL fresh8', totals.fresh8));
  if (totals.fresh9.ms > 0) console.log(row('TOTAL fresh9', totals.fresh9));
  if (totals.markdown.ms > 0) console.log(row('TOTAL markdown', totals.markdown));
  console.log(row('TOTAL', totals.all));
  console.log(`\nengine time: ${Math.round(totals.all.ms)} ms for ${chosen.length} documents`);
  console.log(`flaws found: ${[...flawCounts.entries()].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ${n}`).join(', ')}`);
  console.log('Items count by their teacher label where labelled ("label" column: share labelled), else by the flaw checks.');
}

function dump(entry: EvalDocument, items: Item[], labels: Labels, chat: ChatOutcome[]): void {
  const folder = path.join(here, 'out');
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  const rows = items.map((one) => ({ ...one, label: labels[one.key] ?? null }));
  writeFileSync(path.join(folder, `${entry.id}.json`), `${JSON.stringify({ id: entry.id, language: entry.language, items: rows, chat }, null, 1)}\n`);
}

function dumpChat(entry: EvalDocument, chat: ChatOutcome[]): void {
  const folder = path.join(here, 'out', 'chat');
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${entry.id}.json`), `${JSON.stringify({ id: entry.id, split: entry.split, chat }, null, 1)}\n`);
}

await main();
// pdf.js and the database keep handles open; the figures are printed, so the run is over.
process.exit(0);

