// Lint is part of `npm test`. Besides correctness rules it holds the architecture of DESIGN.md §3 and §10:
// imports run client → shared and server → shared, features do not import each other, shared UI imports no feature,
// only config.ts reads process.env, JSX text goes through i18n, a router never imports another router nor queries the
// database, and the server's areas import one another without a cycle (scripts/eslint-server-areas.mjs).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverAreas from './scripts/eslint-server-areas.mjs';

const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The tRPC routers (one file each, besides their tests): a router imports its area, never another router.
const routers = readdirSync('src/server/trpc/routers').filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // The build scripts (scripts/*.mjs) are plain JavaScript outside tsconfig.json: each is parsed on its own.
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'], maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16 },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
            { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ imports neither side.' },
            { target: './src/client/components', from: './src/client/features', message: 'Shared UI imports no feature.' },
            ...routers.map((name) => ({
              target: `./src/server/trpc/routers/${name}`,
              from: './src/server/trpc/routers',
              except: [`./${name}`],
              message: 'A router never imports another router: what both need belongs to their area (src/server/<area>/).',
            })),
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; move what both need to components/ or lib/.',
            })),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts.',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'server-areas': serverAreas },
    rules: { 'server-areas/no-area-cycle': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test/*', './test/*'], message: 'Product code never imports test support (src/server/test/).' }] },
      ],
    },
  },
  {
    // Routers validate, call their area and map the answer; the queries are the area's (docs/decisions/008).
    files: ['src/server/trpc/routers/*.ts'],
    ignores: ['src/server/trpc/routers/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'A router does not query the database: call a function of its area.' },
            { name: '../../db/client', message: 'A router does not query the database: call a function of its area.' },
          ],
          patterns: [{ group: ['**/test/*'], message: 'Product code never imports test support (src/server/test/).' }],
        },
      ],
    },
  },
  {
    // Hooks live in .ts files too (use-*.ts): the rules of hooks hold there as in components.
    files: ['src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'The client imports server types only.' },
            {
              // Their zod schemas run when the module loads, so one constant from them brings all of zod (~27 KB
              // gzipped) into the chunk: the shell's and the dashboard's must not (issue 21). Forms that validate
              // with the shared schemas (shared/auth, shared/profile) import those on purpose.
              group: ['**/shared/courses', '**/shared/schemas', '**/shared/shared-context'],
              allowTypeImports: true,
              message: 'Read the rules from a zod-free module (shared/course-rules); only types from here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
    },
  },
  {
    files: ['src/server/config.ts', 'scripts/**', 'tests/**', '*.config.ts', '*.config.js', 'bench/**', 'src/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
