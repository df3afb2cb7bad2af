/**
 * The embedded PostgreSQL's processes: initdb, a postmaster as a child in its own process group
 * (so a terminal's Ctrl-C reaches only the console, which stops it after closing its connections),
 * a postmaster left behind by a console that was killed (found by its postmaster.pid), and stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgLayout } from './pgRuntime.ts';

type Log = (line: string) => void;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where /proc exists: whether `pid` is a postgres process (a pid file can outlive a reboot). */
function isPostgres(pid: number): boolean {
  const file = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    return readFileSync(file, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return !alive(pid);
}

/**
 * Stops a postmaster still running on `clusterDir` (its console was killed): fast shutdown, then
 * immediate, then SIGKILL. Returns its pid, or null when there was none.
 */
export async function stopStale(clusterDir: string, log: Log): Promise<number | null> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid) || !isPostgres(pid))
    return null;
  log(
    `a PostgreSQL (pid ${pid}) is still running on ${clusterDir}, left by a console that did not stop; stopping it`,
  );
  for (const [signal, ms] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return pid;
    }
    if (await waitGone(pid, ms)) return pid;
  }
  throw new Error(`PostgreSQL pid ${pid} on ${clusterDir} does not stop`);
}

function run(layout: PgLayout, bin: string, args: string[]) {
  return spawn(join(layout.home, 'bin', bin), args, {
    ...(layout.user ?? {}),
    cwd: tmpdir(),
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Keeps the last lines a process wrote (for a readable failure) and hands each to `log`. */
function collect(child: ChildProcess, log: Log) {
  const tail: string[] = [];
  const take = (b: Buffer) => {
    for (const line of b.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line.trim());
      if (tail.length > 20) tail.shift();
      log(line.trim());
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return tail;
}

/** Creates the cluster (superuser `postgres` with `password`, scram-sha-256 sign-in). */
export async function initdb(layout: PgLayout, password: string, log: Log): Promise<void> {
  // The password file must be readable by the user initdb runs as, and by nobody else.
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-initdb-'));
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (layout.user) {
    chownSync(dir, layout.user.uid, layout.user.gid);
    chownSync(pwfile, layout.user.uid, layout.user.gid);
  }
  try {
    const child = run(layout, 'initdb', [
      `--pgdata=${layout.clusterDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
    ]);
    const tail = collect(child, log);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${tail.slice(-5).join(' | ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export interface Postmaster {
  child: ChildProcess;
  /** Resolves with the exit code or signal once the postmaster has ended. */
  exited: Promise<string>;
  /**
   * Fast shutdown (SIGINT: sessions ended, a checkpoint), then immediate (SIGQUIT) after
   * FAST_SHUTDOWN_MS and SIGKILL of its process group after IMMEDIATE_SHUTDOWN_MS if it lingers;
   * `immediate` starts at SIGQUIT (a hurried stop: the next start replays the WAL). Resolves once
   * it has ended, within about FAST_SHUTDOWN_MS + IMMEDIATE_SHUTDOWN_MS + KILL_WAIT_MS.
   */
  stop(opts?: { immediate?: boolean }): Promise<void>;
  /** SIGKILL to the postmaster and its backends (its process group) at once, for a process about to exit. */
  kill(): void;
}

/** How long a fast shutdown may take before an immediate one is asked for. */
export const FAST_SHUTDOWN_MS = 8_000;
/** How long an immediate shutdown may take before its process group is killed. */
export const IMMEDIATE_SHUTDOWN_MS = 3_000;
const KILL_WAIT_MS = 2_000;

/** Signals the postmaster's process group (it runs detached: its backends share its group). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  const pid = child.pid;
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts the postmaster and resolves once it accepts connections (it listens only when it is
 * ready to serve). Rejects with its last log lines if it ends first.
 */
export async function startPostmaster(layout: PgLayout, port: number, log: Log): Promise<Postmaster> {
  const child = run(layout, 'postgres', ['-D', layout.clusterDir, '-p', String(port), '-c', 'lc_messages=C']);
  const tail = collect(child, log);
  let ended = false;
  const exited = new Promise<string>((resolve) => {
    child.on('error', (err) => {
      ended = true;
      resolve(err.message);
    });
    child.on('exit', (code, signal) => {
      ended = true;
      resolve(signal ? `signal ${signal}` : `exit ${code}`);
    });
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended) {
      const how = await exited;
      throw new Error(`PostgreSQL did not start (${how}): ${tail.slice(-5).join(' | ')}`);
    }
    if ((await portAnswers(port)) && !ended && (await ready(layout.clusterDir))) break;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(`PostgreSQL did not start within 120 s: ${tail.slice(-5).join(' | ')}`);
    }
    await sleep(100);
  }
  return {
    child,
    exited,
    async stop(opts = {}) {
      if (ended) return;
      if (!opts.immediate) {
        child.kill('SIGINT');
        if (await endsWithin(exited, FAST_SHUTDOWN_MS)) return;
        log(`PostgreSQL did not stop within ${FAST_SHUTDOWN_MS} ms: immediate shutdown`);
      }
      child.kill('SIGQUIT');
      if (await endsWithin(exited, IMMEDIATE_SHUTDOWN_MS)) return;
      signalGroup(child, 'SIGKILL');
      await endsWithin(exited, KILL_WAIT_MS);
    },
    kill() {
      if (!ended) signalGroup(child, 'SIGKILL');
    },
  };
}

/** Whether `ended` settles within `ms` (the timer is cleared, so it never holds the process open). */
async function endsWithin(ended: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ended.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The postmaster.pid status line says "ready" once recovery is over and sign-ins are served. */
async function ready(clusterDir: string): Promise<boolean> {
  try {
    const lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return (lines[7] ?? '').trim() === 'ready';
  } catch {
    return false;
  }
}
