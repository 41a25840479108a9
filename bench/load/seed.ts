import { Browser } from './client';
import type { Recorder } from './metrics';
import type { StudentAccount } from './student';

/**
 * Before the timed run, through the same API: an admin account (ADMIN_EMAILS of the bench's server) and, for each
 * student, a sign-up, the Ultra plan set by the admin (unlimited hearts, so random answers never lock a student out
 * of lessons, and 500 tutor messages a day), a course of its own, and the PDF uploaded through POST /api/files into
 * it; then waits until the file and every study artefact of it (summary, mind map, flashcards, learn path, chunks)
 * are ready.
 */
const PASSWORD = 'correct horse battery staple';
const SEED_CONCURRENCY = 4;
const READY_TIMEOUT_MS = 10 * 60_000;

interface SignUpAnswer {
  user: { id: string };
}

async function signUp(browser: Browser, email: string, username: string, name: string): Promise<string> {
  const answer = await browser.json<SignUpAnswer>('/api/auth/sign-up/email', { name, email, username, password: PASSWORD });
  return answer.user.id;
}

async function untilReady(browser: Browser, fileId: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const state = await browser.trpc.file.getProcessingStatus.query({ fileId });
    if (state.status === 'failed') throw new Error(`the upload failed: ${state.error ?? ''}`);
    const artefacts = Object.entries(state.artefacts);
    const failed = artefacts.find(([, artefact]) => artefact.status === 'failed');
    if (failed) throw new Error(`the ${failed[0]} failed: ${failed[1].error ?? ''}`);
    if (state.status === 'ready' && artefacts.every(([, artefact]) => artefact.status === 'ready')) return;
    if (Date.now() > deadline) throw new Error(`file ${fileId} not ready after ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function adminEmail(runId: string): string {
  return `load-admin-${runId}@example.test`;
}

export async function seed(options: {
  baseUrl: string;
  recorder: Recorder;
  runId: string;
  students: number;
  pdf: { name: string; bytes: Uint8Array<ArrayBuffer> };
  onProgress: (done: number) => void;
}): Promise<StudentAccount[]> {
  const { baseUrl, recorder, runId, pdf } = options;
  const admin = new Browser(baseUrl, recorder);
  await signUp(admin, adminEmail(runId), `la${runId}`, 'Load Admin');

  const seedOne = async (index: number): Promise<StudentAccount> => {
    const browser = new Browser(baseUrl, recorder);
    const email = `load-${runId}-${index}@example.test`;
    const userId = await signUp(browser, email, `ls${runId}_${index}`, `Student ${index}`);
    await admin.trpc.admin.setUserPlan.mutate({ userId, plan: 'ultra' });
    const course = await browser.trpc.directory.createDirectory.mutate({ name: `Load course ${index}` });
    const fileId = await browser.upload(course.id, pdf.name, pdf.bytes);
    await untilReady(browser, fileId);
    return { email, password: PASSWORD, userId, fileId };
  };

  const accounts: StudentAccount[] = new Array<StudentAccount>(options.students);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < options.students) {
      const index = next;
      next += 1;
      accounts[index] = await seedOne(index);
      done += 1;
      options.onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEED_CONCURRENCY, options.students) }, worker));
  return accounts;
}
