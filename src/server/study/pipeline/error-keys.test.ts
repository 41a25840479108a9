import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { failureMessages, ingestErrorKeys, type FailureText } from '../../ingest/types';
import { llmEngineErrorKeys, llmEngineErrors } from '../engines/llm/llm-engine';
import { localEngineErrorKeys } from '../engines/local/local-engine';
import { pipelineErrorKeys, studyFailures, type StudyFailure } from './pipeline';

/**
 * Every failure the server can store with a file or an artefact is shown to the student in their language: each key
 * has English and German text, and the text's placeholders ({{plan}}, {{limit}}, …) are exactly the params the server
 * sends with it ('count' only picks the plural form, so a text need not show it).
 */

const languages = ['en', 'de'] as const;
const locales = path.resolve('src/client/locales');
const load = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** The texts of `key`: the key itself, or its plural forms ('key_one', 'key_other', …). */
function textsOf(texts: Record<string, unknown>, key: string): [string, string][] {
  return Object.entries(texts)
    .filter(([name, value]) => (name === key || name.replace(/_(zero|one|two|few|many|other)$/, '') === key) && typeof value === 'string')
    .map(([name, value]) => [name, value as string]);
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? ''))].sort();

/** For each key, whether each language has its text with the params as placeholders: `[]` when all is well. */
function problemsOf(namespace: string, params: Map<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    const texts = load(language, namespace);
    for (const [key, names] of params) {
      const forms = textsOf(texts, key);
      if (forms.length === 0) problems.push(`${language}/${namespace}.json has no text for '${key}'`);
      const expected = names.filter((name) => name !== 'count').sort();
      for (const [name, text] of forms) {
        const found = placeholders(text).filter((placeholder) => placeholder !== 'count' || !names.includes('count'));
        if (found.join() !== expected.join()) {
          problems.push(`${language}/${namespace}.json '${name}' has {{${found.join('}}, {{')}}}, the server sends {${expected.join(', ')}}`);
        }
      }
    }
  }
  return problems;
}

const paramNames = (failure: { params?: Record<string, string | number> }) => Object.keys(failure.params ?? {});

describe('study failures', () => {
  // One sample of each failure the pipeline stores; a key added to pipelineErrorKeys does not compile until it is here.
  const pipelineFailures: Record<(typeof pipelineErrorKeys)[number], StudyFailure> = {
    mindMapQuota: studyFailures.mindMapQuota('Free', 10),
    deckQuota: studyFailures.deckQuota('Pro', 1000),
    failedAfterRetries: studyFailures.failedAfterRetries,
  };
  const studyParams = new Map<string, readonly string[]>([
    ...pipelineErrorKeys.map((key) => [key, paramNames(pipelineFailures[key])] as const),
    ...localEngineErrorKeys.map((key) => [key, []] as const),
    ...llmEngineErrorKeys.map((key) => [key, llmEngineErrors[key]] as const),
  ]);

  test('the samples are the failures of their keys', () => {
    for (const [key, failure] of Object.entries(pipelineFailures)) expect(failure.key).toBe(key);
  });

  test('every key the pipeline and both engines store has English and German text with the params as placeholders', () => {
    expect(studyParams.size).toBeGreaterThan(10);
    expect(problemsOf('study', studyParams)).toEqual([]);
  });

  test('every key thrown in the study code is listed by its engine', () => {
    const thrown = new Set<string>();
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const at = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(at);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const source = readFileSync(at, 'utf8');
          for (const match of source.matchAll(/\b(?:StudyEngineError|failure)\(\s*'(\w+)'/g)) thrown.add(match[1] ?? '');
        }
      }
    };
    visit(path.resolve('src/server/study'));
    expect(thrown.size).toBeGreaterThan(5);
    expect([...thrown].filter((key) => !studyParams.has(key))).toEqual([]);
  });
});

describe('ingest failures', () => {
  // One sample of each failure a file can end with: every entry of failureMessages (the functions' params are all
  // numbers: pages and limits, bytes, milliseconds), and tooManyPages' other key.
  const samples: FailureText[] = [
    ...Object.values(failureMessages).map((entry) => (typeof entry === 'function' ? (entry as (...args: number[]) => FailureText)(3, 2) : entry)),
    failureMessages.tooManyPages(5, 1, true),
  ];

  test('the samples cover every key the ingest stores', () => {
    expect(new Set(samples.map((failure) => failure.key))).toEqual(new Set(ingestErrorKeys));
  });

  test('every key has English and German text with the params as placeholders', () => {
    const params = new Map(samples.map((failure) => [failure.key, paramNames(failure)] as const));
    expect(problemsOf('ingest', params)).toEqual([]);
  });
});
