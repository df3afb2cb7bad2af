/**
 * Which process owns which partitions (issue 24 #2), by PostgreSQL session advisory locks on one
 * dedicated connection per process:
 *
 * - membership: each process holds one lock of the MEMBER class (a free slot); the processes alive
 *   are the MEMBER locks granted;
 * - ownership: a process owns partition p while it holds the PARTITION lock (p). Every BALANCE_MS it
 *   counts the members, takes free partitions up to its fair share (ceil(partitions / members)) and
 *   hands back what it holds above it.
 *
 * A process that dies (kill -9) loses its session and with it every lock at once (a local socket
 * closes with the process; TCP keepalives notice a vanished machine within about 10 s), so the
 * survivors take its partitions at their next balance. A process whose connection is lost stops
 * owning everything at once (`lost`) and takes its share again once it is back. Locks are tried,
 * never waited for, so two processes cannot deadlock and a partition has one owner at a time.
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** Lock classes (first key of the two-key form): "AG" and a number nothing else uses. */
const MEMBER_CLASS = 0x41470101;
const PARTITION_CLASS = 0x41470102;
const MAX_MEMBERS = 1024;
export const BALANCE_MS = 1_000;

export interface OwnershipEvents {
  /** Partitions now held: the caller makes them ready (recovery, consumers). */
  acquired(partitions: number[]): Promise<void>;
  /** Partitions to hand back: resolves once their work is stored; the locks are released after. */
  releasing(partitions: number[]): Promise<void>;
  /** The connection went: these are not ours any more (no clean-up is possible on the database). */
  lost(partitions: number[]): void;
}

export interface Ownership {
  start(): Promise<void>;
  stop(): Promise<void>;
  owned(): ReadonlySet<number>;
  /** Members seen at the last balance. */
  members(): number;
}

export function createOwnership(o: {
  databaseUrl: string;
  partitions: number;
  logger?: Logger;
  events: OwnershipEvents;
  balanceMs?: number;
}): Ownership {
  const held = new Set<number>();
  let client: pg.Client | null = null;
  let memberCount = 1;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let balancing: Promise<void> = Promise.resolve();

  function dropAll(why: string) {
    const lost = [...held];
    held.clear();
    client = null;
    if (lost.length) {
      o.logger?.warn({ partitions: lost.length, why }, 'cluster: partitions lost with the lock connection');
      o.events.lost(lost);
    }
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: o.databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
      // The server notices a vanished process within ~9 s too (its locks then go): 3 s idle, 3 probes 2 s apart.
      options: '-c tcp_keepalives_idle=3 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3',
      application_name: 'agrifleet-ownership',
    });
    c.on('error', () => {
      if (client === c) dropAll('connection error');
    });
    c.on('end', () => {
      if (client === c) dropAll('connection ended');
    });
    await c.connect();
    // A slot of the member class: the count of these locks is the count of live processes.
    for (let slot = 0; slot < MAX_MEMBERS; slot++) {
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        MEMBER_CLASS,
        slot,
      ]);
      if (r.rows[0]?.ok) return c;
    }
    await c.end();
    throw new Error(`more than ${MAX_MEMBERS} console processes on one database`);
  }

  async function balance() {
    if (stopped) return;
    if (!client) {
      try {
        client = await connect();
      } catch (err) {
        o.logger?.warn({ err: (err as Error).message }, 'cluster: ownership connection failed; retrying');
        client = null;
        return;
      }
    }
    const c = client;
    const locks = await c.query<{ classid: string; objid: string; mine: boolean }>(
      `SELECT classid::text, objid::text, pid = pg_backend_pid() AS mine FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint IN ($1, $2)
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [MEMBER_CLASS, PARTITION_CLASS],
    );
    memberCount = Math.max(1, locks.rows.filter((l) => Number(l.classid) === MEMBER_CLASS).length);
    const taken = new Set(
      locks.rows.filter((l) => Number(l.classid) === PARTITION_CLASS && !l.mine).map((l) => Number(l.objid)),
    );
    const share = Math.ceil(o.partitions / memberCount);
    if (held.size > share) {
      // Hand back the newest-numbered extras: their work is stored first, then the locks go.
      const extra = [...held].sort((a, b) => b - a).slice(0, held.size - share);
      await o.events.releasing(extra);
      for (const p of extra) {
        if (client !== c) return;
        await c.query('SELECT pg_advisory_unlock($1, $2)', [PARTITION_CLASS, p]);
        held.delete(p);
      }
      o.logger?.info(
        { released: extra.length, owned: held.size, members: memberCount },
        'cluster: partitions handed back',
      );
      return;
    }
    if (held.size === share) return;
    const got: number[] = [];
    for (let p = 0; p < o.partitions && held.size + got.length < share; p++) {
      if (held.has(p) || taken.has(p)) continue;
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        PARTITION_CLASS,
        p,
      ]);
      if (client !== c) return;
      if (r.rows[0]?.ok) got.push(p);
    }
    if (!got.length) return;
    for (const p of got) held.add(p);
    o.logger?.info(
      { acquired: got.length, owned: held.size, members: memberCount },
      'cluster: partitions taken',
    );
    try {
      await o.events.acquired(got);
    } catch (err) {
      // Not made ready (the database away during recovery, say): given back, taken again at a
      // later balance, rather than held with nobody consuming them.
      o.logger?.warn(
        { err: (err as Error).message, partitions: got.length },
        'cluster: partitions not made ready; handing them back',
      );
      await o.events.releasing(got).catch(() => undefined);
      for (const p of got) {
        held.delete(p);
        if (client === c)
          await c.query('SELECT pg_advisory_unlock($1, $2)', [PARTITION_CLASS, p]).catch(() => undefined);
      }
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      balancing = balance()
        .catch((err) => o.logger?.warn({ err: (err as Error).message }, 'cluster: balance failed'))
        .finally(schedule);
    }, o.balanceMs ?? BALANCE_MS);
    timer.unref();
  }

  return {
    async start() {
      balancing = balance().catch((err) =>
        o.logger?.warn({ err: (err as Error).message }, 'cluster: first balance failed'),
      );
      await balancing;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await balancing;
      const c = client;
      if (!c) return;
      if (held.size) await o.events.releasing([...held]).catch(() => undefined);
      held.clear();
      client = null;
      // Ending the session releases every lock it holds.
      await c.end().catch(() => undefined);
    },
    owned: () => held,
    members: () => memberCount,
  };
}
