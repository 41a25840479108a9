import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * Every test fails on a console.error it did not announce: React warnings, failed renders and swallowed errors all
 * arrive there, and a green run must not hide them. A test that provokes one on purpose says so first:
 *
 *   import { allowConsoleError } from '../../tests/setup/console-guard';
 *   allowConsoleError(/Failed to load statistics/);
 *
 * The allowance lasts until the end of the current test. Unexpected messages are printed where they happen as well;
 * allowed ones are not, so that a green run's output holds no error that is not one.
 */
export type ConsoleErrorMatcher = RegExp | string;

export class ConsoleGuard {
  private allowed: ConsoleErrorMatcher[] = [];
  private unexpected: string[] = [];

  allow(matcher: ConsoleErrorMatcher): void {
    this.allowed.push(matcher);
  }

  /** Notes a console.error call; answers whether it was allowed. */
  record(args: unknown[]): boolean {
    const message = format(...args);
    const isAllowed = this.allowed.some((matcher) =>
      typeof matcher === 'string' ? message.includes(matcher) : matcher.test(message),
    );
    if (!isAllowed) this.unexpected.push(message);
    return isAllowed;
  }

  /** Forgets the allowances and throws if anything unannounced was logged since the last check. */
  check(when: string): void {
    this.allowed = [];
    const messages = this.unexpected.splice(0);
    if (messages.length > 0) {
      throw new Error(
        `Unexpected console.error ${when} (call allowConsoleError(...) if it is expected):\n${messages.join('\n---\n')}`,
      );
    }
  }
}

/**
 * One guard per process: without isolation (the server project) this file runs again before every test file in the
 * same worker, and wrapping console.error again each time would stack wrappers.
 */
function installedGuard(): ConsoleGuard {
  const key = Symbol.for('studypath.console-guard');
  const store = globalThis as { [key]?: ConsoleGuard };
  const existing = store[key];
  if (existing) return existing;
  const created = new ConsoleGuard();
  const originalError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (!created.record(args)) originalError(...args);
  };
  store[key] = created;
  return created;
}

const guard = installedGuard();

/** Allows console.error messages matching `matcher` until the current test ends. */
export function allowConsoleError(matcher: ConsoleErrorMatcher): void {
  guard.allow(matcher);
}

afterEach(() => guard.check('during this test'));
afterAll(() => guard.check('outside any test (in a beforeAll/afterAll hook or at import)'));
