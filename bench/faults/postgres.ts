import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/server/test/processes';

/**
 * A scratch PostgreSQL cluster of its own (the recipe of .ci/run's start_postgres): initdb as the `postgres` user into
 * a temporary folder, listening on a free loopback port. The faults stop it, pause it and start it again.
 */
export interface ScratchPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  serverUrl: string;
  /** A new empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m immediate`: every connection is cut at once, as when the server crashes or its host goes away. */
  stop(): void;
  start(): void;
  /** SIGSTOP / SIGCONT to every process of the cluster: connections stay open but nothing answers (a network black hole). */
  pause(): void;
  resume(): void;
  destroy(): void;
}

const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a scratch cluster cannot be started here, or null when it can. */
export function scratchPostgresUnavailable(): string | null {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return `no PostgreSQL server binaries in ${PG_BIN} (FAULTS_PG_BIN)`;
  if (userInfo().uid !== 0) return 'starting a scratch cluster as the postgres user needs root';
  return null;
}

function asPostgres(command: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-faults-pg-'));
  const postgresUser = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const postgresGroup = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, postgresUser, postgresGroup);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  start();
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  /** The postmaster's pid and its children's (backends, checkpointer, …). */
  const pids = (): number[] => {
    if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return [];
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(postmaster)]).stdout.toString().split('\n').filter(Boolean).map(Number);
    return [postmaster, ...children];
  };
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids()) {
      try {
        process.kill(pid, name);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  return {
    serverUrl,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    destroy() {
      try {
        signal('SIGCONT');
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Stopped already.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
