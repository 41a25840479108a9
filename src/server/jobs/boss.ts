import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import type { Logger } from '../logger';

export type Jobs = PgBoss;

/**
 * pg-boss on the app's own database: on PGlite through its adapter (one connection shared with the app), on
 * PostgreSQL through its own pool. Jobs survive restarts because they live in the database.
 */
export async function startJobs(database: Database, connectionString: string | undefined, log: Logger): Promise<Jobs> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), schema: 'pgboss' })
      : new PgBoss({ connectionString: connectionString ?? '', schema: 'pgboss', max: 4 });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
