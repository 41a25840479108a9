import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProgramProcess } from '../../src/server/test/processes';
import {
  courseFiles,
  createdFileIds,
  databaseOf,
  filesUnder,
  inspectStored,
  newSite,
  prepareAccount,
  processingStatus,
  signIn,
  killNow,
  startBuilt,
  stopGracefully,
  sweepOrphansNow,
  testFile,
  upload,
  type Account,
  type Answer,
  type Site,
} from './app';
import type { ScratchPostgres } from './postgres';
import type { Report } from './report';
import { seconds, sleep, until } from './report';

/**
 * kill -9 of the web server (which runs the jobs too, as `npm start` does) twice: while several real files are being
 * uploaded at once, and while study artefacts are being made. After each restart every file must end ready or failed,
 * every artefact of a ready file ready or failed, no job may be left waiting or running, and the files folder and the
 * file table must match: no stored file without its row, no row without its stored file, nothing half-written.
 */

/** How long the restarted server may take to settle everything the kills left (heartbeats take over after ~30 s). */
const RECOVERY_BOUND_MS = 180_000;
/** After a kill, a dead process's jobs are retried within heartbeat (20 s) + supervision (10 s) + retry delay. */
const JOBS_SETTLE_MS = 60_000;

const fastUploads = [
  ['pdfs/tracemonkey.pdf'],
  ['pdfs/TAMReview.pdf'],
  ['pdfs/german-umlaut-r.pdf', 'office/having-images.docx'],
  ['office/sld-notes.pptx'],
  ['pdfs/helloworld-bad.pdf'],
  ['pdfs/freeculture.pdf'],
];
/** Still arriving when the server is killed: about 8 s each at 64 KB/s, more for the book. */
const slowUploads = [
  ['pdfs/ArabicCIDTrueType.pdf', 'office/tbl-having-tables.docx'],
  ['office/par-known-paragraphs.docx', 'office/txt-text.pptx'],
  ['pdfs/tracemonkey.pdf'],
];
const SLOW_BYTES_PER_SECOND = 64 * 1024;

function describeAnswers(answers: Answer[]): string {
  const created = answers.filter((answer) => answer.status === 201).length;
  const cut = answers.filter((answer) => answer.status === 0).length;
  const other = answers.length - created - cut;
  return `${created} answered 201, ${cut} cut off by the kill${other ? `, ${other} refused otherwise` : ''}`;
}

/** Round 1: the uploads start together; the server is killed once half of the fast ones have been answered. */
async function killDuringUploads(report: Report, site: Site, account: Account): Promise<void> {
  const server = await startBuilt(site);
  const { cookie } = await signIn(site, account);
  const answers: Answer[] = [];
  let answered = 0;
  const requests = [
    ...fastUploads.map((names) => upload(site, cookie, account.courseId, names.map(testFile))),
    ...slowUploads.map((names) => upload(site, cookie, account.courseId, names.map(testFile), { bytesPerSecond: SLOW_BYTES_PER_SECOND })),
  ].map((pending) =>
    pending.then((answer) => {
      answers.push(answer);
      if (answer.status === 201) answered += 1;
      return answer;
    }),
  );
  const files = [...fastUploads, ...slowUploads].flat().length;
  report.step(`${requests.length} uploads of ${files} real files started at once (${slowUploads.length} of them trickling at 64 KB/s)`);
  await until(async () => (answered >= fastUploads.length / 2 ? true : undefined), 60_000, 20);
  const killedAt = performance.now();
  await killNow(server);
  await Promise.all(requests);
  report.step(`kill -9 after ${answered} uploads were answered; of all ${requests.length}: ${describeAnswers(answers)}`);
  report.check(
    'the kill hit uploads in flight',
    answers.some((answer) => answer.status === 0),
    `${Math.round(performance.now() - killedAt)} ms after the kill every request had ended`,
  );
}

