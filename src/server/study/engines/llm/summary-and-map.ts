import type { Mindmap, Summary } from '../../../../shared/artefacts';
import type { EngineCallOptions, StudyDocument } from '../engine';
import type { DocumentChunk } from './chunks';
import { documentChunks, documentSystem, mapReduce, pageIndex, type StudyTools } from './document-work';
import {
  checkOutline,
  mindmapModelSchema,
  summaryModelSchema,
  toMindmap,
  toSummary,
  type MindmapModel,
  type SummaryModel,
} from './model-schemas';
import { mindmapMergePrompt, mindmapPartPrompt, mindmapPrompt, partIntro, summaryMergePrompt, summaryPrompt } from './prompts';

/**
 * The summary and the mind map: the two artefacts that see a whole document at once, so a long one is map-reduced
 * (document-work.ts). Each chunk's notes or outline is checked against that chunk's pages, rendered back to text with
 * its page citations, and merged until one remains, which is checked against all the document's pages.
 */

/** A summary's notes as text for a merge request, each item with its page. */
function renderSummaryNotes(notes: SummaryModel): string {
  const lines: string[] = [];
  for (const section of notes.sections) {
    lines.push(`## ${section.heading} [page ${section.page}]`);
    for (const point of section.points) lines.push(`- ${point.text} [page ${point.page}]`);
  }
  if (notes.keyTerms.length > 0) lines.push('Key terms:');
  for (const entry of notes.keyTerms) lines.push(`- ${entry.term}${entry.definition ? `: ${entry.definition}` : ''} [page ${entry.page}]`);
  return lines.join('\n');
}

/** A mind map's outline as an indented list for a merge request, each node with its page. */
function renderOutline(outline: MindmapModel): string {
  const lines: string[] = [];
  for (const section of outline.sections) {
    lines.push(`- ${section.label} [page ${section.page}]`);
    for (const item of section.concepts) {
      lines.push(`  - ${item.label} [page ${item.page}]`);
      for (const entry of item.facts) lines.push(`    - ${entry.label} [page ${entry.page}]`);
    }
  }
  return lines.join('\n');
}

export async function makeSummary(tools: StudyTools, document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Summary> {
  const chunks = documentChunks(document, tools.chunkChars);
  const system = documentSystem(document);
  const allPages = pageIndex(document, chunks.flatMap((chunk) => chunk.pages));
  const notes = (chunk: DocumentChunk, name: string) =>
    tools.client.structured(
      {
        name,
        label: 'summary',
        schema: summaryModelSchema,
        system,
        prompt: summaryPrompt(partIntro(document.title, chunk, chunks.length), chunk.text),
        convert: (model) => {
          toSummary(model, pageIndex(document, chunk.pages));
          return model;
        },
      },
      signal,
    );
  return mapReduce<SummaryModel, Summary>(chunks, tools, {
    single: async (chunk) => toSummary(await notes(chunk, 'summary'), allPages),
    map: (chunk) => notes(chunk, 'summary_part'),
    render: renderSummaryNotes,
    reduce: (texts, final) =>
      tools.client.structured<SummaryModel, SummaryModel | Summary>(
        {
          name: final ? 'summary' : 'summary_part',
          label: 'summary',
          schema: summaryModelSchema,
          system,
          prompt: summaryMergePrompt(document.title, texts, final),
          convert: (model) => {
            const summary = toSummary(model, allPages);
            return final ? summary : model;
          },
        },
        signal,
      ),
  });
}

export async function makeMindmap(tools: StudyTools, document: StudyDocument, { signal }: EngineCallOptions = {}): Promise<Mindmap> {
  const chunks = documentChunks(document, tools.chunkChars);
  const system = documentSystem(document);
  const allPages = pageIndex(document, chunks.flatMap((chunk) => chunk.pages));
  const rootPage = chunks[0]?.pages[0] ?? 1;
  const finish = (outline: MindmapModel) => toMindmap(outline, document.title, rootPage);
  return mapReduce<MindmapModel, Mindmap>(chunks, tools, {
    single: (chunk) =>
      tools.client.structured(
        {
          name: 'mindmap',
          label: 'mind map',
          schema: mindmapModelSchema,
          system,
          prompt: mindmapPrompt(partIntro(document.title, chunk, 1), chunk.text),
          convert: (model) => finish(checkOutline(model, pageIndex(document, chunk.pages), rootPage)),
        },
        signal,
      ),
    map: (chunk) =>
      tools.client.structured(
        {
          name: 'mindmap_part',
          label: 'mind map',
          schema: mindmapModelSchema,
          system,
          prompt: mindmapPartPrompt(partIntro(document.title, chunk, chunks.length), chunk.text),
          convert: (model) => checkOutline(model, pageIndex(document, chunk.pages), chunk.pages[0] ?? rootPage),
        },
        signal,
      ),
    render: renderOutline,
    reduce: (texts, final) =>
      tools.client.structured<MindmapModel, MindmapModel | Mindmap>(
        {
          name: final ? 'mindmap' : 'mindmap_part',
          label: 'mind map',
          schema: mindmapModelSchema,
          system,
          prompt: mindmapMergePrompt(document.title, texts, final),
          convert: (model) => {
            const outline = checkOutline(model, allPages, rootPage);
            return final ? finish(outline) : outline;
          },
        },
        signal,
      ),
  });
}
