import { describe, expect, it } from 'vitest';
import deCommon from '../../locales/de/common.json';
import dePages from '../../locales/de/pages.json';
import deShell from '../../locales/de/shell.json';
import enCommon from '../../locales/en/common.json';
import enPages from '../../locales/en/pages.json';
import enShell from '../../locales/en/shell.json';

/** Every leaf's dotted path, so a missing translation shows by name. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaf(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
}

describe.each([
  ['shell', enShell, deShell],
  ['pages', enPages, dePages],
  ['common', enCommon, deCommon],
])('%s translations', (_namespace, en, de) => {
  it('have the same keys in English and German', () => {
    expect(keyPaths(de).sort()).toEqual(keyPaths(en).sort());
  });

  it('leave no text empty', () => {
    const empty = [...keyPaths(en).map((path) => leaf(en, path)), ...keyPaths(de).map((path) => leaf(de, path))].filter(
      (text) => typeof text !== 'string' || text.trim() === '',
    );
    expect(empty).toEqual([]);
  });
});

describe('spec strings', () => {
  it('quote the English texts of spec §2 exactly', () => {
    expect(enShell.search.placeholder).toBe('Search files and courses...');
    expect(enShell.shared.newCourses).toBe('New courses');
    expect(enShell.shared.find).toBe('Find a course');
    expect(enShell.shared.empty).toBe('No shared courses yet');
    expect(enShell.header.viewFile).toBe('View File');
    expect(enShell.header.share).toBe('Share');
    expect(enShell.signIn.link).toBe('Sign In');
    expect(enShell.plan.label).toBe('{{plan}} Plan');
  });
});
