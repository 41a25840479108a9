import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_TIMEOUT_MS } from '../../src/server/http/app';
import type { ProgramProcess } from '../../src/server/test/processes';
import {
  courseFiles,
  createdFileIds,
  newSite,
  prepareAccount,
  request,
  signIn,
  killNow,
  startBuilt,
  stopGracefully,
  testFile,
  trpcQuery,
  upload,
  type Account,
  type Answer,
  type Site,
} from './app';
import type { ScratchPostgres } from './postgres';
import type { Report } from './report';
import { seconds, sleep, until } from './report';

/**
 * The database unreachable for 10 s under a running server (PostgreSQL, web process running the jobs): first stopped
 * (`pg_ctl stop -m immediate`: connections cut, new ones refused), then paused (SIGSTOP: connections open, nothing
 * answers, as in a network partition). Requests meanwhile must fail cleanly — a 5xx with a JSON message and no stack,
 * /api/health 503 — or, paused, wait for the database; none may hang beyond a bound, the process must not crash, and
 * afterwards it must serve again by itself: health 200, sign-in, a query, an upload read by the job queue.
 */

const OUTAGE_MS = 10_000;
/** A request during the outage must be answered within this. */
const ANSWER_BOUND_MS = 15_000;
/** After the database is back, the server must be healthy again within this, without a restart. */
const RECOVERY_BOUND_MS = 30_000;

/** The message of an error answer in any of the app's shapes: plain routes, upload/chat refusals, tRPC. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { error?: unknown; message?: unknown };
  if (typeof record.error === 'string') return record.error;
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'object' && record.error !== null) {
    const error = record.error as { message?: unknown; json?: { message?: unknown } };
    if (typeof error.message === 'string') return error.message;
    if (typeof error.json?.message === 'string') return error.json.message;
  }
  return undefined;
}

const hasStack = (answer: Answer) => /\n\s+at |"stack"/.test(answer.text);

function describe(answer: Answer): string {
  if (answer.status === 0) return `no answer (${answer.text}) after ${Math.round(answer.ms)} ms`;
  return `${answer.status} "${messageOf(answer.body) ?? answer.text.slice(0, 80)}" in ${Math.round(answer.ms)} ms`;
}

async function probe(site: Site, account: Account, cookie: string) {
  const [health, query, signInAnswer, uploaded] = await Promise.all([
    request(`${site.url}/api/health`, { timeoutMs: ANSWER_BOUND_MS }),
    trpcQuery(site, cookie, 'directory.getDirectories', undefined, ANSWER_BOUND_MS),
    request(`${site.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ email: account.email, password: account.password }),
      timeoutMs: ANSWER_BOUND_MS,
    }),
    upload(site, cookie, account.courseId, [testFile('pdfs/german-umlaut-r.pdf')], { timeoutMs: ANSWER_BOUND_MS }),
  ]);
  return { health, query, signIn: signInAnswer, upload: uploaded };
}

/** Refused: every request fails at once — health 503, the rest a 5xx with a JSON message and no stack. */
function checkRefused(report: Report, label: string, answers: Awaited<ReturnType<typeof probe>>): void {
  const { health } = answers;
  report.check(`${label}: /api/health answers 503`, health.status === 503 && health.ms < ANSWER_BOUND_MS, describe(health));
  for (const [name, answer] of [['a query', answers.query], ['sign-in', answers.signIn], ['an upload', answers.upload]] as const) {
    const clean = answer.status >= 500 && answer.status <= 599 && messageOf(answer.body) !== undefined && !hasStack(answer);
    report.check(`${label}: ${name} fails cleanly (5xx, JSON message, no stack, within ${seconds(ANSWER_BOUND_MS)})`, clean, describe(answer));
  }
}

/**
 * Silent: the health check gives up after its own time (HEALTH_TIMEOUT_MS); a request waits for the database and
 * either fails cleanly or, once the database is back, succeeds — but every one is answered within the bound.
 */
function checkSilent(report: Report, label: string, answers: Awaited<ReturnType<typeof probe>>, healthWithin: number | null): void {
  if (healthWithin !== null) {
    const { health } = answers;
    report.check(`${label}: /api/health answers 503 within ${seconds(healthWithin)}`, health.status === 503 && health.ms < healthWithin, describe(health));
  }
  const { health, ...requests } = answers;
  const all = Object.values(requests);
  const healthClean = health.status === 200 || (health.status === 503 && (health.body as { status?: unknown } | null)?.status === 'unavailable');
  report.check(
    `${label}: every request answered within ${seconds(ANSWER_BOUND_MS)} (a 5xx with a JSON message, or the answer once the database is back)`,
    healthClean && all.every((answer) => answer.status !== 0 && !hasStack(answer) && (answer.status < 500 || messageOf(answer.body) !== undefined)),
    [health, ...all].map(describe).join('; '),
  );
}

