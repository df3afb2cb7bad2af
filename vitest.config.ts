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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
    ],
  },
});
