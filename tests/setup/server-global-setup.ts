import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresDatabases, writePgliteSnapshot } from '../../src/server/test/database';

/**
 * Runs once before the server suite. With TEST_DATABASE_URL (CI's PostgreSQL stage) every test file creates its own
 * database on that server, named with this run's prefix; otherwise one migrated PGlite is dumped for files to load.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const namePrefix = `studypath_test_${Date.now().toString(36)}_${process.pid}_`;
    project.provide('testDatabase', { kind: 'postgres', serverUrl, namePrefix });
    return () => dropPostgresDatabases(serverUrl, namePrefix);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-snapshot-'));
  const snapshotFile = path.join(dir, 'migrated.tar');
  await writePgliteSnapshot(snapshotFile);
  project.provide('testDatabase', { kind: 'pglite', snapshotFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
