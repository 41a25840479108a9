import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * In the production build only the core namespaces ship with the first chunk; every other one is fetched when asked
 * for (lib/i18n.ts). A text whose namespace nobody asked for would show as its raw key (or, read through
 * `useTranslation`, suspend and fetch late). This reads the client's sources and holds two rules:
 *
 * 1. Every file reads only namespaces that are core or listed in its own `useTranslation(...)` calls: `t('ns:key')`,
 *    key constants such as `'ns:key'`, `ns="..."`, `{ ns: '...' }`, `namespace="..."` (components/load-failed.tsx).
 *    A file without `useTranslation` (a helper handed the caller's `t`) passes its namespaces on to the files importing
 *    it.
 * 2. Every place that loads a chunk of components and asks for their texts at the same time — a route with a lazy page
 *    (its `loader`, plus its parent route's), or a `lazy()` that calls `loadNamespaces` — asks for every namespace the
 *    chunk's components read, following static imports and the chunk's own `import()`s that ask for nothing.
 *
 * A plain reading of the text, not a parser: it relies on the code's formatting (one top-level statement per
 * unindented line) and on keys being literals. Comments are left out first.
 */
const clientDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const relative = (file: string) => path.relative(clientDir, file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === clientDir ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const NAMESPACES = readdirSync(path.join(clientDir, 'locales/en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

const i18nSource = readFileSync(path.join(clientDir, 'lib/i18n.ts'), 'utf8');
const CORE = [...(/CORE_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(i18nSource)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map((match) => match[1]!);

/** Block comments, and line comments not preceded by `:` or a quote (so `https://` in strings stays). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const quoted = (list: string) => [...list.matchAll(/['"`]([\w-]+)['"`]/g)].map((match) => match[1]!);

interface SourceFile {
  /** Namespaces listed in its useTranslation calls (none given: the default namespace, `common`). */
  declared: Set<string>;
  translates: boolean;
  /** Namespaces its texts name. */
  reads: Set<string>;
  staticImports: string[];
  dynamicImports: { target: string; statement: string }[];
  statements: string[];
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@client/')) base = path.join(clientDir, specifier.slice('@client/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (candidate.startsWith(clientDir + path.sep) && files.has(candidate)) return candidate;
  }
  return null;
}

/** Top-level statements: each starts on an unindented line that does not close a bracket. */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  for (const line of text.split('\n')) {
    if (/^[^\s)\]}]/.test(line) || statements.length === 0) statements.push(line);
    else statements[statements.length - 1] += `\n${line}`;
  }
  return statements;
}

