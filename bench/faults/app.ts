import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { directory, user } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';
import { createLocalBlobStorage } from '../../src/server/storage/local-blob-storage';
import { removeOrphanedBlobs } from '../../src/server/storage/orphans';
import { freePort, startProgram, waitForHealth, type ProgramProcess } from '../../src/server/test/processes';

/** Helpers of the fault scripts: the built server as a process, an account, uploads over HTTP, and what is stored. */

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const testdata = path.resolve(repoRoot, '../shared/testdata');

export function testFile(relative: string): { name: string; bytes: Uint8Array } {
  return { name: path.basename(relative), bytes: new Uint8Array(readFileSync(path.join(testdata, relative))) };
}

/** Bundles src/server into dist/server (esbuild, a second or two), so the faults run the code as it is now. */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

export interface Site {
  url: string;
  /** The environment of every process of this site (web processes, workers). */
  env: Record<string, string>;
  dataDir: string;
}

export async function newSite(dataDir: string, env: Record<string, string> = {}): Promise<Site> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: `faults-${randomBytes(24).toString('hex')}`,
      LOG_LEVEL: 'info',
      ...env,
    },
  };
}

/** `node dist/server/main.js` (or worker.js) with the site's environment; resolves once the web server is healthy. */
export async function startBuilt(site: Site, program: 'main' | 'worker' = 'main', env: Record<string, string> = {}): Promise<ProgramProcess> {
  const started = startProgram(program, { ...site.env, ...env }, { built: true });
  if (program === 'main') {
    try {
      await waitForHealth(site.url, started.exited, 60_000);
    } catch (error) {
      await killNow(started);
      throw new Error(`${(error as Error).message}\n${started.output.stderr}${started.output.stdout.slice(-2000)}`);
    }
  }
  return started;
}

/** Kills the server with SIGKILL, as a crash or the OOM killer would, and waits for it to be gone. */
export function killNow(running: ProgramProcess): Promise<number | null> {
  running.child.kill('SIGKILL');
  return running.exited;
}

export async function stopGracefully(running: ProgramProcess): Promise<number | null> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

export interface Account {
  email: string;
  password: string;
  userId: string;
  courseId: string;
}

/** Signs a user up on the site's database (on the Ultra plan, so that limits stay out of the way) with one course. */
export async function prepareAccount(site: Site): Promise<Account> {
  const config = loadConfig({ ...site.env, NODE_ENV: 'production', JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  try {
    const email = `faults-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'correct horse battery staple';
    const { user: created } = await services.auth.api.signUpEmail({
      body: { email, password, name: 'Fault Finder', username: `faults_${randomBytes(4).toString('hex')}` },
    });
    await services.db.update(user).set({ plan: 'ultra' }).where(eq(user.id, created.id));
    const [course] = await services.db.insert(directory).values({ ownerId: created.id, name: 'Faults' }).returning();
    return { email, password, userId: created.id, courseId: course!.id };
  } finally {
    await services.close();
  }
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  ms: number;
}

/** A request with a time limit; a connection refused, cut or timed out is status 0 with the reason as text. */
export async function request(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the check that wanted JSON says so.
    }
    return { status: response.status, body, text, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: null, text: `${(error as Error).name}${cause ? ` ${cause}` : ''}`, ms: performance.now() - started };
  }
}

export async function signIn(site: Site, account: Pick<Account, 'email' | 'password'>): Promise<{ answer: Answer; cookie: string }> {
  const started = performance.now();
  const response = await fetch(`${site.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = response.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported by the caller.
  }
  return { answer: { status: response.status, body, text, ms: performance.now() - started }, cookie };
}

export function trpcQuery(site: Site, cookie: string, procedure: string, input: unknown, timeoutMs?: number): Promise<Answer> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return request(`${site.url}/api/trpc/${procedure}${query}`, { headers: { cookie }, timeoutMs });
}

/** The data of a successful tRPC answer (superjson's `json`), or undefined. */
export function trpcData<T>(answer: Answer): T | undefined {
  if (answer.status !== 200) return undefined;
  return (answer.body as { result?: { data?: { json?: T } } } | null)?.result?.data?.json;
}

export interface CourseFile {
  id: string;
  name: string;
  status: string;
  error: string | null;
}

export async function courseFiles(site: Site, cookie: string, courseId: string): Promise<CourseFile[] | undefined> {
  return trpcData<CourseFile[]>(await trpcQuery(site, cookie, 'directory.getAzureDirectoryFiles', { directoryId: courseId }));
}

export interface ProcessingStatus {
  status: string;
  artefacts: Record<string, { status: string | null; error: string | null }>;
}

export async function processingStatus(site: Site, cookie: string, fileId: string): Promise<ProcessingStatus | undefined> {
  return trpcData<ProcessingStatus>(await trpcQuery(site, cookie, 'file.getProcessingStatus', { fileId }));
}

const CRLF = '\r\n';

function multipart(boundary: string, courseId: string, files: Array<{ name: string; bytes: Uint8Array }>): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const text = (value: string) => parts.push(new TextEncoder().encode(value));
  text(`--${boundary}${CRLF}Content-Disposition: form-data; name="directoryId"${CRLF}${CRLF}${courseId}${CRLF}`);
  for (const entry of files) {
    text(`--${boundary}${CRLF}Content-Disposition: form-data; name="files"; filename="${entry.name}"${CRLF}`);
    text(`Content-Type: application/octet-stream${CRLF}${CRLF}`);
    parts.push(entry.bytes);
    text(CRLF);
  }
  text(`--${boundary}--${CRLF}`);
  return new Uint8Array(Buffer.concat(parts));
}

/** The body in chunks of 16 KB, `bytesPerSecond` fast: an upload still arriving when the server is killed. */
function trickle(bytes: Uint8Array, bytesPerSecond: number): ReadableStream<Uint8Array> {
  const chunk = 16 * 1024;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, (chunk / bytesPerSecond) * 1000));
      controller.enqueue(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
}

