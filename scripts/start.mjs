// `npm start`: install if needed, build the web app if needed, then run the server (embedded
// PostgreSQL and demo data unless DATABASE_URL says otherwise).
//
// Stopping: one SIGINT (Ctrl-C) or SIGTERM here reaches the server once; it stops its database and
// exits within seconds, then so does this. A signal sent to the whole process group reaches the
// server twice (from the sender and from here): it takes copies within a second as one. A signal
// repeated later is passed on too: the server then stops its database at once. npm 11 does not
// pass a SIGTERM on to its script: it exits and leaves us running, so under npm we also stop when
// our parent goes away; the server likewise stops when this launcher is killed
// (AGRIFLEET_STOP_WITH_PARENT).
//
// The embedded PostgreSQL is never left behind: should the server end without stopping it (killed,
// or still running SERVER_WAIT_MS after the stop was asked for, then killed here), this stops the
// PostgreSQL named by the data folder's postmaster.pid, once the server's console.pid shows that it
// was the server's.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, SERVER_NODE_ARGS } from './prepare.mjs';

/** The server bounds its own stop well within this (apps/server/src/main.ts). */
const SERVER_WAIT_MS = 40_000;
/** Copies of one signal closer together than this are one request (platform/shutdown.ts). */
const SAME_SIGNAL_MS = 1_000;

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
  [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AGRIFLEET_STOP_WITH_PARENT: '1' },
  },
);

let stopping = false;
let firstSignal = 0;
function stopServer(signal) {
  const now = Date.now();
  if (stopping) {
    // A repeated request (not a copy of the first): the server hurries.
    if (now - firstSignal >= SAME_SIGNAL_MS && child.exitCode === null) child.kill(signal);
    return;
  }
  stopping = true;
  firstSignal = now;
  child.kill(signal);
  setTimeout(() => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    console.error(`\nAgriFleet server did not stop within ${SERVER_WAIT_MS / 1000} s: killing it\n`);
    child.kill('SIGKILL');
  }, SERVER_WAIT_MS).unref();
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
child.on('exit', async (code, signal) => {
  if (signal && !stopping) console.error(`\nAgriFleet server ended by ${signal}\n`);
  await stopLeftDatabase(child.pid);
  process.exit(code ?? (stopping ? 0 : 1));
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
const readPid = (file) => {
  try {
    return Number(readFileSync(file, 'utf8').split('\n')[0]) || 0;
  } catch {
    return 0;
  }
};

/**
 * The embedded PostgreSQL of a server that ended without stopping it: its console.pid (removed by
 * a server that stopped its database) still names the server. Immediate shutdown, then SIGKILL to
 * its process group.
 */
async function stopLeftDatabase(serverPid) {
  if (process.env.DATABASE_URL || !serverPid) return;
  const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
  const lock = join(dataDir, 'console.pid');
  if (readPid(lock) !== serverPid) return;
  const pid = readPid(join(dataDir, 'pg', 'postmaster.pid'));
  const isPostgres = () => {
    try {
      return !existsSync('/proc/self') || readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
    } catch {
      return false;
    }
  };
  if (pid > 0 && alive(pid) && isPostgres()) {
    console.error(`AgriFleet: stopping the PostgreSQL (pid ${pid}) the server left running`);
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {}
    for (let i = 0; i < 30 && alive(pid); i++) await sleep(100);
    if (alive(pid)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
      for (let i = 0; i < 20 && alive(pid); i++) await sleep(100);
    }
  }
  if (pid <= 0 || !alive(pid)) rmSync(lock, { force: true });
}
