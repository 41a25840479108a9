import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnavailableError } from './db/client';
import type { Logger } from './logger';
import { createServices, type Services } from './services';

/**
 * Start-up and shutdown shared by the two programs, the web server (main.ts) and the worker (worker.ts). A
 * misconfigured program says what to fix in one line rather than dumping a stack.
 */

/** Prints one line naming the program and exits. */
export function fail(program: string, message: string): never {
  process.stderr.write(`${program}: ${message}\n`);
  process.exit(1);
}

/** Exits once the log is written: exiting mid-write reorders or drops the last lines. */
function exitAfterLogging(log: Logger, code: number): void {
  log.flush(() => process.exit(code));
}

export function loadConfigOrExit(program: string): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(program, error.message);
    throw error;
  }
}

export async function createServicesOrExit(program: string, config: Config, log: Logger): Promise<Services> {
  try {
    return await createServices(config, log);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(program, error.message);
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT: logs, runs `stop` (finish the work in hand, close the services) once, and exits 0 — or 1 when
 * stopping fails or takes longer than 20 s.
 */
export function stopOnSignals(log: Logger, options: { finishing: string; stop: () => Promise<void> }): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `shutting down: ${options.finishing}`);
    const forceExit = setTimeout(() => {
      log.warn('shutdown took too long; exiting');
      exitAfterLogging(log, 1);
    }, 20_000);
    forceExit.unref();
    options
      .stop()
      .then(() => {
        log.info('stopped');
        exitAfterLogging(log, 0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        exitAfterLogging(log, 1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
