import type { PGlite } from '@electric-sql/pglite';
import { createAuth, type Auth } from './auth/auth';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { registerIngestJob } from './ingest/ingest-job';
import { createStudyEngine } from './study/engines/create-engine';
import type { StudyEngine } from './study/engines/engine';
import { registerStudyJobs, type StudyQueue } from './study/pipeline/jobs';
import { startJobs, type Jobs } from './jobs/boss';
import type { Logger } from './logger';
import type { BlobStorage } from './storage/blob-storage';
import { createLocalBlobStorage } from './storage/local-blob-storage';
import { createS3BlobStorage } from './storage/s3-blob-storage';

/** Everything a request or job needs, built once per process (the composition root shared by main and tests). */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  auth: Auth;
  storage: BlobStorage;
  /** Null when JOBS_ENABLED=false: nothing is processed in this process, uploads stay queued for a worker. */
  jobs: Jobs | null;
  /** The study engine (local, or an LLM endpoint when configured). */
  engine: StudyEngine;
  /** Sends study artefact jobs and wakes this process's workers; null when JOBS_ENABLED=false. */
  studyQueue: StudyQueue | null;
  close: () => Promise<void>;
}

/** `options.pglite`: an already loaded PGlite to use instead of opening config.database (the test harness's). */
export async function createServices(config: Config, log: Logger, options: { pglite?: PGlite } = {}): Promise<Services> {
  const database = await openDatabase(config, options.pglite);
  const auth = createAuth({ db: database.db, config, log });
  const s3 = config.s3 ? createS3BlobStorage(config.s3) : null;
  const storage: BlobStorage = s3 ?? createLocalBlobStorage(config.filesDir);
  const engine = createStudyEngine(config);
  let jobs: Jobs | null = null;
  let studyQueue: StudyQueue | null = null;
  if (config.jobsEnabled) {
    try {
      jobs = await startJobs(database, config.database.kind === 'postgres' ? config.database.url : undefined, log);
      studyQueue = await registerStudyJobs(jobs, { db: database.db, engine, log });
      await registerIngestJob(jobs, { db: database.db, storage, log, studyQueue, engine });
    } catch (error) {
      await jobs?.stop({ graceful: false });
      await database.close();
      s3?.destroy();
      throw error;
    }
  }
  return {
    config,
    log,
    database,
    db: database.db,
    auth,
    storage,
    jobs,
    engine,
    studyQueue,
    async close() {
      if (jobs) await jobs.stop({ graceful: true, timeout: 10_000 });
      await database.close();
      s3?.destroy();
    },
  };
}
