import { directory, file, filePage } from '../db/schema';
import type { Services } from '../services';
import { requestApp, type TestUser } from './harness';

/**
 * Courses and files written straight into the database, for tests of what reads and changes them: these tests are not
 * about uploading, and a row needs no stored file or extraction job (POST /api/files is tested in http/upload.test.ts).
 */
export async function insertCourse(
  services: Services,
  owner: TestUser,
  values: Partial<typeof directory.$inferInsert> = {},
) {
  const [row] = await services.db
    .insert(directory)
    .values({ ownerId: owner.user.id, name: 'Biology', ...values })
    .returning();
  if (!row) throw new Error('no course inserted');
  return row;
}

/** A file of `courseId` owned by `owner`, with `pages` pages of text when given. */
export async function insertFile(
  services: Services,
  owner: TestUser,
  courseId: string,
  values: Partial<typeof file.$inferInsert> & { pages?: number } = {},
) {
  const { pages = 0, ...columns } = values;
  const [row] = await services.db
    .insert(file)
    .values({
      ownerId: owner.user.id,
      directoryId: courseId,
      name: 'Lecture 1.pdf',
      extension: 'pdf',
      mimeType: 'application/pdf',
      size: 1024,
      ...columns,
    })
    .returning();
  if (!row) throw new Error('no file inserted');
  if (pages > 0) {
    const rows = Array.from({ length: pages }, (_, index) => ({
      fileId: row.id,
      pageNumber: index + 1,
      text: `Page ${index + 1}`,
    }));
    await services.db.insert(filePage).values(rows);
  }
  return row;
}

export interface ClientError {
  status: number;
  message: string;
  data: { code: string; messageKey?: string };
}

/**
 * Calls a mutation over HTTP as the client does and returns the error it answers with: the in-process caller skips
 * the error formatter, and what the person reads (message, messageKey) is decided there.
 */
export async function mutationError(
  services: Services,
  actor: TestUser,
  procedure: string,
  input: unknown,
): Promise<ClientError> {
  const response = await requestApp(services, `/api/trpc/${procedure}`, {
    method: 'POST',
    headers: actor.headers,
    json: { json: input },
  });
  const body = (await response.json()) as { error?: { json: Omit<ClientError, 'status'> } };
  if (!body.error) throw new Error(`${procedure} succeeded (${response.status})`);
  return { status: response.status, ...body.error.json };
}
