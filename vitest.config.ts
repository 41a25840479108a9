import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': path.resolve('src/shared'), '@client': path.resolve('src/client') };

// With TEST_REPORT_DIR set (CI), a JSON report is written there too, for the closing "N passed, N failed" line.
const reportDir = process.env.TEST_REPORT_DIR;
const reporting = reportDir
  ? { reporters: ['default', 'json'], outputFile: { json: path.resolve(reportDir, `vitest-${process.pid}.json`) } }
  : {};

export default defineConfig({
  resolve: { alias },
  test: {
    ...reporting,
    // Both cores of the CI machine (the default leaves one idle); server tests wait on I/O and child processes a lot.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'tests/setup/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/console-guard.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console-guard.ts'],
          globalSetup: ['tests/setup/server-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files share a worker's module cache: loading better-auth, drizzle and pg-boss once per worker instead of
          // once per file saves about a second a file. Each file still gets its own services and database; what this
          // asks of tests is no module-level state they depend on and no vi.mock of modules (DESIGN §10 forbids both).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'corpus',
          include: ['tests/corpus/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console-guard.ts'],
          // upload.test.ts runs a real server on the test database, as the server suite does.
          globalSetup: ['tests/setup/server-global-setup.ts'],
          pool: 'forks',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
