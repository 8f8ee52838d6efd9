import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The npm scripts run from the repository root with --config client/vite.config.ts,
// so every path is anchored to this file rather than to the working directory.
const clientDir = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: clientDir,
  // Keep Vite's and Vitest's caches in the repository's node_modules, not in client/.
  cacheDir: '../node_modules/.vite',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // .vite/manifest.json: bench/client-size.mjs follows each route's chunks with it.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  test: {
    root: clientDir,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});
