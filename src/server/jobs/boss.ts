import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import type { Logger } from '../logger';

export type Jobs = PgBoss;

/**
 * How often pg-boss's supervisor looks for jobs whose worker has gone. The queues with long-running jobs carry
 * `heartbeatSeconds` (study/pipeline/jobs.ts, ingest/ingest-job.ts): a live worker refreshes each job it holds every half of
 * that, and a job whose heartbeat is older than it is failed into its retry, which another worker then takes over.
 * A stale heartbeat is only noticed on a supervise pass that also runs the queue monitor, so both intervals are set:
 * at pg-boss's default of 60 s a worker killed with SIGKILL would leave its jobs 'active' for up to
 * heartbeat + 60 s; at 10 s another worker has them within about heartbeat + 10 s. One instance runs each pass (a
 * claim on the queue row), and on our small job tables a pass costs a few milliseconds.
 */
const SUPERVISE_SECONDS = 10;
const supervision = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };

/**
 * pg-boss on the app's own database: on PGlite through its adapter (one connection shared with the app), on
 * PostgreSQL through its own pool. Jobs survive restarts because they live in the database.
 */
export async function startJobs(database: Database, connectionString: string | undefined, log: Logger): Promise<Jobs> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), schema: 'pgboss', ...supervision })
      : new PgBoss({ connectionString: connectionString ?? '', schema: 'pgboss', max: 4, ...supervision });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
