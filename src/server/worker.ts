import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startIngestSweep } from './ingest/queued-files';
import { createLogger } from './logger';
import { createServicesOrExit, fail, loadConfigOrExit, stopOnSignals } from './process-lifecycle';
import type { Services } from './services';

/**
 * The background worker (`npm run worker`): the job queue and the jobs, without an HTTP server. Run it next to web
 * processes started with JOBS_ENABLED=false, on PostgreSQL; more workers share the work. A web process with
 * JOBS_ENABLED=false queues nothing, so the worker sweeps the database for files waiting in 'queued' and hands them to
 * the ingest job (src/server/ingest/queued-files.ts).
 */
export interface RunningWorker {
  /** Stops offering work; the caller then closes the services, which lets running jobs finish. */
  stop(): Promise<void>;
}

/** Starts the worker's own work on services that have a job queue (their jobs, the ingest job among them, are registered). */
export function startWorker(
  services: Pick<Services, 'db' | 'jobs' | 'log' | 'storage'>,
  options: { sweepIntervalMs?: number } = {},
): RunningWorker {
  const { db, jobs, log, storage } = services;
  if (!jobs) throw new Error('the worker needs services with a job queue (jobsEnabled)');
  const sweep = startIngestSweep({ db, jobs, log, storage }, { intervalMs: options.sweepIntervalMs ?? 2_000 });
  return { stop: () => sweep.stop() };
}

const PROGRAM = 'studypath worker';

async function main() {
  const config = loadConfigOrExit(PROGRAM);
  if (config.database.kind !== 'postgres') {
    fail(
      PROGRAM,
      'DATABASE_URL must point at a PostgreSQL server. The embedded database belongs to the web process alone, ' +
        'which then runs the jobs itself (JOBS_ENABLED=true, the default).',
    );
  }
  const log = createLogger(config);
  // Whatever JOBS_ENABLED says for the web processes: running jobs is what a worker is for.
  const services = await createServicesOrExit(PROGRAM, { ...config, jobsEnabled: true }, log);
  const worker = startWorker(services);
  log.info({ database: config.database.kind }, 'StudyPath worker is running');
  stopOnSignals(log, {
    finishing: 'finishing jobs',
    stop: async () => {
      await worker.stop();
      await services.close();
    },
  });
}

/** Whether this module is the program being run (`node dist/server/worker.js`, `tsx src/server/worker.ts`), not imported. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    fail(PROGRAM, error instanceof Error ? error.message : String(error));
  });
}
