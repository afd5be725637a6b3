import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './tests/support/source-condition';

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  // Without Vite's "module" condition: Node tests resolve packages as Node does (the AWS SDK's
  // "module" builds import files without extensions, which Node cannot load).
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The server's suites share a worker's loaded modules (each file still starts its own
          // servers): importing the server once per worker instead of once per file took the
          // suites from 262 to 163 s.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'kit',
          include: ['packages/chat-ui/src/**/*.test.ts', 'packages/chat-ui/src/**/*.test.tsx'],
          // The kit's component suites clean up after themselves: unisolated, its 84 files took
          // 100 s instead of 153 s (import 90 s → 18 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'packages/protocol/src/**/*.test.ts',
            'packages/sdk/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'bench/**/*.test.ts',
          ],
          // Each file in its own module graph. The web app's suites share routing, stores and
          // storage through the page's globals, and the SDK's call engine finds the page globals a
          // kit suite left: unisolated, both fail.
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/tencent-kits/*.test.ts'],
          // Node drives Chromium here (no jsdom): the specs share a worker's loaded server and
          // Playwright modules like the server's suites.
          isolate: false,
          // expect.poll's 1 s default is shorter than a page's first data load under CI's load:
          // a CI run read 部署方案's switch before its state arrived. A poll that succeeds returns at once.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
    // Generous: the browser specs run beside upload and image tests on two cores, and a wait that
    // succeeds returns at once; only a real fault waits this long.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // On CI (two cores, component tests against a real server beside browser specs) a test that
    // fails once is run once more: vitest still reports it as flaky in the output, to be mended,
    // while one that fails twice fails the run. Locally every failure counts at once.
    retry: process.env.CI ? 1 : 0,
    // Two cores: integration files each start a server with its own embedded database.
    maxWorkers: 2,
  },
});
