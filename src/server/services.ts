import type { PGlite } from '@electric-sql/pglite';
import { createAuth, type Auth } from './auth/auth';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { startJobs, type Jobs } from './jobs/boss';
import type { Logger } from './logger';

/** Everything a request or job needs, built once per process (the composition root shared by main and tests). */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  auth: Auth;
  jobs: Jobs | null;
  close: () => Promise<void>;
}

/** `options.pglite`: an already loaded PGlite to use instead of opening config.database (the test harness's). */
export async function createServices(config: Config, log: Logger, options: { pglite?: PGlite } = {}): Promise<Services> {
  const database = await openDatabase(config, options.pglite);
  const auth = createAuth({ db: database.db, config, log });
  let jobs: Jobs | null = null;
  if (config.jobsEnabled) {
    try {
      jobs = await startJobs(database, config.database.kind === 'postgres' ? config.database.url : undefined, log);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return {
    config,
    log,
    database,
    db: database.db,
    auth,
    jobs,
    async close() {
      if (jobs) await jobs.stop({ graceful: true, timeout: 10_000 });
      await database.close();
    },
  };
}
