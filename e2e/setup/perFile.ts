/**
 * Runs before every browser-test file (the config's setupFiles), also when isolation is off and the
 * kit's modules are loaded once per worker: the checks every test gets (setup/browser.ts).
 */
import { afterAll, afterEach } from 'vitest';
import { assertNoConsoleErrors, photographFailure } from './browser.ts';

afterEach(assertNoConsoleErrors);
afterAll(assertNoConsoleErrors);
afterEach(photographFailure);
