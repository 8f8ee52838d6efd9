import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The npm scripts run from the repository root with --config client/vite.config.ts,
// so every path is anchored to this file rather than to the working directory.
const clientDir = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * Test files that replace a module with vi.mock: they need a module registry of their own
 * (another file may already have imported the real module). Every other file shares its
 * worker's registry and jsdom (isolate: false), which takes the client suites from minutes
 * to seconds; the setup file's afterEach undoes what a test may leave behind (the rendered
 * tree, stubbed globals, spies, fake timers).
 */
const TEST_FILE = /\.test\.tsx?$/;
const mocksModules = readdirSync(join(clientDir, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file) && /\bvi\.mock\(/.test(readFileSync(join(clientDir, 'src', file), 'utf8')))
  .map((file) => `src/${file}`);

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
    // Vitest's default on a 2-core machine is one worker.
    maxWorkers: 2,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocksModules, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocksModules } },
    ],
  },
});
