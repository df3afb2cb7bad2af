import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './setup/workers.ts';

/**
 * Browser tests: one real server (embedded PostgreSQL, test mode) per worker for the run, Chromium
 * per file; E2E_WORKERS files at once.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['setup/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: e2eWorkers(),
    // A file's worker decides its console: a fresh process per file keeps VITEST_POOL_ID its own.
    pool: 'forks',
  },
});
