import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every namespace file of every language: English and German must have the same keys and no empty text, so a
 * string added in one language and forgotten in the other fails here, whichever feature owns it.
 */
const localesDir = path.dirname(new URL(import.meta.url).pathname);
const namespaces = readdirSync(path.join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

function load(language: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8'));
}

/** Every leaf's dotted path (array items by index), so a missing translation shows by name. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaf(tree: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
}

it('English and German have the same namespace files', () => {
  expect(readdirSync(path.join(localesDir, 'de')).filter((file) => file.endsWith('.json')).sort()).toEqual(
    [...namespaces].sort(),
  );
});

describe.each(namespaces)('%s', (file) => {
  const en = load('en', file);
  const de = load('de', file);

  it('has the same keys in English and German', () => {
    expect(keyPaths(de).sort()).toEqual(keyPaths(en).sort());
  });

  it('leaves no text empty', () => {
    const texts = [...keyPaths(en).map((key) => leaf(en, key)), ...keyPaths(de).map((key) => leaf(de, key))];
    expect(texts.filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });
});

/** A number and its per cent sign on one line in every language: "100 %" must not break into "100" and "%". */
it('keeps a percentage together with a non-breaking space, never an ordinary one', () => {
  const broken = ['en', 'de'].flatMap((language) =>
    namespaces.flatMap((file) => {
      const tree = load(language, file);
      return keyPaths(tree)
        .filter((key) => /(\d|\}\})\s%/u.test(String(leaf(tree, key)).replaceAll('\u00a0%', '%')))
        .map((key) => `${language}/${file}: ${key}`);
    }),
  );
  expect(broken).toEqual([]);
});
