import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/client';
import { createApp } from './http/app';
import { createLogger, type Logger } from './logger';
import { createServices } from './services';

/** Prints one line and exits: a misconfigured server must say what to fix, not dump a stack. */
function fail(message: string): never {
  process.stderr.write(`studypath: ${message}\n`);
  process.exit(1);
}

/** Exits once the log is written: pino writes asynchronously, and exiting mid-write reorders or drops the last lines. */
function exitAfterLogging(log: Logger, code: number): void {
  log.flush(() => process.exit(code));
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = createLogger(config);
  let services;
  try {
    services = await createServices(config, log);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    throw error;
  }
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info({ port: info.port, database: config.database.kind, url: config.appUrl }, 'StudyPath is listening');
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests');
    const forceExit = setTimeout(() => {
      log.warn('shutdown took too long; exiting');
      exitAfterLogging(log, 1);
    }, 20_000);
    forceExit.unref();
    server.close(() => {
      void services
        .close()
        .then(() => {
          log.info('stopped');
          exitAfterLogging(log, 0);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'error while stopping');
          exitAfterLogging(log, 1);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