function parse(file: string, text: string): SourceFile {
  const code = withoutComments(text);
  const declared = new Set<string>();
  let translates = false;
  for (const match of code.matchAll(/\buseTranslation\(\s*([^)]*)\)/g)) {
    translates = true;
    const argument = match[1]!.trim();
    if (argument === '') declared.add('common');
    for (const namespace of quoted(argument)) declared.add(namespace);
  }
  const reads = new Set<string>();
  const prefixed = new RegExp(`['"\`](${NAMESPACES.join('|')}):[\\w$.{]`, 'g');
  for (const match of code.matchAll(prefixed)) reads.add(match[1]!);
  for (const match of code.matchAll(/\b(?:ns|namespace)\s*[=:]\s*\{?\s*(\[[^\]]*\]|['"`][\w-]+['"`])/g)) {
    for (const namespace of quoted(match[1]!)) reads.add(namespace);
  }
  const staticImports = [...code.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^'"`;]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .filter((match) => !match[1] && !(match[2] && isAllTypes(match[2])))
    .map((match) => match[3]!);
  const statements = statementsOf(code);
  const dynamicImports = statements.flatMap((statement) =>
    [...statement.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => ({ target: match[1]!, statement })),
  );
  return { declared, translates, reads, staticImports, dynamicImports, statements };
}

/** `import { type A, type B } from` imports nothing at run time. */
function isAllTypes(clause: string): boolean {
  const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1]?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

const files = new Map<string, SourceFile>();
for (const file of sourceFiles(clientDir)) files.set(file, parse(file, ''));
for (const file of files.keys()) files.set(file, parse(file, readFileSync(file, 'utf8')));

const loadedBy = (statement: string) => [...statement.matchAll(/\bloadNamespaces\(([^)]*)\)/g)].flatMap((match) => quoted(match[1]!));
/** A dynamic import whose statement fetches texts too: a route (its loader), or a `lazy()` calling loadNamespaces. */
const asksForTexts = (statement: string) => /\bcreateRoute\(/.test(statement) || /\bloadNamespaces\(/.test(statement);

/** What a helper's readers must have: its own reads and its helpers', through static imports of helpers. */
function passedOn(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = files.get(file)!;
  for (const namespace of source.reads) found.add(namespace);
  for (const specifier of source.staticImports) {
    const target = resolveImport(file, specifier);
    if (target && !files.get(target)!.translates) for (const namespace of passedOn(target, seen)) found.add(namespace);
  }
  return found;
}

/** Every namespace the components in `file`'s chunk (with what it imports, not behind its own loading) may read. */
function chunkNamespaces(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = files.get(file)!;
  for (const namespace of [...source.declared, ...source.reads]) found.add(namespace);
  const targets = [
    ...source.staticImports,
    ...source.dynamicImports.filter((site) => !asksForTexts(site.statement)).map((site) => site.target),
  ];
  for (const specifier of targets) {
    const target = resolveImport(file, specifier);
    if (target) for (const namespace of chunkNamespaces(target, seen)) found.add(namespace);
  }
  return found;
}

/** The namespaces the loader of the route exported as `name` fetches (routes/*.tsx). */
function routeLoads(name: string): string[] {
  for (const [file, source] of files) {
    if (!file.startsWith(path.join(clientDir, 'routes') + path.sep)) continue;
    const statement = source.statements.find((candidate) => new RegExp(`^export const ${name}\\b`).test(candidate));
    if (statement) return loadedBy(statement);
  }
  return [];
}

/** The namespaces available when the chunk a statement loads renders: its own fetch, its parent route's, and core. */
function availableAt(statement: string): Set<string> {
  const parent = /getParentRoute:\s*\(\)\s*=>\s*(\w+)/.exec(statement)?.[1];
  return new Set([...CORE, ...loadedBy(statement), ...(parent ? routeLoads(parent) : [])]);
}

const missing = (needed: Iterable<string>, available: Set<string>) => [...needed].filter((namespace) => !available.has(namespace)).sort();

describe('the core namespaces', () => {
  it('are listed once in lib/i18n.ts and agree with its globs', () => {
    expect(CORE).toEqual(['common']);
    const eager = /glob<\w+>\('\.\.\/locales\/en\/\{?([\w,-]*)\}?\.json',\s*\{\s*eager: true/.exec(i18nSource)?.[1]?.split(',');
    const excluded = [...i18nSource.matchAll(/'!\.\.\/locales\/en\/([\w-]+)\.json'/g)].map((match) => match[1]!);
    expect(eager?.sort()).toEqual([...CORE].sort());
    expect(excluded.sort()).toEqual([...CORE].sort());
  });
});

describe('every namespace a file reads', () => {
  const problems: Record<string, { unknown: string[]; undeclared: string[] }> = {};
  for (const [file, source] of files) {
    if (!source.translates) continue;
    const needed = new Set(source.reads);
    for (const specifier of source.staticImports) {
      const target = resolveImport(file, specifier);
      if (target && !files.get(target)!.translates) for (const namespace of passedOn(target)) needed.add(namespace);
    }
    const unknown = [...source.declared, ...needed].filter((namespace) => !NAMESPACES.includes(namespace));
    const undeclared = missing(needed, new Set([...CORE, ...source.declared]));
    if (unknown.length > 0 || undeclared.length > 0) problems[relative(file)] = { unknown, undeclared };
  }

  it('is core or listed in its useTranslation (or its importers’, for a helper without one)', () => {
    expect(problems).toEqual({});
  });
});

describe('every chunk loaded with its texts', () => {
  const sites = [...files].flatMap(([file, source]) =>
    source.dynamicImports
      .filter((site) => asksForTexts(site.statement))
      .map((site) => ({ file, site, target: resolveImport(file, site.target) })),
  );

  it('exists: the routes with lazy pages are found', () => {
    expect(sites.filter((entry) => entry.file.includes(`${path.sep}routes${path.sep}`)).length).toBeGreaterThan(15);
  });

  it('asks only for namespaces that exist', () => {
    const asked = sites.flatMap((entry) => loadedBy(entry.site.statement));
    expect(asked.filter((namespace) => !NAMESPACES.includes(namespace))).toEqual([]);
  });

  it('leaves only core to the first chunk: what main.tsx imports without a fetch of texts reads nothing else', () => {
    expect(missing(chunkNamespaces(path.join(clientDir, 'main.tsx')), new Set(CORE))).toEqual([]);
  });

  it('asks for every namespace its components read', () => {
    const problems: Record<string, string[]> = {};
    for (const { file, site, target } of sites) {
      if (!target) continue;
      const lacking = missing(chunkNamespaces(target), availableAt(site.statement));
      if (lacking.length > 0) problems[`${relative(file)} → ${site.target}`] = lacking;
    }
    expect(problems).toEqual({});
  });
});
