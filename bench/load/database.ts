import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The databases of the run: a scratch PostgreSQL 15 cluster when `--db postgres` comes without a URL (the recipe of
 * .ci/run's start_postgres), and the counts read after the run — for PGlite from its data folder once the server has
 * stopped (the embedded database has one process), for PostgreSQL straight from the server.
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface ScratchPostgres {
  url: string;
  /** CPU seconds the cluster has used so far: the postmaster, its live processes and those it has reaped. */
  cpuSeconds(): number | null;
  destroy(): void;
}

/** From /proc/<pid>/stat: the parent, the CPU seconds the process used (user + system) and those of the children it reaped. */
function procStat(pid: number): { ppid: number; own: number; reaped: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
    const ticks = (index: number) => Number(fields[index]) / 100;
    return { ppid: Number(fields[1]), own: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14) };
  } catch {
    return null;
  }
}

function asPostgres(command: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export function startScratchPostgres(port: number): ScratchPostgres {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) throw new Error(`no PostgreSQL 15 server binaries in ${PG_BIN}; pass --database-url`);
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-load-pg-'));
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  chownSync(dir, id('-u'), id('-g'));
  const dataDir = path.join(dir, 'data');
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    cpuSeconds() {
      const main = procStat(postmaster);
      if (!main) return null;
      let total = main.own + main.reaped;
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const child = procStat(Number(entry));
        if (child?.ppid === postmaster) total += child.own;
      }
      return total;
    },
    destroy() {
      try {
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Stopped already.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Rows the students' requests left, counted for the students of this run only (a given database may hold others). */
export interface Recorded {
  attempts: number;
  reviews: number;
}

const COUNTS = `
  select
    (select count(*) from challenge_attempt where user_id = any($1::text[]))::int as attempts,
    (select count(*) from review_log where user_id = any($1::text[]))::int as reviews`;

export async function countFromPglite(dataDir: string, userIds: string[]): Promise<Recorded> {
  const pglite = new PGlite(dataDir);
  try {
    const { rows } = await pglite.query<Recorded>(COUNTS, [userIds]);
    return rows[0]!;
  } finally {
    await pglite.close();
  }
}

export async function countFromPostgres(url: string, userIds: string[]): Promise<Recorded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Recorded>(COUNTS, [userIds]);
    return rows[0]!;
  } finally {
    await client.end();
  }
}
