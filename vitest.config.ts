import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run, several projects: `npm run test:unit` and `npm run test:e2e` pick by name. */
export default defineConfig({
  test: {
    // Vitest's default is cores - 1 workers: one on two cores, where a core then sits idle whenever
    // a server test waits on a database, a broker or a timer. At least two keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      // Fitting radio maps is CPU work: a busy 2-core machine may take several seconds.
      {
        test: {
          name: 'positioning',
          root: 'packages/positioning',
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          // Two spec files at once (the run's maxWorkers): a spec spends most of its time waiting
          // on a browser and a simulated building, and each one that writes data starts a server
          // of its own on a free port; the shared server's specs only read.
        },
      },
    ],
  },
});
