/**
 * Change notices between server processes, over PostgreSQL LISTEN/NOTIFY.
 *
 * A writer calls `notify(trx, channel, payload)` inside the transaction that makes the change:
 * PostgreSQL delivers the notice to every listening connection only when that transaction commits
 * (and never when it rolls back), to this process and to every other one on the same database.
 *
 * `createNotifier` holds one dedicated connection that LISTENs on the channels subscribed. When it
 * (re)connects, every handler is called with `null` ("you may have missed notices: reload"), so a
 * database restart or a dropped connection never leaves a cache stale. It reconnects by itself with
 * a back-off (0.2, 1, 2, 5 s) and never throws into the process.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './db.ts';

/** A notice's payload (at most 7,999 bytes, PostgreSQL's limit), or null after a (re)connect. */
export type NoticeHandler = (payload: string | null) => void;

export interface Notifier {
  /** Calls `handler` for each notice on `channel` (and with null after each connect). */
  on(channel: string, handler: NoticeHandler): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the listening connection is up now. */
  readonly connected: boolean;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const BACKOFF_MS = [200, 1000, 2000, 5000];

/** Sends a notice when `db`'s transaction commits (at once outside a transaction). */
export async function notify(db: Pick<Db, 'executeQuery'>, channel: string, payload = ''): Promise<void> {
  if (!CHANNEL.test(channel)) throw new Error(`bad notify channel ${channel}`);
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db as Db);
}

/**
 * A notifier on `databaseUrl`. Without a URL (an app built around a pool it was given), notices
 * reach nobody: handlers are called once with null at start, and callers keep their own timers.
 */
export function createNotifier(databaseUrl: string | null, logger?: Logger): Notifier {
  const handlers = new Map<string, Set<NoticeHandler>>();
  let client: pg.Client | null = null;
  let stopped = true;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;

  const fire = (channel: string, payload: string | null) => {
    for (const h of handlers.get(channel) ?? []) {
      try {
        h(payload);
      } catch (err) {
        logger?.error({ err, channel }, 'notice handler failed');
      }
    }
  };
  const resyncAll = () => {
    for (const channel of handlers.keys()) fire(channel, null);
  };

  const schedule = () => {
    if (stopped || timer) return;
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
  };

  async function connect(): Promise<void> {
    if (stopped || !databaseUrl) return;
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      connected = false;
      if (!stopped) logger?.warn({ err: err?.message }, 'change notices: connection lost, reconnecting');
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => fire(n.channel, n.payload ?? ''));
    client = c;
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      if (client !== c) return;
      connected = true;
      attempt = 0;
      resyncAll();
    } catch (err) {
      lost(err as Error);
    }
  }

  return {
    get connected() {
      return connected;
    },
    on(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`bad notify channel ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (client && connected) client.query(`LISTEN ${channel}`).catch(() => {});
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    async start() {
      stopped = false;
      if (!databaseUrl) {
        resyncAll();
        return;
      }
      await connect();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      connected = false;
      await c?.end().catch(() => {});
    },
  };
}
