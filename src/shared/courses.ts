import { z } from 'zod';
import { COURSE_NAME_MAX_LENGTH, FILE_NAME_MAX_LENGTH } from './course-rules';
import { localeSchema } from './schemas';

// The rules without zod live apart, so the browser's shell reads them without loading zod.
export * from './course-rules';

export const courseNameSchema = z
  .string()
  .trim()
  .min(1, 'Course name must not be empty')
  .max(COURSE_NAME_MAX_LENGTH, `Course name must be at most ${COURSE_NAME_MAX_LENGTH} characters`);

// A file name ends up in download headers and storage paths, where separators and control characters do harm.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/;

export const fileNameSchema = z
  .string()
  .trim()
  .min(1, 'File name must not be empty')
  .max(FILE_NAME_MAX_LENGTH, `File name must be at most ${FILE_NAME_MAX_LENGTH} characters`)
  .refine((name) => !/[/\\]/.test(name), 'File name must not contain / or \\')
  .refine((name) => !controlCharacters.test(name), 'File name must not contain control characters');

/** The spec's client sends 'gpt4o-mini'; the stored model id is the provider's own, 'gpt-4o-mini'. */
export const courseModelSchema = z.enum(['gpt4o-mini', 'gpt-4o-mini']).transform(() => 'gpt-4o-mini' as const);

export const createCourseSchema = z.object({
  name: courseNameSchema,
  model: courseModelSchema.default('gpt-4o-mini'),
  language: localeSchema.default('en'),
});
