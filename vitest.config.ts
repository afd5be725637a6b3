import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Workspace packages resolve to their TypeScript sources (the `@liaison/source` export condition), so
 * tests never need a build; published consumers get `dist/` through the `default` condition.
 */
export const SOURCE_CONDITION = '@liaison/source';

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'apps/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.tsx',
      'tests/e2e/**/*.test.ts',
      'tests/build/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: integration files each start a server with its own embedded database.
    maxWorkers: 2,
  },
});
