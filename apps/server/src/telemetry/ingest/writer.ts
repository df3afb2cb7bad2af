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
import { sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import type { NewSortie } from './sortieRow.ts';
import {
  type Chunk,
  type CloseJob,
  compactJournal,
  type DroneEvent,
  insertEvents,
  insertJournal,
  insertSortie,
  pruneChunks,
  type RetractHook,
  type SortieHook,
  updatePositions,
} from './writerStore.ts';

export type { Chunk, CloseJob, DroneEvent, RetractHook, SortieHook } from './writerStore.ts';

/** The advisory lock (one key, any constant nothing else uses) that orders landings cluster-wide. */
export const LANDING_LOCK = 0x4147_0201;

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
  /** Takes stored sorties out of the rollups before they are replaced (writerStore insertSortie). */
  retractSorties?: RetractHook;
  /** Runs inside the flush transaction once its sorties are stored (rollups), with their ids. */
  afterSorties?: (trx: Transaction<Database>, sortieIds: number[]) => Promise<void>;
  /** Runs inside the flush transaction right after its points are stored (accessory sightings). */
  afterPoints?: (trx: Transaction<Database>, chunks: Chunk[]) => Promise<void>;
  /** Builds the sortie row from its stored points (null: nothing worth a sortie). */
  buildSortie: (job: CloseJob, points: TelemetryPoint[]) => NewSortie | null | Promise<NewSortie | null>;
}

/**
 * What the callers of one flush wait for: one promise shared by every append of the flush (one
 * message of one point per drone is the usual call; a promise and two closures each cost more
 * than storing the point).
 */
interface Batch {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: Error) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function createWriter(db: Db, opts: WriterOptions) {
  const flushMs = opts.flushMs ?? 0;
  const maxPoints = opts.maxPoints ?? 20_000;
  const positionsMs = opts.positionsMs ?? 5_000;
  const compactMs = opts.compactMs ?? 2_000;
  let lastCompaction = Date.now();
  /** This writer's journal rows not compacted yet (committed). */
  let journalIds: number[] = [];
  let chunks: Chunk[] = [];
  let batch: Batch | null = null;
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

  const compactionDue = () => journalIds.length > 0 && Date.now() - lastCompaction >= compactMs;
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
    const myBatch = batch;
    const mySorties = sorties;
    const myEvents = events;
    const myPrunes = prunes;
    const myPositions = positionsDue() ? [...positions] : [];
    if (myPositions.length) {
      positions.clear();
      lastPositionsWrite = Date.now();
    }
    chunks = [];
    batch = null;
    sorties = [];
    events = [];
    prunes = [];
    pendingPoints = 0;
    try {
      const compact = mySorties.length > 0 || Date.now() - lastCompaction >= compactMs;
      let journalId: number | null = null;
      await db.transaction().execute(async (trx) => {
        journalId = await insertJournal(trx, myChunks);
        if (myChunks.length) await opts.afterPoints?.(trx, myChunks);
        // Close jobs read their points from track_chunks: the journal is compacted first (this
        // writer's own rows: recovery compacts what others left).
        if (compact) await compactJournal(trx, journalId === null ? journalIds : [...journalIds, journalId]);
        // Landings of every process one at a time: their rollups and hooks write shared rows
        // (daily totals, programme figures, balances), which two processes' flushes would
        // otherwise lock in different orders (deadlocks seen in cluster mode).
        if (mySorties.length) await sql`SELECT pg_advisory_xact_lock(${LANDING_LOCK})`.execute(trx);
        const stored: number[] = [];
        for (const job of mySorties) {
          const id = await insertSortie(trx, job, opts.buildSortie, opts.afterSortie, opts.retractSorties);
          if (id !== null) stored.push(id);
        }
        if (stored.length) await opts.afterSorties?.(trx, stored);
        await insertEvents(trx, myEvents);
        await pruneChunks(trx, myPrunes);
        await updatePositions(trx, myPositions);
      });
      stats.flushes++;
      if (compact) {
        lastCompaction = Date.now();
        journalIds = [];
      } else if (journalId !== null) journalIds.push(journalId);
      stats.chunks += myChunks.length;
      stats.sorties += mySorties.length;
      for (const c of myChunks) stats.points += c.points.length;
      myBatch?.resolve();
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
      myBatch?.reject(failure);
      // (appended to while the transaction ran: the compiler cannot see that)
      (batch as Batch | null)?.reject(failure);
      chunks = [];
      batch = null;
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
      batch ??= newBatch();
      chunks.push({ droneId, points });
      pendingPoints += points.length;
      schedule(pendingPoints >= maxPoints);
      return batch.promise;
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
      for (
        let i = 0;
        i < 100 &&
        (running ||
          chunks.length ||
          sorties.length ||
          events.length ||
          prunes.length ||
          positions.size ||
          journalIds.length > 0);
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
