import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run, several projects: `npm run test:unit` and `npm run test:e2e` pick by name. */
export default defineConfig({
  test: {
    // Vitest's default is cores - 1 workers: one on two cores, where a core then sits idle whenever
    // a server test waits on a database, a broker or a timer. At least two keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure code without module state to leak: the files share their workers' module cache.
      {
        test: { name: 'contract', root: 'packages/contract', environment: 'node', isolate: false },
      },
      // Fitting radio maps is CPU work: a busy 2-core machine may take several seconds.
      {
        test: {
          name: 'positioning',
          root: 'packages/positioning',
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // The files share their workers' module cache: each file builds its own apps, databases
          // and clients, and the modules hold nothing a file could leak into the next (caches at
          // most). Importing the server afresh per file (a new process each) cost more CPU than
          // many files' tests. test/setup.ts puts back timers, mocks and globals after each file.
          isolate: false,
          setupFiles: ['./test/setup.ts'],
          testTimeout: 30_000,
          // A hook's timeout only catches a hang: starting an app on a fresh PGlite database took
          // over 60 s on a 2-core machine running the unit and end-to-end tests side by side.
          hookTimeout: 180_000,
          // What a test waits for with expect.poll may take seconds on a loaded 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['specs/**/*.spec.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a page shows may take as long as a page's own waits (15 s) on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          // Two spec files at a time (the run's maxWorkers): most of a spec's time is spent waiting
          // on its server's clock (presence, dwell, simulated walkers), not on a core.
          // The spec files share one worker's module cache (playwright-core and the page objects
          // load once); each file still starts its own hooks, browser connection and servers.
          isolate: false,
        },
      },
    ],
  },
});
