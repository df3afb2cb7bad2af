import { defineConfig } from 'vitest/config';

/** Browser tests: one real server (embedded PostgreSQL, test mode) for the run, Chromium per file. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['setup/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
