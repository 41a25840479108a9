import { and, asc, eq, sql } from 'drizzle-orm';
import { COURSE_SUBJECTS, SHARING_LIMITS, type GeneratedDescription } from '../../shared/sharing';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { directory, file, space, spaceFile } from '../db/schema';
import type { StudyDocument, StudyEngine } from '../study/engines/engine';
import { loadStudyDocument } from '../study/pipeline/pipeline';
import { requireSpace } from './access';
import { spaceErrors } from './errors';

/** Files read to describe a course: enough to know what it is about, bounded so one call stays quick. */
const MAX_DESCRIBED_FILES = 20;

/**
 * `spaces.generateDescriptionAndTags` (owner only, spec §4): the study engine describes the course from its visible,
 * ready files; the description (in the chunks the engine streamed) and, unless `onlyDescription`, the tags are stored.
 */
export async function generateDescriptionAndTags(
  deps: { db: Db; engine: StudyEngine; log: Logger },
  userId: string,
  input: { spaceId: string; onlyDescription: boolean },
): Promise<GeneratedDescription> {
  const { db } = deps;
  const actor = await requireSpace(db, userId, { spaceId: input.spaceId }, 'manage');
  const [course] = await db
    .select({ language: directory.language, tags: space.tags })
    .from(space)
    .innerJoin(directory, eq(directory.id, space.directoryId))
    .where(eq(space.id, actor.space.id))
    .limit(1);
  const files = await db
    .select({ id: file.id })
    .from(file)
    .where(
      and(
        eq(file.directoryId, actor.space.directoryId),
        eq(file.status, 'ready'),
        sql`coalesce((select ${spaceFile.isVisible} from ${spaceFile} where ${spaceFile.spaceId} = ${actor.space.id} and ${spaceFile.fileId} = ${file.id}), true)`,
      ),
    )
    .orderBy(asc(file.createdAt), asc(file.id))
    .limit(MAX_DESCRIBED_FILES);
  const documents: StudyDocument[] = [];
  for (const target of files) {
    const loaded = await loadStudyDocument(db, target.id);
    if (loaded) documents.push(loaded.document);
  }

  const chunks: string[] = [];
  let length = 0;
  let generatedTags: string[] = [];
  try {
    for await (const event of deps.engine.describeCourse({ name: actor.space.name, language: course?.language ?? 'en', documents })) {
      if (event.type === 'tags') {
        generatedTags = event.tags;
        continue;
      }
      const room = SHARING_LIMITS.descriptionMaxLength - length;
      if (room <= 0) continue;
      const text = event.text.slice(0, room);
      chunks.push(text);
      length += text.length;
    }
  } catch (error) {
    // An endpoint's failure (timeout, 429, a malformed answer): the owner sees the spec's toast text and may retry.
    deps.log.error({ err: error, spaceId: actor.space.id, engine: deps.engine.name }, 'course description failed');
    throw spaceErrors.generateFailed(error);
  }
  const tags = [...new Set(generatedTags)]
    .filter((tag) => (COURSE_SUBJECTS as readonly string[]).includes(tag))
    .slice(0, SHARING_LIMITS.maxTags);
  const description = chunks.join('').trim();
  await db
    .update(space)
    .set({ description, ...(input.onlyDescription ? {} : { tags }), hasGeneratedDescription: true, updatedAt: new Date() })
    .where(eq(space.id, actor.space.id));
  return { chunks, tags: input.onlyDescription ? (course?.tags ?? []) : tags };
}
