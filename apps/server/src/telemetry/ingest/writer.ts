/**
 * The batched writer (group commit): appended points go into PostgreSQL as one journal row per
 * flush, compacted every few seconds into per-drone `track_chunks` rows; an append's promise
 * resolves only after COMMIT: that is when HTTP answers 2xx and MQTT sends PUBACK. At most two
 * flushes are in flight, the second of points only and committing only after the first did (see
 * `schedule`). If a flush fails, every caller waiting on it, on the flush behind it and in the
 * queue is rejected (so the sender retries, in order) and `onFailed` lets the pipeline forget what
 * it had accepted from them.
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
  type JournalRow,
  journalBlob,
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
  /**
   * A flush starts at once when this many points wait (default 2,000), and with one in flight a
   * second one (points only) starts behind it: a burst (many senders answered by one commit) is
   * sent to PostgreSQL in parts while it is still being taken, and the first senders are answered
   * while the last part commits, instead of every sender waiting for one commit of the whole.
   */
  overlapPoints?: number;
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

/** Flushes at most in flight at once: one that may do anything, and one of points only behind it. */
const MAX_IN_FLIGHT = 2;

export function createWriter(db: Db, opts: WriterOptions) {
  const flushMs = opts.flushMs ?? 0;
  const maxPoints = opts.maxPoints ?? 20_000;
  const overlapPoints = opts.overlapPoints ?? 2_000;
  const positionsMs = opts.positionsMs ?? 5_000;
  const compactMs = opts.compactMs ?? 2_000;
  let lastCompaction = Date.now();
  /**
   * This writer's journal rows not compacted yet (committed), with the blobs it stored: compaction
   * writes them to track_chunks from memory (a few seconds of points) instead of reading them back.
   */
  let journal: JournalRow[] = [];
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
  /**
   * The flushes form a chain: each commits only after the one before it has committed, and fails
   * when it failed (so the pipeline hears of a drone's points in order, and a drone's retry never
   * comes behind its later points). `last` settles with the newest flush's outcome.
   */
  let last: Promise<boolean> = Promise.resolve(true);
  let inFlight = 0;
  let closed = false;
  const stats = { flushes: 0, failures: 0, points: 0, chunks: 0, sorties: 0 };

  const hasWork = () => chunks.length > 0 || sorties.length > 0 || events.length > 0 || prunes.length > 0;
  const compactionDue = () => journal.length > 0 && Date.now() - lastCompaction >= compactMs;
  const positionsDue = () => positions.size > 0 && Date.now() - lastPositionsWrite >= positionsMs;
  /** Work only a flush with none before it in flight does: it waits for them to settle. */
  const otherDue = () =>
    sorties.length > 0 || events.length > 0 || prunes.length > 0 || compactionDue() || positionsDue();

  /**
   * Starts a flush when one is due. With none in flight: at once (`now`, or overlapPoints waiting)
   * or after flushMs (group commit: what arrives meanwhile joins it). With one in flight: a second
   * flush of points only, once overlapPoints are waiting, so they are sent before the first commits;
   * the rest waits for one to settle, which starts the next. Other work due (a landing, compaction)
   * starts no second flush: the ones in flight settle and it goes next, so points never starve it.
   */
  function schedule(now = false) {
    if (closed || inFlight >= MAX_IN_FLIGHT) return;
    if (inFlight > 0) {
      if (pendingPoints >= overlapPoints && !otherDue()) startFlush(true);
      return;
    }
    if (now || pendingPoints >= overlapPoints) {
      if (timer) clearTimeout(timer);
      timer = null;
      startFlush(false);
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        if (inFlight === 0 && (hasWork() || otherDue())) startFlush(false);
      }, flushMs);
    }
  }

  function startFlush(pointsOnly: boolean) {
    // Only a flush still in flight orders this one (a failure long settled holds nothing back).
    const prev = inFlight > 0 ? last : Promise.resolve(true);
    inFlight++;
    const run = flushOnce(prev, pointsOnly);
    last = run;
    void run.then(() => {
      inFlight--;
      if (hasWork() || (inFlight === 0 && otherDue())) schedule(pendingPoints >= maxPoints);
    });
  }

  // When ingest goes quiet, the journal is still compacted within compactMs.
  const compactor = setInterval(() => {
    if (compactionDue()) schedule(true);
  }, compactMs);
  compactor.unref();

  /**
   * One flush: the waiting points, and unless `pointsOnly` everything else that waits (landings,
   * events, prunes, positions, compaction). A flush that is not points-only starts only when the one
   * before it has settled (schedule), so it compacts every committed journal row and its landings
   * read every committed point. A points-only flush sends its journal row at once, then waits for
   * the flush before it and commits only if that one did. Resolves with its outcome, never rejects,
   * and never before the flush before it has settled (so `last` settling means all have, and the
   * pipeline hears of outcomes in order, also when this one fails before it waited).
   */
  async function flushOnce(prev: Promise<boolean>, pointsOnly: boolean): Promise<boolean> {
    const myChunks = chunks;
    const myBatch = batch;
    const mySorties = pointsOnly ? [] : sorties;
    const myEvents = pointsOnly ? [] : events;
    const myPrunes = pointsOnly ? [] : prunes;
    const myPositions = !pointsOnly && positionsDue() ? [...positions] : [];
    if (myPositions.length) {
      positions.clear();
      lastPositionsWrite = Date.now();
    }
    chunks = [];
    batch = null;
    pendingPoints = 0;
    if (!pointsOnly) {
      sorties = [];
      events = [];
      prunes = [];
    }
    try {
      const compact = !pointsOnly && (mySorties.length > 0 || Date.now() - lastCompaction >= compactMs);
      const blob = journalBlob(myChunks);
      let stored: JournalRow | null = null;
      await db.transaction().execute(async (trx) => {
        // A flush that compacts writes its own points straight to track_chunks, with the journal
        // rows before it (this writer's own: recovery compacts what others left). Close jobs read
        // their points from track_chunks, so a landing always compacts first.
        if (compact) await compactJournal(trx, blob ? [...journal, { ...blob, id: null }] : journal);
        else if (blob) stored = { id: await insertJournal(trx, blob), data: blob.data, index: blob.index };
        // Nothing below may lock a row the flush before this one could still need.
        if (!(await prev)) throw new Error('the flush before this one failed');
        if (myChunks.length) await opts.afterPoints?.(trx, myChunks);
        // Landings of every process one at a time: their rollups and hooks write shared rows
        // (daily totals, programme figures, balances), which two processes' flushes would
        // otherwise lock in different orders (deadlocks seen in cluster mode).
        if (mySorties.length) await sql`SELECT pg_advisory_xact_lock(${LANDING_LOCK})`.execute(trx);
        const sortieIds: number[] = [];
        for (const job of mySorties) {
          const id = await insertSortie(trx, job, opts.buildSortie, opts.afterSortie, opts.retractSorties);
          if (id !== null) sortieIds.push(id);
        }
        if (sortieIds.length) await opts.afterSorties?.(trx, sortieIds);
        await insertEvents(trx, myEvents);
        await pruneChunks(trx, myPrunes);
        await updatePositions(trx, myPositions);
      });
      stats.flushes++;
      if (compact) {
        lastCompaction = Date.now();
        journal = [];
      } else if (stored) journal.push(stored);
      stats.chunks += myChunks.length;
      stats.sorties += mySorties.length;
      for (const c of myChunks) stats.points += c.points.length;
      myBatch?.resolve();
      if (myChunks.length) opts.onCommitted?.(myChunks);
      return true;
    } catch (err) {
      await prev;
      stats.failures++;
      opts.logger?.error(
        { err, chunks: myChunks.length, sorties: mySorties.length },
        'telemetry flush failed',
      );
      const failure = new Error('telemetry store unavailable');
      // Points queued behind the failed ones are refused too, so each drone's retry comes in order
      // (a flush already in flight behind this one fails with it).
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
      return false;
    }
  }

  return {
    /** Stores a drone's points; resolves once they are committed. */
    append(droneId: string, points: TelemetryPoint[]): Promise<void> {
      if (closed) return Promise.reject(new Error('telemetry writer closed'));
      batch ??= newBatch();
      const mine = batch;
      chunks.push({ droneId, points });
      pendingPoints += points.length;
      // (may start the flush that takes these points at once)
      schedule(pendingPoints >= maxPoints);
      return mine.promise;
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
        i < 100 && (inFlight > 0 || hasWork() || positions.size > 0 || journal.length > 0);
        i++
      ) {
        if (inFlight === 0) schedule(true);
        await last;
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
