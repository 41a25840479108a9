import { serve } from '@hono/node-server';
import { createApp } from './http/app';
import { createLogger } from './logger';
import { createServicesOrExit, fail, loadConfigOrExit, stopOnSignals } from './process-lifecycle';
import { startIngestSweep } from './ingest/queued-files';

const PROGRAM = 'studypath';

async function main() {
  const config = loadConfigOrExit(PROGRAM);
  const log = createLogger(config);
  const services = await createServicesOrExit(PROGRAM, config, log);
  // A web process running the jobs itself also sweeps for files a crash left queued without a job, or extracting for
  // ever; less often than a dedicated worker does, as the jobs it sends itself need no sweep.
  const { db, jobs } = services;
  // The embedded database has this one process: study artefacts a killed process left 'running' are queued again at
  // once, and stored files it left without a row are removed.
  const soleProcess = config.database.kind === 'pglite';
  const sweep = jobs ? startIngestSweep({ db, jobs, log, storage: services.storage }, { intervalMs: 30_000, soleProcess }) : null;
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info({ port: info.port, database: config.database.kind, url: config.appUrl }, 'StudyPath is listening');
  });
  stopOnSignals(log, {
    finishing: 'finishing requests',
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await sweep?.stop();
      await services.close();
    },
  });
}

main().catch((error: unknown) => {
  fail(PROGRAM, error instanceof Error ? error.message : String(error));
});
