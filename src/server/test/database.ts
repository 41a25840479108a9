import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Where the server tests keep their data, decided once per run by the global setup and handed to every test file:
 * a migrated PGlite snapshot each file loads (the default), or a PostgreSQL server (TEST_DATABASE_URL) on which each
 * file gets a database of its own.
 */
export type TestDatabaseTarget =
  | { kind: 'pglite'; snapshotFile: string }
  | { kind: 'postgres'; serverUrl: string; namePrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

/** Migrating a new PGlite takes seconds; loading a dump of a migrated one takes a fraction of that. */
export async function writePgliteSnapshot(file: string): Promise<void> {
  const database = await openDatabase({ database: { kind: 'pglite', dataDir: undefined } });
  if (database.kind !== 'pglite') throw new Error('expected a PGlite database');
  try {
    const dump = await database.pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

export function loadPgliteSnapshot(file: string): PGlite {
  return new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the server; `drop` removes it even while connections to it are still open. */
export async function createPostgresDatabase(target: Extract<TestDatabaseTarget, { kind: 'postgres' }>) {
  const name = `${target.namePrefix}${randomBytes(4).toString('hex')}`;
  await onServer(target.serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabaseName(target.serverUrl, name),
    drop: () => onServer(target.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** Removes what test files of this run left behind (a crashed or killed worker never reaches its own drop). */
export async function dropPostgresDatabases(serverUrl: string, namePrefix: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [namePrefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
