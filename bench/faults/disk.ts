import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProgramProcess } from '../../src/server/test/processes';
import {
  courseFiles,
  createdFileIds,
  filesUnder,
  newSite,
  prepareAccount,
  request,
  signIn,
  killNow,
  startBuilt,
  stopGracefully,
  testFile,
  upload,
  type Account,
  type Answer,
  type Site,
} from './app';
import type { Report } from './report';
import { until } from './report';

/**
 * A full disk on upload: a 2 MB tmpfs mounted first over DATA_DIR/files (where stored files go), then over
 * DATA_DIR/tmp (where an upload's body is received before it is checked). An upload that does not fit must get a
 * clear error — 507 or a 4xx with a JSON message in the spec's style — leave nothing half-written (no partial file,
 * no row, no file stored before the one that did not fit), and the server must keep serving.
 */

const TMPFS_SIZE = '2m';

function mount(dir: string): string | null {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    return null;
  } catch (error) {
    return `cannot mount a tmpfs on ${dir}: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`;
  }
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // Not mounted.
  }
}

function errorBody(answer: Answer): { code?: string; message?: string; messageKey?: string } {
  return ((answer.body as { error?: unknown } | null)?.error ?? {}) as { code?: string; message?: string; messageKey?: string };
}

function describe(answer: Answer): string {
  const error = errorBody(answer);
  return answer.status === 0 ? `no answer (${answer.text})` : `${answer.status} ${error.code ?? ''} "${error.message ?? answer.text.slice(0, 100)}"`;
}

async function fullDisk(
  report: Report,
  label: string,
  context: { site: Site; account: Account; cookie: string; server: ProgramProcess },
  where: string,
): Promise<void> {
  const { site, account, cookie, server } = context;
  const before = (await courseFiles(site, cookie, account.courseId)) ?? [];
  // The first file fits, the second (2.6 MB) does not: the first must not stay either.
  const answer = await upload(site, cookie, account.courseId, [testFile('pdfs/tracemonkey.pdf'), testFile('pdfs/freeculture.pdf')]);
  const error = errorBody(answer);
  const clear = (answer.status === 507 || (answer.status >= 400 && answer.status < 500)) && typeof error.message === 'string' && typeof error.messageKey === 'string';
  report.check(`${label}: the upload gets a clear error (507 or 4xx, JSON with message and messageKey)`, clear, describe(answer));
  const after = (await courseFiles(site, cookie, account.courseId)) ?? [];
  report.check(`${label}: no row for either file`, after.length === before.length, `${after.length - before.length} new rows`);
  const left = filesUnder(where);
  const stored = filesUnder(path.join(site.dataDir, 'files'));
  report.check(`${label}: nothing half-written stays`, left.length === 0 && stored.length === before.filter((entry) => entry.status !== 'failed').length, `files under ${path.relative(site.dataDir, where)}: ${left.join(', ') || 'none'}; stored files: ${stored.length}`);
  const health = await request(`${site.url}/api/health`);
  report.check(`${label}: the server keeps serving`, health.status === 200 && server.child.exitCode === null, `health ${health.status}`);
  // Something that fits still goes through, and is read.
  const small = await upload(site, cookie, account.courseId, [{ ...testFile('pdfs/german-umlaut-r.pdf'), name: `${label}.pdf` }]);
  const [fileId] = createdFileIds(small);
  const ready = fileId
    ? await until(async () => (await courseFiles(site, cookie, account.courseId))?.find((entry) => entry.id === fileId && entry.status === 'ready'), 60_000)
    : undefined;
  report.check(`${label}: a file that fits is stored and read`, ready !== undefined, describe(small));
}

export async function diskFault(report: Report): Promise<void> {
  report.begin('full disk', `uploads onto a file system with no room left (a ${TMPFS_SIZE} tmpfs)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-faults-disk-'));
  const filesDir = path.join(dataDir, 'files');
  const tempDir = path.join(dataDir, 'tmp');
  let server: ProgramProcess | null = null;
  try {
    const site = await newSite(dataDir);
    const account = await prepareAccount(site);
    const problem = mount(filesDir);
    if (problem) {
      report.notRun(problem);
      return;
    }
    server = await startBuilt(site);
    const { cookie } = await signIn(site, account);
    const context = { site, account, cookie, server };
    report.step(`DATA_DIR/files is a ${TMPFS_SIZE} tmpfs`);
    await fullDisk(report, 'stored files full', context, filesDir);
    const tempProblem = mount(tempDir);
    if (tempProblem) {
      report.notRun(tempProblem);
      return;
    }
    report.step(`DATA_DIR/tmp (where uploads are received) is a ${TMPFS_SIZE} tmpfs too`);
    await fullDisk(report, 'upload temp full', context, path.join(tempDir, 'uploads'));
    const code = await stopGracefully(server);
    server = null;
    report.check('the server stops cleanly afterwards', code === 0, `exit code ${code}`);
  } catch (error) {
    report.check('ran to the end', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (server) await killNow(server);
    unmount(tempDir);
    unmount(filesDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
