import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses: the same Drizzle API whether PGlite or a PostgreSQL server is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

const migrationsFolder = path.resolve('drizzle');

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Opens the database named by the config, checks it answers, and applies the committed migrations. For PGlite an
 * instance may be handed in: tests start each file from a migrated snapshot, because creating one costs seconds.
 */
export async function openDatabase(config: Pick<Config, 'database'>, preloaded?: PGlite): Promise<Database> {
  if (config.database.kind === 'pglite') {
    const dir = config.database.dataDir;
    if (dir && !preloaded) mkdirSync(path.dirname(dir), { recursive: true });
    const pglite = preloaded ?? (dir ? new PGlite(dir) : new PGlite());
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return { kind: 'pglite', db, pglite, close: () => pglite.close() };
  }
  const pool = new pg.Pool({ connectionString: config.database.url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {
    // An idle client losing its connection is reported by the next query that needs one; nothing to do here.
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`DATABASE_URL: cannot connect to the database (${reason})`);
  }
  try {
    await migrateOnce(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

/** Any number the app's other advisory locks do not use; pg-boss keeps its own in its schema. */
const MIGRATION_LOCK = 4_207_311_906;

/**
 * Several processes (web processes and workers of one deploy) start at once and each applies the migrations: under a
 * session advisory lock, one after another, so that the later ones find them applied instead of failing on tables
 * that already exist.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
