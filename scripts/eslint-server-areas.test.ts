import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, test } from 'vitest';
import serverAreas from './eslint-server-areas.mjs';

// The lint rule that keeps the server's areas free of import cycles, run on the real src/server: sharing imports
// study (its engine, to describe a course), so study importing sharing would close a cycle.
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'server-areas': serverAreas },
    rules: { 'server-areas/no-area-cycle': 'error' },
  },
] as Linter.Config[];
const lint = (file: string, code: string) => linter.verify(code, config, { filename: path.resolve(file) }).map((message) => message.message);

test('refuses an import that closes a cycle between two areas, naming the way back', () => {
  const [message, ...others] = lint('src/server/study/probe.ts', "import { requireStudyFile } from '../sharing/study-access';\n");
  expect(others).toEqual([]);
  expect(message).toMatch(/^Area 'study' imports 'sharing', which leads back to 'study' \(study → sharing → study; first by sharing\/\S+ → \.\.\/study\//);
});

test('lets an area import one that does not lead back, its own files, and the top of src/server', () => {
  expect(lint('src/server/sharing/probe.ts', "import { x } from '../study/engines/engine';\nimport { y } from './permissions';\nimport { z } from '../errors';\n")).toEqual([]);
});

test('leaves tests and test support alone: they may import any area', () => {
  expect(lint('src/server/study/probe.test.ts', "import { x } from '../sharing/study-access';\n")).toEqual([]);
  expect(lint('src/server/test/probe.ts', "import { x } from '../sharing/study-access';\n")).toEqual([]);
});
