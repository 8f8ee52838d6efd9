import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { assertAnswersDocumented } from './mock-api';

// Lazy routes are transformed on first import, which can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; React Router's <ScrollRestoration> calls scrollTo on every navigation.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// Testing Library only cleans up by itself when test globals are enabled.
afterEach(() => {
  cleanup();
  // Files share a worker's jsdom (client/vite.config.ts): leave no fake clock behind.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  assertAnswersDocumented();
});
