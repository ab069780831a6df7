/**
 * Runs before every test file. The files share one jsdom per worker (the project does not isolate
 * them), so each test leaves the document and storage empty, and each file leaves behind no page
 * language, direction or theme, fake timers, stubbed globals or mocks, and its modules (the
 * stores with them) are loaded afresh for the next file.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterAll(() => {
  // The language, direction and theme a file's providers set on the page.
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});
