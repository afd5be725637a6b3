import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from '../support/source-condition';

export default defineConfig({
  // Without Vite's "module" condition: Node tests resolve packages as Node does (the AWS SDK's
  // "module" builds import files without extensions, which Node cannot load).
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: {
    include: ['tests/scale/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
