/**
 * The production build on a fresh data folder with the students the page benchmarks measure (bench/lighthouse.ts,
 * bench/profile-page.ts): a student with three courses for /dashboard, another with a real 14-page PDF uploaded,
 * read and studied for the study tabs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { tracePaperPdf } from '../src/server/test/trace-paper';

const root = path.resolve(import.meta.dirname, '..');
/** How long the test paper may take to be read and studied before the run gives up. */
const STUDY_TIMEOUT_MS = 300_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The built server, as `npm start` runs it, on an empty data folder. It serves `dist/client` below its working folder,
 * so another build is served from a temporary folder whose dist/client links to it (and drizzle/ to the migrations).
 */
export async function startServer(dataDir: string, client = 'dist/client'): Promise<{ url: string; server: ChildProcess }> {
  const clientDir = path.resolve(client);
  if (!existsSync(path.join(clientDir, 'index.html')) || !existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error(`${clientDir}/index.html or dist/server/main.js is missing: run \`npm run build\` first.`);
  }
  let cwd = root;
  if (clientDir !== path.join(root, 'dist/client')) {
    cwd = path.join(dataDir, 'cwd');
    mkdirSync(path.join(cwd, 'dist'), { recursive: true });
    symlinkSync(clientDir, path.join(cwd, 'dist/client'));
    // The other folder the server reads relative to where it runs: the migrations.
    symlinkSync(path.join(root, 'drizzle'), path.join(cwd, 'drizzle'));
    // That build's renderer of signed-in pages, which the server looks for beside dist/client.
    const ssrDir = path.join(path.dirname(clientDir), 'ssr');
    if (existsSync(ssrDir)) symlinkSync(ssrDir, path.join(cwd, 'dist/ssr'));
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, server };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A tRPC call as the app's client makes it (superjson, no batching), with the Origin the server's CSRF check asks for. */
export async function trpc<T>(url: string, cookie: string, procedure: string, input: unknown, kind: 'query' | 'mutation'): Promise<T> {
  const headers = { origin: url, cookie };
  const payload = JSON.stringify({ json: input });
  const response =
    kind === 'query'
      ? await fetch(`${url}/api/trpc/${procedure}?input=${encodeURIComponent(payload)}`, { headers })
      : await fetch(`${url}/api/trpc/${procedure}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: payload });
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** Signs a student up through better-auth's endpoint; the session cookie for the browser and the API. */
export async function signUp(url: string, student: { name: string; username: string; email: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ ...student, password: 'correct horse battery' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error('sign-up set no cookie');
  return cookie;
}

/** A student with three courses (no files): the session cookie for /dashboard. */
export async function signedInCookie(url: string): Promise<string> {
  const cookie = await signUp(url, { name: 'Lena Hoffmann', username: 'lena_bench', email: 'lena@bench.studypath.test' });
  for (const name of ['Biology 101', 'Linear Algebra', 'European History']) {
    await trpc(url, cookie, 'directory.createDirectory', { name }, 'mutation');
  }
  return cookie;
}

type ArtefactStatus = 'queued' | 'running' | 'ready' | 'failed' | null;

interface ProcessingStatus {
  status: string;
  error: string | null;
  pageCount: number | null;
  artefacts: Record<string, { status: ArtefactStatus; error: string | null }>;
}

/**
 * Another student (so /dashboard stays the same whichever pages run) with the test paper uploaded through
 * POST /api/files into a course of its own, read and studied, and opened: the session cookie for the study tabs.
 */
export async function studyFileCookie(url: string): Promise<string> {
  const cookie = await signUp(url, { name: 'Jonas Weber', username: 'jonas_bench', email: 'jonas@bench.studypath.test' });
  const course = await trpc<{ id: string }>(url, cookie, 'directory.createDirectory', { name: 'Compilers' }, 'mutation');
  const name = 'trace-trees.pdf';
  const form = new FormData();
  form.set('directoryId', course.id);
  form.append('files', new Blob([Buffer.from(await tracePaperPdf())], { type: 'application/pdf' }), name);
  const started = performance.now();
  const uploaded = await fetch(`${url}/api/files`, { method: 'POST', headers: { origin: url, cookie }, body: form });
  if (uploaded.status !== 201) throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { files } = (await uploaded.json()) as { files: Array<{ id: string }> };
  const fileId = files[0]?.id;
  if (!fileId) throw new Error('the upload stored no file');
  // As the study tabs do: file.getProcessingStatus until the text is read and no artefact is waiting or being made.
  for (;;) {
    const state = await trpc<ProcessingStatus>(url, cookie, 'file.getProcessingStatus', { fileId }, 'query');
    if (state.status === 'failed') throw new Error(`reading ${name} failed: ${state.error ?? ''}`);
    const artefacts = Object.entries(state.artefacts);
    const settled = artefacts.every(([, artefact]) => artefact.status === 'ready' || artefact.status === 'failed');
    if (state.status === 'ready' && settled) {
      const summary = state.artefacts.summary;
      if (summary?.status !== 'ready') throw new Error(`the summary of ${name} failed: ${summary?.error ?? 'not made'}`);
      const failed = artefacts.filter(([, artefact]) => artefact.status === 'failed').map(([kind]) => kind);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `/summary: ${name} (${state.pageCount ?? '?'} pages) uploaded; read and studied in ${seconds} s` +
          (failed.length ? ` (failed: ${failed.join(', ')})` : ''),
      );
      break;
    }
    if (performance.now() - started > STUDY_TIMEOUT_MS) {
      const waiting = artefacts.map(([kind, artefact]) => `${kind} ${artefact.status ?? 'not started'}`).join(', ');
      throw new Error(`${name} was not studied within ${STUDY_TIMEOUT_MS / 1000} s: file ${state.status}; ${waiting}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await trpc(url, cookie, 'file.setActiveFileId', { fileId }, 'mutation');
  return cookie;
}
