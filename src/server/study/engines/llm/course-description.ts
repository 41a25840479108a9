import type { CourseSubject } from '../../../../shared/artefacts';
import type { CourseDescriptionEvent, CourseInput, EngineCallOptions } from '../engine';
import { languageName } from './chunks';
import { failure } from './errors';
import type { ModelClient } from './model-client';
import { courseTagsModelSchema, InvalidOutput } from './model-schemas';
import { courseDescriptionPrompt, courseDescriptionSystem, courseTagsPrompt, courseTagsSystem } from './prompts';

/**
 * A course's description, from its name and the beginnings of its documents: written in the course's language and
 * streamed as the model writes it (shown as it comes), then its subject tags in a second, structured request that
 * reads the finished description. It stands apart from the study material: it is about a course, not one document,
 * and needs no map-reduce — each document contributes an equal share of one request's budget.
 */

export async function* describeCourse(
  client: ModelClient,
  chunkChars: number,
  course: CourseInput,
  { signal }: EngineCallOptions = {},
): AsyncIterable<CourseDescriptionEvent> {
  const code = course.language.trim() || 'en';
  const system = courseDescriptionSystem(languageName(code), code);
  const share = Math.max(1500, Math.floor(chunkChars / Math.max(1, course.documents.length)));
  const documents = course.documents
    .map((document) => {
      const text = document.pages.map((page) => page.text.trim()).filter(Boolean).join('\n').slice(0, share);
      return `### ${document.title}\n${text}`;
    })
    .join('\n\n');
  const prompt = courseDescriptionPrompt(course.name, documents);

  let description = '';
  for await (const text of client.text({ system, prompt }, signal)) {
    description += text;
    yield { type: 'text', text };
  }
  if (description.trim().length === 0) {
    throw failure('aiInvalidOutput', 'The AI model wrote an empty course description.', {});
  }

  const tags = await client.structured(
    {
      name: 'course_tags',
      label: 'course tags',
      schema: courseTagsModelSchema,
      system: courseTagsSystem,
      prompt: courseTagsPrompt(course.name, course.documents.map((document) => document.title), description.trim()),
      convert: (model): CourseSubject[] => {
        const unique = [...new Set(model.tags)].slice(0, 3);
        if (unique.length === 0) throw new InvalidOutput(['tags is empty; pick at least one subject']);
        return unique;
      },
    },
    signal,
  );
  yield { type: 'tags', tags };
}
