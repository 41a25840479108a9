// Reads the JSON reports the test runners wrote during CI (one folder per stage, from TEST_REPORT_DIR) and prints
// per-stage counts (and durations, from a stage's `duration-seconds` file) and the closing line the CI reader looks
// for: `N passed, N failed` (`, N skipped` when any).
// Usage: node scripts/ci-summary.mjs <reports dir> [--failed-stage <name>]... ; exits 1 when anything failed.
// A stage that failed without a failing test in its report (lint, typecheck, build, a crashed runner) counts as one
// failure, so a red run never closes with "0 failed".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Counts of one report: Vitest's JSON reporter (Jest's format) or Playwright's JSON reporter. */
function countsOf(report) {
  if (report.stats && Array.isArray(report.suites)) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
  }
  if (typeof report.numTotalTests === 'number') {
    // A file that failed to load (syntax error, failing top-level await) has no test results, only its own status.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((result) => result.status === 'failed'),
    ).length;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  throw new Error('not a Vitest or Playwright JSON report');
}

/** ANSI colours out, one line, at most `length` characters. */
function oneLine(text, length = 240) {
  // eslint-disable-next-line no-control-regex -- the escape sequences of coloured output are what is removed
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').replace(/\s+/g, ' ').trim();
  return plain.length > length ? `${plain.slice(0, length - 1)}…` : plain;
}

/** "file:line › title — first words of the error" for each failed test of a report. */
function failuresOf(report) {
  const failures = [];
  if (report.stats && Array.isArray(report.suites)) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = (test.results ?? []).map((result) => result.error?.message).find(Boolean);
          failures.push(`${spec.file}:${spec.line} [${test.projectName}] › ${spec.title} — ${oneLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites) walk(suite);
    for (const error of report.errors ?? []) failures.push(`(outside a test) ${oneLine(error.message)}`);
  } else {
    for (const file of report.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((result) => result.status === 'failed');
      for (const result of failed) failures.push(`${name} › ${result.fullName} — ${oneLine(result.failureMessages?.[0])}`);
      if (file.status === 'failed' && failed.length === 0) failures.push(`${name} — ${oneLine(file.message)}`);
    }
  }
  return failures;
}

function stageCounts(dir) {
  const total = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
    const file = path.join(dir, name);
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const counts = countsOf(report);
      for (const key of ['passed', 'failed', 'skipped']) total[key] += counts[key];
      total.failures.push(...failuresOf(report));
    } catch (error) {
      console.log(`  ${file}: unreadable report (${error.message}); counted as 1 failed`);
      total.failed += 1;
    }
  }
  return total;
}

/** ", in 12m 05s" from the stage's duration-seconds file (.ci/run writes it), or nothing. */
function durationOf(dir) {
  const file = path.join(dir, 'duration-seconds');
  if (!existsSync(file)) return '';
  const seconds = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isFinite(seconds)) return '';
  return `, in ${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

function parseArguments(argv) {
  const [reportsDir, ...rest] = argv;
  if (!reportsDir) throw new Error('usage: ci-summary.mjs <reports dir> [--failed-stage <name>]...');
  const failedStages = new Set();
  for (let index = 0; index < rest.length; index += 2) {
    if (rest[index] !== '--failed-stage' || !rest[index + 1]) throw new Error(`unexpected argument: ${rest[index]}`);
    failedStages.add(rest[index + 1]);
  }
  return { reportsDir, failedStages };
}

const { reportsDir, failedStages } = parseArguments(process.argv.slice(2));
const stages = existsSync(reportsDir)
  ? readdirSync(reportsDir).filter((name) => statSync(path.join(reportsDir, name)).isDirectory()).sort()
  : [];
const total = { passed: 0, failed: 0, skipped: 0 };
console.log('Test summary by stage:');
for (const stage of new Set([...stages, ...failedStages])) {
  const counts = stages.includes(stage) ? stageCounts(path.join(reportsDir, stage)) : { passed: 0, failed: 0, skipped: 0 };
  let note = counts.passed + counts.failed + counts.skipped === 0 ? ' (no tests)' : '';
  if (failedStages.has(stage) && counts.failed === 0) {
    counts.failed = 1;
    note += ' (the stage failed outside its tests; counted as 1 failed)';
  }
  const took = stages.includes(stage) ? durationOf(path.join(reportsDir, stage)) : '';
  console.log(`  ${stage}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}${took}`);
  // Which tests failed, and why in a line: the end of the log is often all a reader of CI gets to see.
  const failures = counts.failures ?? [];
  for (const failure of failures.slice(0, 15)) console.log(`    ✗ ${failure}`);
  if (failures.length > 15) console.log(`    … and ${failures.length - 15} more`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exitCode = total.failed > 0 ? 1 : 0;