/**
 * Round 2: a long document's artefacts are being made; the server is killed once one is stored and another is being
 * made. Returns when it was killed.
 */
async function killDuringGeneration(report: Report, site: Site, account: Account): Promise<number> {
  const server = await startBuilt(site);
  const { cookie } = await signIn(site, account);
  const answer = await upload(site, cookie, account.courseId, [{ ...testFile('pdfs/freeculture.pdf'), name: 'freeculture (generation).pdf' }]);
  const [fileId] = createdFileIds(answer);
  if (!fileId) {
    report.check('the generation upload was accepted', false, `${answer.status} ${answer.text.slice(0, 200)}`);
    await killNow(server);
    return performance.now();
  }
  const mid = await until(async () => {
    const state = await processingStatus(site, cookie, fileId);
    const statuses = Object.values(state?.artefacts ?? {}).map((artefact) => artefact.status);
    return statuses.includes('ready') && statuses.includes('running') ? statuses : undefined;
  }, 120_000, 50);
  await killNow(server);
  const killedAt = performance.now();
  report.step(`kill -9 while the book's artefacts were being made: ${mid ? mid.join(', ') : 'no artefact was ready within 120 s'}`);
  report.check('the kill hit generation in progress', mid !== undefined);
  return killedAt;
}

/** Restarts the server and waits until every file and artefact in the course has ended (or the bound passes). */
async function recover(report: Report, site: Site, account: Account): Promise<ProgramProcess> {
  const restartedAt = performance.now();
  const server = await startBuilt(site);
  report.check('the server starts again on the data the kill left', true, `healthy after ${seconds(performance.now() - restartedAt)}`);
  const { cookie } = await signIn(site, account);
  let last = '';
  const settled = await until(async () => {
    const files = await courseFiles(site, cookie, account.courseId);
    if (!files) return undefined;
    const open = files.filter((entry) => entry.status !== 'ready' && entry.status !== 'failed');
    const artefacts: string[] = [];
    for (const entry of files.filter((candidate) => candidate.status === 'ready')) {
      const state = await processingStatus(site, cookie, entry.id);
      for (const [kind, artefact] of Object.entries(state?.artefacts ?? {})) {
        if (artefact.status !== 'ready' && artefact.status !== 'failed') artefacts.push(`${entry.name} ${kind} ${artefact.status ?? 'none'}`);
      }
    }
    last = [...open.map((entry) => `${entry.name} ${entry.status}`), ...artefacts].join('; ');
    return open.length === 0 && artefacts.length === 0 ? files : undefined;
  }, RECOVERY_BOUND_MS, 1_000);
  const took = seconds(performance.now() - restartedAt);
  if (settled) {
    const failed = settled.filter((entry) => entry.status === 'failed');
    report.check(
      'every upload ends ready or failed, every artefact of a ready file too',
      true,
      `${settled.length} files (${settled.length - failed.length} ready, ${failed.length} failed: ${failed.map((entry) => `${entry.name}: ${entry.error ?? ''}`).join('; ') || 'none'}) settled ${took} after the restart`,
    );
  } else {
    report.check('every upload ends ready or failed, every artefact of a ready file too', false, `still open after ${took}: ${last}`);
  }
  return server;
}

/**
 * The checks on what is stored, with the server stopped (PGlite belongs to one process). On the embedded database the
 * restarted server is the only process, and removes at once what the killed one left; on PostgreSQL other processes
 * may be storing uploads into the same folder, so what no row names is removed once it is a day old.
 */
