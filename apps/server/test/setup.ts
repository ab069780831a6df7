/**
 * Runs before every server test file. The files share their workers' module cache (the project
 * does not isolate them), so each file leaves behind no fake timers, mocks, stubbed globals or
 * stubbed environment variables for the next.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
