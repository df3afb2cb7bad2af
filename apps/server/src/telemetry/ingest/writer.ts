/**
 * The batched writer: everything ingest stores goes through one transaction at a time (group
 * commit). Appended points become one `track_chunks` row per drone per flush and their promise
 * resolves only after COMMIT: that is when HTTP answers 2xx and MQTT sends PUBACK. If a flush
 * fails, every caller waiting on it is rejected (so the sender retries) and `onFailed` lets the
 * pipeline forget what it had accepted from them.
 *
 * Derived rows (landed sorties, drone events, last positions) are queued without a caller and
 * retried until they are stored. A landed sortie is built from its points as stored in
 * track_chunks, which are deleted in the same transaction that inserts the sortie: a crash in
 * between only replays them (see recovery.ts).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import { encodeJournal, journalSegments } from '../codec/journalCodec.ts';
import { decodeTrack } from '../codec/trackCodec.ts';
import type { NewSortie } from './sortieRow.ts';

/** A sortie the tracker closed; its points are read back from track_chunks at flush. */
export interface CloseJob {
  droneId: string;
  startTime: number;
  endTime: number;
  reason: 'landed' | 'timeout' | 'split';
}

export interface Chunk {
  droneId: string;
  points: TelemetryPoint[];
}

export interface DroneEvent {
  droneId: string;
  time: number;
  type: string;
  detail?: Record<string, unknown>;
}

/** Runs inside the flush transaction after a sortie row is inserted (rollups, sortie anomalies). */
export type SortieHook = (
  trx: Transaction<Database>,
  sortie: NewSortie & { sortieId: number },
  points: readonly TelemetryPoint[],
) => Promise<void>;

