import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_AUTH, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/dashboard', '/summary?uuid=a1&id=b2', '/learn#unit-2', '/', '/courses?search=%2F%2Fx'])(
    'keeps the same-origin path %j',
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );

  it.each([
    undefined,
    '',
    'dashboard',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /dashboard',
    'http:/evil.example',
  ])('falls back to the dashboard for %j', (target) => {
    expect(safeRedirect(target)).toBe(DEFAULT_AFTER_AUTH);
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example', '/settings')).toBe('/settings');
  });
});
