/**
 * The fault suite against the built server: `node dist/server/main.js` (and worker.js) as
 * production runs them, each on a temporary DATA_DIR and a free port. Prints what happened and a PASS/FAIL line per
 * check; exits 1 when any check failed. See bench/faults/README.md.
 *
 *   npm run bench:faults                          every fault
 *   npm run bench:faults -- --only kill,outage    some of them: kill, outage, disk
 *   npm run bench:faults -- --db pglite           kill -9 on one database only (default: pglite and postgres)
 *   npm run bench:faults -- --no-build            run dist/server as it is
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildServer, testdata } from './app';
import { diskFault } from './disk';
import { killFault } from './kill';
import { outageFault } from './outage';
import { scratchPostgresUnavailable, startScratchPostgres, type ScratchPostgres } from './postgres';
import { Report } from './report';

const faults = ['kill', 'outage', 'disk'] as const;
type Fault = (typeof faults)[number];

const { values: options } = parseArgs({
  options: {
    only: { type: 'string', default: faults.join(',') },
    db: { type: 'string', default: 'pglite,postgres' },
    'no-build': { type: 'boolean', default: false },
  },
});
const only = new Set(options.only.split(',').map((name) => name.trim()));
const unknown = [...only].filter((name) => !faults.includes(name as Fault));
if (unknown.length > 0) throw new Error(`unknown fault ${unknown.join(', ')}; choose from ${faults.join(', ')}`);
const databases = options.db.split(',').map((name) => name.trim());

// The AWS SDK's one-time notice about Node versions would land in the middle of the report.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const report = new Report();
if (!existsSync(testdata)) {
  report.begin('set-up', 'real files');
  report.notRun(`the test documents are not at ${testdata}`);
  process.exit(report.summary());
}
if (!options['no-build']) buildServer();

const needsPostgres = only.has('outage') || (only.has('kill') && databases.includes('postgres'));
const postgresProblem = needsPostgres ? scratchPostgresUnavailable() : null;
let postgres: ScratchPostgres | null = null;
try {
  if (needsPostgres && !postgresProblem) postgres = await startScratchPostgres();
  if (only.has('kill')) {
    for (const database of databases) {
      if (database === 'postgres' && !postgres) {
        report.begin('kill-9 (postgres)', 'kill -9 on PostgreSQL');
        report.notRun(postgresProblem ?? 'no PostgreSQL');
        continue;
      }
      await killFault(report, database === 'postgres' ? 'postgres' : 'pglite', database === 'postgres' ? postgres : null);
    }
  }
  if (only.has('outage')) {
    if (postgres) await outageFault(report, postgres);
    else {
      report.begin('database outage', 'PostgreSQL unreachable for 10 s');
      report.notRun(postgresProblem ?? 'no PostgreSQL');
    }
  }
  if (only.has('disk')) await diskFault(report);
} finally {
  postgres?.destroy();
}
process.exit(report.summary());