export interface WriterOptions {
  /**
   * Wait this long for more work before a flush (ms). Default 0: group commit, a flush starts as
   * soon as the previous one ends, so a message waits for one commit when the store is idle and
   * batches grow by themselves under load.
   */
  flushMs?: number;
  /** Flush at once when this many points are waiting. */
  maxPoints?: number;
  /** Last positions are written at most this often (ms). */
  positionsMs?: number;
  /** The journal is compacted into track_chunks at least this often (ms), and before any landing. */
  compactMs?: number;
  logger?: Logger;
  onCommitted?: (chunks: Chunk[]) => void;
  onFailed?: (chunks: Chunk[]) => void;
  afterSortie?: SortieHook;
  /** Builds the sortie row from its stored points (null: nothing worth a sortie). */
  buildSortie: (job: CloseJob, points: TelemetryPoint[]) => NewSortie | null;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export function createWriter(db: Db, opts: WriterOptions) {
  const flushMs = opts.flushMs ?? 0;
  const maxPoints = opts.maxPoints ?? 20_000;
  const positionsMs = opts.positionsMs ?? 5_000;
  const compactMs = opts.compactMs ?? 2_000;
  let lastCompaction = Date.now();
  let journalDirty = false;
  let chunks: Chunk[] = [];
  let waiters: Waiter[] = [];
  let pendingPoints = 0;
  let sorties: CloseJob[] = [];
  let events: DroneEvent[] = [];
  /** Grounded drones' chunks older than a time: no sortie can need them any more. */
  let prunes: Array<{ droneId: string; before: number }> = [];
  const positions = new Map<string, TelemetryPoint>();
  let lastPositionsWrite = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const stats = { flushes: 0, failures: 0, points: 0, chunks: 0, sorties: 0 };

  function schedule(now = false) {
    if (running) return; // the running flush schedules the next one
    if (now) {
      if (timer) clearTimeout(timer);
      timer = null;
      start();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        start();
      }, flushMs);
    }
  }

  /**
   * Runs the flush loop. `running` is cleared only after the loop's promise settles: a loop with
   * nothing to do finishes synchronously, and clearing it inside the loop would leave `running`
   * set to a settled promise for ever (no flush again: found when a drain met an idle writer).
   */
  function start() {
    const loop = flushLoop();
    running = loop;
    void loop.finally(() => {
      if (running === loop) running = null;
      if (chunks.length || sorties.length || events.length || prunes.length)
        schedule(pendingPoints >= maxPoints);
    });
  }

  const compactionDue = () => journalDirty && Date.now() - lastCompaction >= compactMs;
  // When ingest goes quiet, the journal is still compacted within compactMs.
  const compactor = setInterval(() => {
    if (compactionDue()) schedule(true);
  }, compactMs);
  compactor.unref();

  async function flushLoop(): Promise<void> {
    while (
      chunks.length ||
      sorties.length ||
      events.length ||
      prunes.length ||
      positionsDue() ||
      compactionDue()
    ) {
      await flushOnce();
      if (!chunks.length && !sorties.length && !events.length) break;
    }
  }

  const positionsDue = () => positions.size > 0 && Date.now() - lastPositionsWrite >= positionsMs;

  async function flushOnce(): Promise<void> {
    const myChunks = chunks;
    const myWaiters = waiters;
    const mySorties = sorties;
    const myEvents = events;
    const myPrunes = prunes;
    const myPositions = positionsDue() ? [...positions] : [];
    if (myPositions.length) {
      positions.clear();
      lastPositionsWrite = Date.now();
    }
    chunks = [];
    waiters = [];
    sorties = [];
    events = [];
    prunes = [];
    pendingPoints = 0;
    try {
      const compact = mySorties.length > 0 || Date.now() - lastCompaction >= compactMs;
      await db.transaction().execute(async (trx) => {
        await insertJournal(trx, myChunks);
        // Close jobs read their points from track_chunks: the journal is compacted first.
        if (compact) await compactJournal(trx);
        for (const job of mySorties) await insertSortie(trx, job, opts);
        await insertEvents(trx, myEvents);
        await pruneChunks(trx, myPrunes);
        await updatePositions(trx, myPositions);
      });
      stats.flushes++;
      if (compact) {
        lastCompaction = Date.now();
        journalDirty = false;
      } else if (myChunks.length) journalDirty = true;
      stats.chunks += myChunks.length;
      stats.sorties += mySorties.length;
      for (const c of myChunks) stats.points += c.points.length;
      for (const w of myWaiters) w.resolve();
      if (myChunks.length) opts.onCommitted?.(myChunks);
    } catch (err) {
      stats.failures++;
      opts.logger?.error(
        { err, chunks: myChunks.length, sorties: mySorties.length },
        'telemetry flush failed',
      );
      const failure = new Error('telemetry store unavailable');
      // Points queued behind the failed ones are refused too, so each drone's retry comes in order.
      const failedChunks = [...myChunks, ...chunks];
      for (const w of [...myWaiters, ...waiters]) w.reject(failure);
      chunks = [];
      waiters = [];
      pendingPoints = 0;
      if (failedChunks.length) opts.onFailed?.(failedChunks);
      // Derived rows are retried; their points are still in track_chunks.
      sorties = [...mySorties, ...sorties];
      events = [...myEvents, ...events];
      prunes = [...myPrunes, ...prunes];
      for (const [id, p] of myPositions) if (!positions.has(id)) positions.set(id, p);
      if (!closed) await new Promise((r) => setTimeout(r, 500));
      if (closed) throw err;
    }
  }

  return {
    /** Stores a drone's points; resolves once they are committed. */
    append(droneId: string, points: TelemetryPoint[]): Promise<void> {
      if (closed) return Promise.reject(new Error('telemetry writer closed'));
      return new Promise<void>((resolve, reject) => {
        chunks.push({ droneId, points });
        waiters.push({ resolve, reject });
        pendingPoints += points.length;
        schedule(pendingPoints >= maxPoints);
      });
    },
    closeSortie(job: CloseJob) {
      sorties.push(job);
      schedule();
    },
    addEvent(e: DroneEvent) {
      events.push(e);
      schedule();
    },
    /** Deletes a grounded drone's stored points older than `before` (they belong to no sortie). */
    prune(droneId: string, before: number) {
      prunes.push({ droneId, before });
      schedule();
    },
    setPosition(droneId: string, p: TelemetryPoint) {
      positions.set(droneId, p);
    },
    stats: () => ({ ...stats, pendingPoints }),
    /** Waits until everything queued so far is stored. */
    async drain(): Promise<void> {
      lastPositionsWrite = 0;
      // Everything into its final place: the journal compacted too.
      lastCompaction = 0;
      journalDirty = true;
      for (
        let i = 0;
        i < 100 &&
        (running ||
          chunks.length ||
          sorties.length ||
          events.length ||
          prunes.length ||
          positions.size ||
          journalDirty);
        i++
      ) {
        if (!running) schedule(true);
        await running;
      }
    },
    async close(): Promise<void> {
      clearInterval(compactor);
      await this.drain().catch(() => undefined);
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
export type Writer = ReturnType<typeof createWriter>;

/** A drone's points of several chunks together, each drone once (in the order first seen). */
function groupByDrone(chunks: readonly Chunk[]): Map<string, TelemetryPoint[]> {
  const byDrone = new Map<string, TelemetryPoint[]>();
  for (const c of chunks) {
    const list = byDrone.get(c.droneId);
    if (list) for (const p of c.points) list.push(p);
    else byDrone.set(c.droneId, [...c.points]);
  }
  return byDrone;
}

/** The flush's points as one journal row: durable at COMMIT, whatever the number of drones. */
async function insertJournal(trx: Kysely<Database>, chunks: Chunk[]) {
  if (!chunks.length) return;
  const byDrone = groupByDrone(chunks);
  let points = 0;
  for (const list of byDrone.values()) points += list.length;
  await trx
    .insertInto('ingest_journal')
    .values({ points, data: encodeJournal(byDrone) })
    .execute();
}

/** Moves every journal row into per-drone track_chunks (one row per drone, many points). */
export async function compactJournal(trx: Kysely<Database>): Promise<number> {
  const rows = await sql<{
    id: number;
    data: Uint8Array;
  }>`DELETE FROM ingest_journal RETURNING id, data`.execute(trx);
  if (!rows.rows.length) return 0;
  // A drone's blobs end to end, in journal order (which is time order for a drone): nothing is
  // decoded or encoded again; decodeTrack reads concatenated blobs.
  const byDrone = new Map<string, { first: number; last: number; points: number; tracks: Uint8Array[] }>();
  for (const r of rows.rows.sort((a, b) => a.id - b.id))
    for (const seg of journalSegments(r.data)) {
      const d = byDrone.get(seg.droneId);
      if (!d)
        byDrone.set(seg.droneId, {
          first: seg.firstTime,
          last: seg.lastTime,
          points: seg.points,
          tracks: [seg.track],
        });
      else {
        d.first = Math.min(d.first, seg.firstTime);
        d.last = Math.max(d.last, seg.lastTime);
        d.points += seg.points;
        d.tracks.push(seg.track);
      }
    }
  const ids: string[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const counts: number[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  const blobs: Uint8Array[] = [];
  let size = 0;
  for (const [id, d] of byDrone) {
    ids.push(id);
    first.push(d.first);
    last.push(d.last);
    counts.push(d.points);
    for (const t of d.tracks) blobs.push(t);
    const length = d.tracks.reduce((n, t) => n + t.byteLength, 0);
    offsets.push(size);
    lengths.push(length);
    size += length;
  }
  // The blobs go as one binary parameter cut in SQL, the times as epoch ms: no hex or date text.
  const data = Buffer.concat(blobs, size);
  await sql`
    INSERT INTO track_chunks (drone_id, first_time, last_time, points, data)
    SELECT u.id, 'epoch'::timestamptz + u.f * interval '1 millisecond',
      'epoch'::timestamptz + u.l * interval '1 millisecond', u.n, substring(${data}::bytea FROM u.o + 1 FOR u.len)
    FROM unnest(${ids}::text[], ${first}::int8[], ${last}::int8[], ${counts}::int[], ${offsets}::int[], ${lengths}::int[])
      AS u(id, f, l, n, o, len)
  `.execute(trx);
  return rows.rows.length;
}

async function insertSortie(trx: Transaction<Database>, job: CloseJob, opts: WriterOptions) {
  const chunks = await trx
    .selectFrom('track_chunks')
    .select('data')
    .where('drone_id', '=', job.droneId)
    .where('first_time', '<=', new Date(job.endTime))
    .where('last_time', '>=', new Date(job.startTime))
    .orderBy('id')
    .execute();
  const points: TelemetryPoint[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const c of chunks)
    for (const p of decodeTrack(c.data))
      if (p.recordTime >= job.startTime && p.recordTime <= job.endTime && p.recordTime > last) {
        points.push(p);
        last = p.recordTime;
      }
  const s = points.length ? opts.buildSortie(job, points) : null;
  if (s) {
    const { track, ...row } = s;
    const inserted = await trx
      .insertInto('sorties')
      .values({ ...row, start_time: new Date(row.start_time), end_time: new Date(row.end_time) })
      .onConflict((oc) => oc.columns(['drone_id', 'start_time']).doNothing())
      .returning('sortie_id')
      .executeTakeFirst();
    if (inserted) {
      await trx.insertInto('sortie_tracks').values({ sortie_id: inserted.sortie_id, track }).execute();
      await opts.afterSortie?.(trx, { ...s, sortieId: inserted.sortie_id }, points);
    }
  }
  // The sortie is stored (now or by an earlier run): its points need not be kept twice.
  await trx
    .deleteFrom('track_chunks')
    .where('drone_id', '=', job.droneId)
    .where('last_time', '<=', new Date(job.endTime))
    .execute();
}

async function pruneChunks(trx: Kysely<Database>, prunes: Array<{ droneId: string; before: number }>) {
  if (!prunes.length) return;
  await sql`
    DELETE FROM track_chunks c
    USING unnest(${prunes.map((p) => p.droneId)}::text[], ${prunes.map((p) => p.before)}::int8[]) AS u(id, b)
    WHERE c.drone_id = u.id AND c.last_time < 'epoch'::timestamptz + u.b * interval '1 millisecond'
  `.execute(trx);
}

async function insertEvents(trx: Kysely<Database>, events: DroneEvent[]) {
  if (!events.length) return;
  await trx
    .insertInto('drone_events')
    .values(
      events.map((e) => ({
        drone_id: e.droneId,
        time: new Date(e.time),
        type: e.type,
        detail: JSON.stringify(e.detail ?? {}),
      })),
    )
    .execute();
}

async function updatePositions(trx: Kysely<Database>, positions: Array<[string, TelemetryPoint]>) {
  if (!positions.length) return;
  const ids = positions.map(([id]) => id);
  const times = positions.map(([, p]) => new Date(p.recordTime));
  const lngs = positions.map(([, p]) => p.lng);
  const lats = positions.map(([, p]) => p.lat);
  const batteries = positions.map(([, p]) => p.battery);
  await sql`
    UPDATE drones d SET last_time = u.t, last_lng = u.lng, last_lat = u.lat, last_battery = u.b
    FROM unnest(${ids}::text[], ${times}::timestamptz[], ${lngs}::float8[], ${lats}::float8[], ${batteries}::real[])
      AS u(id, t, lng, lat, b)
    WHERE d.drone_id = u.id AND (d.last_time IS NULL OR d.last_time < u.t)
  `.execute(trx);
}
