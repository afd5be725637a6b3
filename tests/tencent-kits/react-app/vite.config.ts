import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Tencent's sample chat built as a port would build it: `@tencentcloud/chat` is aliased to the
 * built Liaison SDK and nothing else changes. React, the kit and its engine resolve from
 * tests/tencent-kits/node_modules (React 18), never from the product's React 19.
 */
const SDK_DIST = fileURLToPath(new URL('../../../packages/sdk/dist/index.js', import.meta.url));
const KITS_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@tencentcloud\/chat$/, replacement: SDK_DIST }],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 8_000,
  },
  server: { fs: { allow: [KITS_MODULES] } },
});