async function checkStored(report: Report, site: Site, database: 'pglite' | 'postgres'): Promise<void> {
  const stored = await inspectStored(site, databaseOf(site));
  const keys = new Set(stored.files.map((row) => row.storageKey).filter((key): key is string => key !== null));
  const blobs = new Set(stored.blobs);
  const stuckFiles = stored.files.filter((row) => row.status !== 'ready' && row.status !== 'failed');
  report.check('no file left queued or extracting', stuckFiles.length === 0, stuckFiles.map((row) => `${row.name} ${row.status}`).join('; '));
  const stuckArtefacts = stored.artefacts.filter((row) => row.status !== 'ready' && row.status !== 'failed');
  report.check(
    'no study artefact left queued or running',
    stuckArtefacts.length === 0,
    `${stored.artefacts.length} artefacts${stuckArtefacts.length ? `; open: ${stuckArtefacts.map((row) => `${row.kind} ${row.status}`).join(', ')}` : ''}`,
  );
  // A job waiting for its retry's start time is not stuck; one overdue by more than a minute, or active with no
  // process left to run it (the server has stopped gracefully), is.
  const stuckJobs = stored.openJobs.filter((job) => job.state === 'active' || job.overdueSeconds > 60);
  report.check(
    'no job stuck',
    stuckJobs.length === 0,
    `${stored.openJobs.length} waiting or running${stuckJobs.length ? `; stuck: ${stuckJobs.map((job) => `${job.name} ${job.state} overdue ${Math.round(job.overdueSeconds)} s`).join(', ')}` : ''}`,
  );
  const rowsWithoutBlob = stored.files.filter((row) => row.storageKey !== null && !blobs.has(row.storageKey));
  report.check('no row without its stored file', rowsWithoutBlob.length === 0, `${keys.size} rows with a stored file${rowsWithoutBlob.length ? `; missing: ${rowsWithoutBlob.map((row) => row.name).join(', ')}` : ''}`);
  const orphans = stored.blobs.filter((blob) => !keys.has(blob));
  const listed = orphans.length ? `; orphaned: ${orphans.join(', ')}` : '';
  if (database === 'pglite') {
    report.check('no stored file without its row, none half-written', orphans.length === 0, `${stored.blobs.length} stored files${listed}`);
    report.check(
      'no temporary upload files left',
      stored.uploadTemp.length === 0,
      stored.uploadTemp.length ? `left under DATA_DIR/tmp/uploads: ${stored.uploadTemp.join(', ')}` : '',
    );
    return;
  }
  const removed = await sweepOrphansNow(site);
  const left = filesUnder(path.join(site.dataDir, 'files')).filter((blob) => !keys.has(blob));
  report.check(
    'no stored file without its row, none half-written, once the orphan sweep has run a day later',
    left.length === 0 && removed === orphans.length,
    `${stored.blobs.length} stored files${listed}; the sweep removed ${removed}`,
  );
  report.step(
    `${stored.uploadTemp.length} temporary upload files of the killed requests are left under DATA_DIR/tmp/uploads for the ` +
      'next start after a day (web processes sharing DATA_DIR may be receiving into theirs)',
  );
}

export async function killFault(report: Report, database: 'pglite' | 'postgres', postgres: ScratchPostgres | null): Promise<void> {
  report.begin(`kill-9 (${database})`, 'kill -9 of the server during uploads and during generation, then restart');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-faults-kill-'));
  let server: ProgramProcess | null = null;
  try {
    const databaseUrl = postgres ? await postgres.createDatabase(`faults_kill_${Date.now()}`) : undefined;
    const site = await newSite(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    const account = await prepareAccount(site);
    await killDuringUploads(report, site, account);
    // The restart recovers round 1 while round 2 runs; it is killed in turn.
    const killedAt = await killDuringGeneration(report, site, account);
    server = await recover(report, site, account);
    // The jobs the killed process held stay 'active' until their heartbeat is found stale (within 20 s + 10 s of the
    // kill, jobs/boss.ts); their retries then end at once, the work having been done. Whatever is still open after
    // that is stuck.
    await sleep(Math.max(1_000, killedAt + JOBS_SETTLE_MS - performance.now()));
    const code = await stopGracefully(server);
    server = null;
    report.check('the restarted server stops cleanly', code === 0, `exit code ${code}`);
    await checkStored(report, site, database);
  } catch (error) {
    report.check('ran to the end', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (server) await killNow(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
