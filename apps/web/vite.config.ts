import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The local server (npm start) answers the portal API and the IM socket. */
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // The kit, SDK and protocol come from their TypeScript sources (see the packages' exports).
  resolve: { conditions: ['@liaison/source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/prod-api': { target: SERVER, changeOrigin: true },
      '/im': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Emoji pictures stay files the browser fetches (and caches) when shown, not base64 in the JS.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
