import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

// The closing line is what the CI reader reads: it must add up every stage and never say "0 failed" on a red run.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function reportsDir(stages: Record<string, Record<string, unknown> | string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-ci-summary-'));
  dirs.push(dir);
  for (const [file, report] of Object.entries(stages)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), typeof report === 'string' ? report : JSON.stringify(report));
  }
  return dir;
}

function summarize(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/ci-summary.mjs', dir, ...args], { encoding: 'utf8' });
  return { status: result.status, lastLine: result.stdout.trimEnd().split('\n').at(-1), stdout: result.stdout };
}

const vitest = (passed: number, failed: number, extra: Record<string, unknown> = {}) => ({
  numTotalTests: passed + failed,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [],
  ...extra,
});
const playwright = (stats: Record<string, number>) => ({ suites: [], errors: [], stats });

test('adds up Vitest and Playwright reports of every stage', () => {
  const dir = reportsDir({
    'npm-test/vitest-1.json': vitest(200, 0),
    'npm-test/playwright.json': playwright({ expected: 8, unexpected: 0, flaky: 1, skipped: 0 }),
    'postgres/vitest-2.json': vitest(60, 0),
    'corpus/vitest-3.json': vitest(0, 0),
  });
  const summary = summarize(dir);
  expect(summary.lastLine).toBe('269 passed, 0 failed');
  expect(summary.stdout).toContain('corpus: 0 passed, 0 failed, 0 skipped (no tests)');
  expect(summary.status).toBe(0);
});

test('counts failing tests, files that failed to load, and skipped tests', () => {
  const brokenFile = { status: 'failed', assertionResults: [], message: 'SyntaxError' };
  const dir = reportsDir({
    'npm-test/vitest-1.json': vitest(10, 2, { numPendingTests: 1, testResults: [brokenFile] }),
    'npm-test/playwright.json': playwright({ expected: 3, unexpected: 1, flaky: 0, skipped: 2 }),
  });
  const summary = summarize(dir);
  expect(summary.lastLine).toBe('13 passed, 4 failed, 3 skipped');
  expect(summary.status).toBe(1);
});

test('a stage that failed without a failing test (lint, build, no report at all) counts as one failure', () => {
  const dir = reportsDir({ 'npm-test/vitest-1.json': vitest(5, 0) });
  const summary = summarize(dir, '--failed-stage', 'npm-test', '--failed-stage', 'postgres');
  expect(summary.lastLine).toBe('5 passed, 2 failed');
  expect(summary.status).toBe(1);
});

test('shows how long each stage took, when .ci/run recorded it', () => {
  const dir = reportsDir({
    'npm-test/vitest-1.json': vitest(5, 0),
    'npm-test/duration-seconds': '754\n',
    'node22/vitest-2.json': vitest(3, 0),
  });
  const summary = summarize(dir);
  expect(summary.stdout).toContain('npm-test: 5 passed, 0 failed, 0 skipped, in 12m 34s\n');
  expect(summary.stdout).toContain('node22: 3 passed, 0 failed, 0 skipped\n');
  expect(summary.lastLine).toBe('8 passed, 0 failed');
});

test('names each failed test with its first error line, the last lines of a log being all a CI reader may see', () => {
  const failedSpec = {
    file: 'upload.spec.ts',
    line: 126,
    title: 'a PDF without a text layer fails',
    tests: [{ status: 'unexpected', projectName: 'desktop', results: [{ error: { message: '\u001b[31mTimed out 20000ms\u001b[39m\n  waiting for …' } }] }],
  };
  const passedSpec = { file: 'viewer.spec.ts', line: 9, title: 'opens', tests: [{ status: 'expected', projectName: 'desktop', results: [] }] };
  const dir = reportsDir({
    'npm-test/vitest-1.json': vitest(4, 1, {
      testResults: [
        {
          name: path.resolve('src/a.test.ts'),
          status: 'failed',
          assertionResults: [{ status: 'failed', fullName: 'adds up', failureMessages: ['AssertionError: expected 1 to be 2\n at …'] }],
        },
      ],
    }),
    'npm-test/playwright.json': {
      ...playwright({ expected: 1, unexpected: 1, flaky: 0, skipped: 0 }),
      suites: [{ title: 'upload.spec.ts', specs: [], suites: [{ specs: [failedSpec, passedSpec] }] }],
    },
  });
  const summary = summarize(dir);
  expect(summary.stdout).toContain('    ✗ src/a.test.ts › adds up — AssertionError: expected 1 to be 2 at …\n');
  expect(summary.stdout).toContain('    ✗ upload.spec.ts:126 [desktop] › a PDF without a text layer fails — Timed out 20000ms waiting for …\n');
  expect(summary.stdout).not.toContain('viewer.spec.ts');
  expect(summary.lastLine).toBe('5 passed, 2 failed');
});
