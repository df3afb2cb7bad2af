// `npm start`: install if needed, build the web app if needed, then run the server (embedded
// PostgreSQL and demo data unless DATABASE_URL says otherwise).
//
// Stopping: one SIGINT (Ctrl-C) or SIGTERM here reaches the server once; it stops its database and
// exits, then so does this. npm 11 does not pass a SIGTERM on to its script: it exits and leaves
// us running, so under npm we also stop when our parent goes away; the server likewise stops when
// this launcher is killed (AGRIFLEET_STOP_WITH_PARENT).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

try {
  // AGRIFLEET_NO_PREPARE=1: the tree is already installed and built (tests, prepared deployments).
  if (process.env.AGRIFLEET_NO_PREPARE !== '1') {
    ensureInstalled();
    // A WEB_DIST of its own means apps/web is not what is served: nothing to build.
    if (!process.env.WEB_DIST) ensureWebBuilt();
  }
} catch (err) {
  console.error(`\nAgriFleet did not start: ${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AGRIFLEET_STOP_WITH_PARENT: '1' },
  },
);

let stopping = false;
function stopServer(signal) {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
}
// The server may get the same Ctrl-C from the terminal too: it stops once either way.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopServer(sig));

if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stopServer('SIGTERM');
  }, 500).unref();
}

child.on('error', (err) => {
  console.error(`\nAgriFleet did not start: ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal && !stopping) console.error(`\nAgriFleet server ended by ${signal}\n`);
  process.exit(code ?? (stopping ? 0 : 1));
});
