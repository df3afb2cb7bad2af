/**
 * Once per cluster (issue 24 #4; docs/operations.md "Once per cluster"): the one process of the
 * cluster that runs the periodic jobs (retention, sweepers, daily fees, payment queries, rollup
 * pruning).
 *
 * The leader holds a session-level PostgreSQL advisory lock (pg_try_advisory_lock) on a connection
 * of its own: the lock lives exactly as long as that session. A process that does not hold it tries
 * again every `retryMs` (2 s). A leader that dies takes its session with it: on a local socket
 * PostgreSQL ends the session at once, so another process leads within one retry; a vanished
 * machine is noticed by the server's TCP keepalives (3 s idle, then 3 probes 2 s apart: ~9 s), which
 * the connection asks for. The leader itself checks its connection every retry (a statement that
 * must answer within `checkTimeoutMs`); a connection that errs, ends or does not answer stops the
 * leading at once, before the server can have given the lock to another (the server waits ~9 s),
 * and waits two retries before it tries again, so that a sound process takes the lead first.
 *
 * Without a database URL (`createLeader(null, ...)`: the single process of `npm start`, config.cluster
 * null) the process leads for ever and takes no lock: the same `run` gates the same jobs, with no
 * extra connection, no wait at start, and nothing to lose when the embedded PostgreSQL restarts.
 *
 * A job that lost the leadership while it ran is not stopped (nothing can stop a statement half
 * way), so for a moment during a hand-over two processes may run the same job: every job gated here
 * must be safe run twice at once (idempotent, or serialised by its own transaction's locks and
 * unique keys); each call site says why it is.
 */
import pg from 'pg';
import type { Logger } from 'pino';

export interface Leader {
  /** Whether this process leads now. */
  isLeader(): boolean;
  /**
   * Runs `fn` when this process leads and `jobName` is not still running here from an earlier
   * call; resolves true when it ran. fn's error is logged, never thrown.
   */
  run(jobName: string, fn: () => unknown): Promise<boolean>;
  /** Takes part: tries for the lock at once (resolved after the first try) and then every retryMs. */
  start(): Promise<void>;
  /** Stops leading and gives the lock back (another process leads within its next try). */
  stop(): Promise<void>;
}

export interface LeaderOptions {
  /** How often a process that does not lead tries, and a leader checks its connection (ms). */
  retryMs?: number;
  /** A leader whose connection does not answer within this (ms) stops leading. */
  checkTimeoutMs?: number;
}

/** The advisory lock's first key: AgriFleet's leader locks (the second is the name's hash). */
export const LOCK_CLASS = 0x41_46_4c_44; // 'AFLD'
export const LEADER_RETRY_MS = 2_000;

/** The server drops a vanished client's session (and its lock) after about 3 + 3 x 2 = 9 s. */
const SERVER_KEEPALIVES = '-c tcp_keepalives_idle=3 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3';

export function createLeader(
  databaseUrl: string | null,
  name: string,
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>,
  opts: LeaderOptions = {},
): Leader {
  const retryMs = opts.retryMs ?? LEADER_RETRY_MS;
  const checkTimeoutMs = opts.checkTimeoutMs ?? Math.max(1_000, Math.floor(retryMs * 1.5));
  const running = new Set<string>();
  let leading = databaseUrl === null;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let ticking: Promise<void> | null = null;
  /** A process whose connection just failed waits this long before trying again: a sound one leads first. */
  let quietUntil = 0;

  const setLeading = (now: boolean, why: string) => {
    if (now === leading) return;
    leading = now;
    if (now) logger?.info({ leader: name }, 'this process leads the cluster jobs');
    else logger?.warn({ leader: name, why }, 'this process no longer leads the cluster jobs');
  };

  /** Drops the connection (and with it the lock, once the server sees it gone). */
  const drop = (c: pg.Client, why: string) => {
    if (client === c) {
      client = null;
      if (leading) quietUntil = Date.now() + 2 * retryMs;
      setLeading(false, why);
    }
    c.removeAllListeners('end');
    c.on('error', () => undefined);
    void c.end().catch(() => undefined);
  };

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: databaseUrl as string,
      keepAlive: true,
      keepAliveInitialDelayMillis: 3_000,
      options: SERVER_KEEPALIVES,
      connectionTimeoutMillis: checkTimeoutMs,
      query_timeout: checkTimeoutMs,
      application_name: `agrifleet leader ${name}`.slice(0, 63),
    });
    // A terminated session, a broken socket: the lock is gone with the session.
    c.on('error', (err) => drop(c, err.message));
    c.on('end', () => drop(c, 'connection ended'));
    try {
      await c.connect();
    } catch (err) {
      drop(c, (err as Error).message);
      throw err;
    }
    return c;
  }

  async function tick(): Promise<void> {
    if (Date.now() < quietUntil) return;
    try {
      if (!client) client = await connect();
      const c = client;
      if (leading) {
        // Still connected, still the same session: the lock is still ours.
        await c.query('SELECT 1');
        return;
      }
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok', [
        LOCK_CLASS,
        name,
      ]);
      if (client === c && r.rows[0]?.ok) setLeading(true, 'lock taken');
    } catch (err) {
      if (client) drop(client, (err as Error).message);
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      ticking = tick().finally(() => {
        ticking = null;
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  return {
    isLeader: () => leading,

    async run(jobName, fn) {
      if (!leading || running.has(jobName)) return false;
      running.add(jobName);
      try {
        await fn();
      } catch (err) {
        logger?.error({ err, job: jobName }, 'cluster job failed');
      } finally {
        running.delete(jobName);
      }
      return true;
    },

    async start() {
      if (databaseUrl === null || !stopped) return;
      stopped = false;
      ticking = tick();
      await ticking;
      ticking = null;
      schedule();
    },

    async stop() {
      if (databaseUrl === null) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
      const c = client;
      if (!c) return;
      client = null;
      setLeading(false, 'stopped');
      c.removeAllListeners('end');
      c.on('error', () => undefined);
      // Ending the session gives the lock back at once.
      await c.end().catch(() => undefined);
    },
  };
}