/** POST /api/files as a browser sends it; `bytesPerSecond` slows the body down. */
export function upload(
  site: Site,
  cookie: string,
  courseId: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  options: { bytesPerSecond?: number; timeoutMs?: number } = {},
): Promise<Answer> {
  const boundary = `----faults${randomBytes(8).toString('hex')}`;
  const body = multipart(boundary, courseId, files);
  const headers = { cookie, origin: site.url, 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (options.bytesPerSecond === undefined) {
    return request(`${site.url}/api/files`, { method: 'POST', headers, body, timeoutMs: options.timeoutMs });
  }
  return request(`${site.url}/api/files`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(body.length) },
    body: trickle(body, options.bytesPerSecond),
    // Node's fetch needs this for a streamed body; it is not in the DOM typings.
    ...({ duplex: 'half' } as object),
    timeoutMs: options.timeoutMs,
  });
}

export function createdFileIds(answer: Answer): string[] {
  if (answer.status !== 201) return [];
  return ((answer.body as { files?: Array<{ id: string }> } | null)?.files ?? []).map((entry) => entry.id);
}

/** Every regular file under `dir`, as paths relative to it (storage keys, for the files folder). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else found.push(child);
    }
  };
  walk('');
  return found;
}

export interface StoredState {
  files: Array<{ id: string; name: string; status: string; storageKey: string | null; error: string | null }>;
  artefacts: Array<{ fileId: string; kind: string; status: string }>;
  /** Jobs of the ingest and study queues that are waiting or running, with how overdue a waiting one is. */
  openJobs: Array<{ name: string; state: string; overdueSeconds: number }>;
  /** Files under DATA_DIR/files. */
  blobs: string[];
  /** Files under DATA_DIR/tmp/uploads (the request folders of uploads being received). */
  uploadTemp: string[];
}

/**
 * What the database and the files folder hold. On the embedded database only with no server running (PGlite has
 * one process); on PostgreSQL at any time.
 */
export async function inspectStored(site: Site, database: Config['database']): Promise<StoredState> {
  const opened = await openDatabase({ database });
  try {
    const { db } = opened;
    const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
    const files = rows<StoredState['files'][number]>(
      await db.execute(sql`select id, name, status, storage_key as "storageKey", error from file order by created_at`),
    );
    const artefacts = rows<StoredState['artefacts'][number]>(
      await db.execute(sql`select file_id as "fileId", kind, status from study_artefact`),
    );
    const openJobs = rows<{ name: string; state: string; overdueSeconds: string | number }>(
      await db.execute(sql`
        select name, state::text as state, greatest(0, extract(epoch from now() - start_after)) as "overdueSeconds"
        from pgboss.job where name in ('ingest-file', 'study-artefact') and state in ('created', 'retry', 'active')`),
    ).map((job) => ({ ...job, overdueSeconds: Number(job.overdueSeconds) }));
    return {
      files,
      artefacts,
      openJobs,
      blobs: filesUnder(path.join(site.dataDir, 'files')),
      uploadTemp: filesUnder(path.join(site.dataDir, 'tmp', 'uploads')),
    };
  } finally {
    await opened.close();
  }
}

/**
 * The orphan sweep (storage/orphans.ts) over the site's files folder, with today as its cut-off: what the hourly sweep
 * of a server on PostgreSQL does once the orphans are a day old. Returns how many it removed.
 */
export async function sweepOrphansNow(site: Site): Promise<number> {
  const config = loadConfig({ ...site.env, LOG_LEVEL: 'silent' });
  const opened = await openDatabase(config);
  try {
    const storage = createLocalBlobStorage(config.filesDir);
    return await removeOrphanedBlobs({ db: opened.db, storage, log: createLogger(config) }, { before: new Date() });
  } finally {
    await opened.close();
  }
}

/** The site's database as config.ts reads it from the environment. */
export function databaseOf(site: Site): Config['database'] {
  return loadConfig({ ...site.env, LOG_LEVEL: 'silent' }).database;
}
