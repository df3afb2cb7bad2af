// `npm test`: every test. Unit and API tests (vitest projects domain, server, web) against real
// PostgreSQL, then the browser tests in e2e/ against the built app in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const vitest = 'node_modules/vitest/vitest.mjs';
const passed = [
  run([vitest, 'run', ...process.argv.slice(2)]),
  run([vitest, 'run', '--config', 'e2e/vitest.config.ts']),
].every((status) => status === 0);
process.exit(passed ? 0 : 1);