/** After the database is back: healthy by itself, and sign-in, a query and an upload read by the jobs all work. */
async function checkRecovery(report: Report, label: string, site: Site, account: Account, server: ProgramProcess, backAt: number) {
  report.check(`${label}: the server process is still running`, server.child.exitCode === null && server.child.signalCode === null, server.output.stderr.slice(0, 300));
  const healthy = await until(async () => ((await request(`${site.url}/api/health`, { timeoutMs: 5_000 })).status === 200 ? true : undefined), RECOVERY_BOUND_MS, 200);
  report.check(`${label}: healthy again by itself`, healthy === true, `${seconds(performance.now() - backAt)} after the database was back`);
  const signedIn = await signIn(site, account);
  report.check(`${label}: sign-in works`, signedIn.answer.status === 200, describe(signedIn.answer));
  const query = await trpcQuery(site, signedIn.cookie, 'directory.getDirectories', undefined);
  report.check(`${label}: a query works`, query.status === 200, describe(query));
  const uploaded = await upload(site, signedIn.cookie, account.courseId, [{ ...testFile('pdfs/german-umlaut-r.pdf'), name: `after ${label}.pdf` }]);
  const [fileId] = createdFileIds(uploaded);
  const ready = fileId
    ? await until(async () => {
        const files = await courseFiles(site, signedIn.cookie, account.courseId);
        return files?.find((entry) => entry.id === fileId && entry.status === 'ready');
      }, 60_000, 250)
    : undefined;
  report.check(`${label}: an upload is accepted and read by the job queue`, ready !== undefined, describe(uploaded));
}

async function outage(
  report: Report,
  kind: 'refused' | 'silent',
  context: { site: Site; account: Account; server: ProgramProcess; cookie: string },
  fault: { begin: () => void; end: () => void },
): Promise<void> {
  const { site, account, server, cookie } = context;
  const label = kind === 'refused' ? 'stopped (connections refused)' : 'paused (nothing answers)';
  const downAt = performance.now();
  fault.begin();
  report.step(`${label}: database unreachable for ${seconds(OUTAGE_MS)}`);
  // The database comes back on its own schedule, whatever the requests meanwhile are doing.
  const back = sleep(OUTAGE_MS).then(() => {
    fault.end();
    return performance.now();
  });
  const early = sleep(1_000).then(() => probe(site, account, cookie));
  // A second round near the end: nothing has got worse (no pile-up, no crash) while the outage lasted.
  const late = sleep(OUTAGE_MS - 3_000).then(() => probe(site, account, cookie));
  const backAt = await back;
  report.step(`${label}: database back after ${seconds(backAt - downAt)}`);
  const [earlyAnswers, lateAnswers] = await Promise.all([early, late]);
  if (kind === 'refused') {
    checkRefused(report, `${label}, after 1 s`, earlyAnswers);
    checkRefused(report, `${label}, after ${seconds(OUTAGE_MS - 3_000)}`, lateAnswers);
  } else {
    checkSilent(report, `${label}, after 1 s`, earlyAnswers, HEALTH_TIMEOUT_MS + 2_000);
    checkSilent(report, `${label}, after ${seconds(OUTAGE_MS - 3_000)}`, lateAnswers, null);
  }
  await checkRecovery(report, label, site, account, server, backAt);
}

export async function outageFault(report: Report, postgres: ScratchPostgres): Promise<void> {
  report.begin('database outage', 'PostgreSQL unreachable for 10 s under a running server, twice: stopped, then paused');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studypath-faults-outage-'));
  let server: ProgramProcess | null = null;
  try {
    const databaseUrl = await postgres.createDatabase(`faults_outage_${Date.now()}`);
    const site = await newSite(dataDir, { DATABASE_URL: databaseUrl });
    const account = await prepareAccount(site);
    server = await startBuilt(site);
    const { cookie } = await signIn(site, account);
    const context = { site, account, server, cookie };
    await outage(report, 'refused', context, { begin: () => postgres.stop(), end: () => postgres.start() });
    await outage(report, 'silent', context, { begin: () => postgres.pause(), end: () => postgres.resume() });
    const errorLines = server.output.stdout.split('\n').filter((line) => line.includes('"level":50')).length;
    report.step(`the server logged ${errorLines} error lines over both outages`);
    const code = await stopGracefully(server);
    report.check('the server stops cleanly afterwards', code === 0, `exit code ${code}; stderr: ${server.output.stderr.slice(0, 300) || 'empty'}`);
    server = null;
  } catch (error) {
    report.check('ran to the end', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (server) await killNow(server);
    postgres.resume();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
