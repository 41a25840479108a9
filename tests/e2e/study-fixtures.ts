import type { APIResponse, Page, TestInfo } from '@playwright/test';
import type { studyArtefactKinds } from '../../src/server/db/schema/study';
import { tracePaperPdf } from '../../src/server/test/trace-paper';
import { expect, signUp } from './fixtures';

/**
 * What the study-tab specs (summary, mindmap, chat, decks) build on: tRPC calls over the page's own session, the
 * test paper (trace-trees.pdf, built here: src/server/test/trace-paper.ts), and a signed-up student with an uploaded
 * file that is the open file.
 *
 *   const { fileId } = await studentWithStudyFile(page, { waitFor: ['summary'] });
 *   const summary = await trpcQuery<{ markdown: string }>(page, 'summary.get', { fileId });
 */


/** A file as Playwright's multipart form takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The paper's bytes, built once per worker. */
let paperBytes: Promise<Uint8Array> | undefined;

/** The 14-page test paper on trace-based compilation ("Trace Trees"), uploaded under `name`. */
export async function tracePaper(name = 'trace-trees.pdf'): Promise<UploadFile> {
  paperBytes ??= tracePaperPdf();
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await paperBytes) };
}

/** The Origin header the server asks of every state-changing request (its CSRF check). */
export const originHeader = (page: Page) => ({ origin: new URL(page.url()).origin });

type Batch<T> = Array<{ result: { data: { json: T } } }>;

async function firstAnswer<T>(procedure: string, response: APIResponse): Promise<T> {
  expect(response.ok(), `${procedure}: ${response.status()}`).toBe(true);
  const [answer] = (await response.json()) as Batch<T>;
  if (!answer) throw new Error(`${procedure} answered nothing`);
  return answer.result.data.json;
}

/** Calls the tRPC query `procedure` (say 'summary.get') as the page's signed-in user; fails the test unless it succeeds. */
export async function trpcQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const encoded = encodeURIComponent(JSON.stringify({ 0: { json: input } }));
  return firstAnswer<T>(procedure, await page.request.get(`/api/trpc/${procedure}?batch=1&input=${encoded}`));
}

/** Calls the tRPC mutation `procedure` as the page's signed-in user; fails the test unless it succeeds. */
export async function trpcMutation<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${procedure}?batch=1`, {
    data: { 0: { json: input } },
    headers: originHeader(page),
  });
  return firstAnswer<T>(procedure, response);
}

export type ArtefactKind = (typeof studyArtefactKinds)[number];

interface ProcessingStatus {
  status: string;
  artefacts: Partial<Record<ArtefactKind, { status: string | null }>>;
}

const processingStatus = (page: Page, fileId: string) =>
  trpcQuery<ProcessingStatus>(page, 'file.getProcessingStatus', { fileId });

/** Makes the course `courseName` and uploads `file` into it through POST /api/files (the page is signed in). */
export async function uploadStudyFile(
  page: Page,
  { courseName = 'Compilers', file }: { courseName?: string; file?: UploadFile } = {},
): Promise<{ courseId: string; fileId: string }> {
  const upload = file ?? (await tracePaper());
  const course = await trpcMutation<{ id: string }>(page, 'directory.createDirectory', { name: courseName });
  const response = await page.request.post('/api/files', {
    multipart: { directoryId: course.id, files: upload },
    headers: originHeader(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { files } = (await response.json()) as { files: Array<{ id: string }> };
  return { courseId: course.id, fileId: files[0]?.id ?? '' };
}

/** Waits until the file's text is read (its processing status is 'ready'). */
export async function waitForFile(page: Page, fileId: string, timeout = 30_000): Promise<void> {
  await expect.poll(async () => (await processingStatus(page, fileId)).status, { timeout }).toBe('ready');
}

/** Waits until every one of the file's artefacts `kinds` is ready. */
export async function waitForArtefacts(page: Page, fileId: string, kinds: readonly ArtefactKind[], timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const { artefacts } = await processingStatus(page, fileId);
        return kinds.map((kind) => `${kind}: ${artefacts[kind]?.status}`).join(', ');
      },
      { timeout },
    )
    .toBe(kinds.map((kind) => `${kind}: ready`).join(', '));
}

/** Makes the file the student's open file, the one the study tabs show. */
export async function openFile(page: Page, fileId: string): Promise<void> {
  await trpcMutation(page, 'file.setActiveFileId', { fileId });
}

export interface StudyFileOptions {
  /** The course the file goes into; 'Compilers' unless given. */
  courseName?: string;
  /** The file to upload; the test paper, trace-trees.pdf, unless given. */
  file?: UploadFile;
  /** What to wait for before the file is opened: its text ('file'), these artefacts, or nothing (the default). */
  waitFor?: 'file' | readonly ArtefactKind[];
  /** How long that wait may take; 30 s unless given. */
  timeout?: number;
}

/** Signs up a new student, uploads a file into a new course, waits for what `waitFor` names and opens the file. */
export async function studentWithStudyFile(page: Page, options: StudyFileOptions = {}): Promise<{ courseId: string; fileId: string }> {
  const { waitFor, timeout } = options;
  await signUp(page);
  const uploaded = await uploadStudyFile(page, options);
  if (waitFor === 'file') await waitForFile(page, uploaded.fileId, timeout);
  else if (waitFor) await waitForArtefacts(page, uploaded.fileId, waitFor, timeout);
  await openFile(page, uploaded.fileId);
  return uploaded;
}

/**
 * Shows the page in the light and then the dark colour scheme (fonts loaded, the scheme applied) and lets `shoot` take
 * its screenshots in each, told the `${device}-${scheme}` suffix for their names (device: 'desktop' or 'phone', after
 * the project); the page is light again afterwards.
 */
export async function inBothColourSchemes(page: Page, testInfo: TestInfo, shoot: (suffix: string) => Promise<void>): Promise<void> {
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  await page.evaluate(() => document.fonts.ready);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await shoot(`${device}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
