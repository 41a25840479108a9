import { describe, expect, test } from 'vitest';
import { allowConsoleError, ConsoleGuard } from './console-guard';

describe('ConsoleGuard', () => {
  test('fails the check on an unannounced message and names it', () => {
    const guard = new ConsoleGuard();
    guard.record(['request %s failed', 'user.getUser']);
    expect(() => guard.check('during this test')).toThrow(/request user\.getUser failed/);
  });

  test('passes an announced message, and the allowance ends with the check', () => {
    const guard = new ConsoleGuard();
    guard.allow(/expected failure/);
    guard.record(['an expected failure']);
    expect(() => guard.check('during this test')).not.toThrow();
    guard.record(['an expected failure']);
    expect(() => guard.check('during this test')).toThrow(/an expected failure/);
  });

  test('a string matcher allows messages containing it, and only those', () => {
    const guard = new ConsoleGuard();
    guard.allow('Failed to load');
    guard.record(['Failed to load resource: 401']);
    guard.record(['something else']);
    expect(() => guard.check('during this test')).toThrow(/something else/);
  });
});

test('allowConsoleError lets the current test log the message it announced', () => {
  allowConsoleError('announced on purpose by the console guard test');
  console.error('announced on purpose by the console guard test');
});
