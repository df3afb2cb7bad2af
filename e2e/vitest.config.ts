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
    // The checks every test gets (console errors, failure pictures), registered for each file.
    setupFiles: ['setup/perFile.ts'],
    // A guard against a hung test, not a speed check: a person's flow over map screens took up to
    // 56 s on the 2-core machine beside another CPU-bound process (issue 21 #11), so 60 s failed
    // tests that were only slow.
    testTimeout: 180_000,
    hookTimeout: 90_000,
    maxWorkers: e2eWorkers(),
    // A file's worker decides its console (VITEST_POOL_ID). A worker's process runs file after file
    // without isolation: playwright-core and the kit load once per worker, not once per file (about
    // 4 s a file on the loaded 2-core machine). Each file still launches and closes its own Chromium,
    // and setup/perFile.ts registers the shared checks for every file.
    pool: 'forks',
    isolate: false,
  },
});
