import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests live in e2e/ and run after the web build (scripts/test.mjs). */
export default defineConfig({
  test: {
    // API tests wait on PostgreSQL more than on the CPU: run a few files at once even on 2 cores.
    maxWorkers: 3,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/globalSetup.ts'],
          // The server's modules are imported once per worker, not once per file: importing the app
          // took 2.4 s a file, 588 of CI's 801 s of summed import time. Each file still builds its own
          // app on its own database (test/helper.ts); no test mocks a module (vi.mock would leak).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
    ],
  },
});
