import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': path.resolve('src/shared'), '@client': path.resolve('src/client') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup/console-guard.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console-guard.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'corpus',
          include: ['tests/corpus/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
