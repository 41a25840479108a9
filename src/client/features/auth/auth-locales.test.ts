import { describe, expect, it } from 'vitest';
import de from '../../locales/de/auth.json';
import en from '../../locales/en/auth.json';

/** Every leaf's dotted path, array items by index, so a missing translation or an extra list item shows by name. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('auth translations', () => {
  it('have the same keys in English and German', () => {
    expect(keyPaths(de).sort()).toEqual(keyPaths(en).sort());
  });

  it('leave no German text empty', () => {
    const empty = keyPaths(de).filter((path) => {
      const leaf = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], de);
      return typeof leaf !== 'string' || leaf.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
