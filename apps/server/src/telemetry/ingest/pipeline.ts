/**
 * Ingest: what every transport (embedded MQTT broker, external broker, HTTP batch) calls.
 *
 *   validate -> drop rules -> live state (the map sees it at once) -> writer (durable; the
 *   caller's promise resolves at COMMIT) -> sortie tracker (fed only committed points, in order)
 *   -> at landing, a close job: the writer builds the sortie from the stored points.
 *
 * Per drone it keeps two watermarks: `queuedUntil` (newest recordTime accepted, for the
 * duplicate rule) and `committedUntil` (newest stored). A failed flush rolls the first back to the
 * second, so the sender's retry is accepted again rather than dropped as a duplicate.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Logger } from 'pino';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import { type ClosedSortie, SortieTracker, type TrackerOptions } from '../tracker/sortieTracker.ts';
import type { DroneDirectory, DroneMeta } from './droneDirectory.ts';
import type { LiveState } from './liveState.ts';
import { pilotsKnown, unlinkPilots, warmPilots } from './pilots.ts';
import {
  type Anchor,
  acceptPoints,
  BadMessage,
  DEFAULT_TIME_WINDOW,
  newAnchor,
  parsePayload,
  type TimeWindow,
} from './validate.ts';
import type { Chunk, Writer } from './writer.ts';

export interface DroneTrack {
  tracker: SortieTracker;
  meta: DroneMeta;
  queuedUntil: number;
  committedUntil: number;
  /** Newest accepted fix, for the impossible-speed rule. */
  anchor: Anchor;
  /** A pilot-membership lookup this drone's messages wait for, in the order they came. */
  pilotGate: Promise<unknown> | null;
  /** Server time of the newest point, to run the tracker's time-out on the drone's clock. */
  receivedAt: number;
}

/** Stream rules (anomalies) see every committed point of a drone, in order. */
export type PointObserver = (meta: DroneMeta, points: readonly TelemetryPoint[], airborne: boolean) => void;

export interface IngestDeps {
  directory: DroneDirectory;
  live: LiveState;
  writer: Writer;
  locate: (lng: number, lat: number) => RegionAt;
  logger?: Logger;
  tracker?: Partial<TrackerOptions>;
  observers?: PointObserver[];
  now?: () => number;
  /** Accepted recordTimes around the server's clock (config TELEMETRY_MAX_*). */
  window?: TimeWindow;
}

export interface IngestResult {
  accepted: number;
  outOfRange: number;
  outOfTime: number;
  duplicates: number;
  implausible: number;
  /** Points kept without their pilotId: not a member of the drone's operating account. */
  pilotUnlinked: number;
}

/** An answer for points none of which were taken (every count zero). */
export function nothingIngested(): IngestResult {
  return { accepted: 0, outOfRange: 0, outOfTime: 0, duplicates: 0, implausible: 0, pilotUnlinked: 0 };
}

/**
 * Points taken at once (`ingestNow`): their counts, and the commit that stores the accepted ones
 * (null: none accepted). Acknowledge only once `stored` has resolved.
 */
export interface Taken {
  result: IngestResult;
  stored: Promise<void> | null;
}

export class IngestError extends BadMessage {
  constructor(
    message: string,
    readonly status: 403 | 404 | 400,
  ) {
    super(message);
  }
}

/**
 * Cluster mode (telemetry/cluster): where a drone's points go when this process does not own the
 * drone's partition, and who hears of each live position this process takes.
 */
export interface IngestRouter {
  /** Whether this process takes the drone's points itself now (ingestNow declines the others). */
  owns?(droneId: string): boolean;
  points(droneId: string, points: readonly TelemetryPoint[], accountId: number | null): Promise<IngestResult>;
  raw(droneId: string, payload: Buffer, accountId: number | null): Promise<IngestResult>;
  /** A position this process (the owner) took, for the other processes' maps. */
  live?(droneId: string, point: TelemetryPoint, airborne: boolean, sortieStart: number | null): void;
}

const GROUND_KEEP_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;

export function createIngest(deps: IngestDeps) {
  const { directory, live, writer } = deps;
  const now = deps.now ?? Date.now;
  const drones = new Map<string, DroneTrack>();
  let lastPrune = now();
  let router: IngestRouter | null = null;
  /** Drones with messages waiting for a directory lookup (how many). */
  const lookups = new Map<string, number>();
  const timeWindow = deps.window ?? DEFAULT_TIME_WINDOW;
  const counters = {
    ...nothingIngested(),
    rejected: 0,
    lastRejectReason: '',
  };

  function stateOf(meta: DroneMeta): DroneTrack {
    let s = drones.get(meta.droneId);
    if (!s) {
      // Nothing up to the drone's last stored sortie is taken again (also after a restart).
      const floor = meta.storedUntil ?? Number.NEGATIVE_INFINITY;
      s = {
        tracker: new SortieTracker({ ...deps.tracker, keepPoints: false }),
        meta,
        queuedUntil: floor,
        committedUntil: floor,
        anchor: newAnchor(),
        pilotGate: null,
        receivedAt: 0,
      };
      drones.set(meta.droneId, s);
    }
    s.meta = meta;
    return s;
  }

  function closed(s: DroneTrack, sorties: readonly ClosedSortie[]) {
    for (let i = 0; i < sorties.length; i++) {
      const c = sorties[i] as ClosedSortie;
      writer.closeSortie({
        droneId: s.meta.droneId,
        startTime: c.startTime,
        endTime: c.endTime,
        reason: c.reason,
        airStart: c.airStart,
      });
      writer.addEvent({
        droneId: s.meta.droneId,
        time: c.endTime,
        type: 'landing',
        detail: { reason: c.reason },
      });
    }
  }

  /** Feeds committed points to the trackers (the writer calls this after each COMMIT). */
  function committed(chunks: Chunk[]) {
    // Indexed loops: this runs for every stored point, and the iterators of for-of were 2 % of the
    // ingest's garbage (bench/ingest.ts BENCH_ALLOC_PROFILE).
    const observers = deps.observers ?? [];
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c] as Chunk;
      // Stored: counted here, where every commit passes (ingestNow's callers wait on their own).
      counters.accepted += chunk.points.length;
      const s = drones.get(chunk.droneId);
      if (!s) continue;
      for (let i = 0; i < chunk.points.length; i++) {
        const p = chunk.points[i] as TelemetryPoint;
        if (p.recordTime <= s.committedUntil) continue;
        s.committedUntil = p.recordTime;
        const wasAirborne = s.tracker.airborne;
        const mayResume = s.tracker.reopenable;
        closed(s, s.tracker.push(p));
        // A sortie closed by silence and reopened by this point took off long before it.
        const resumed = mayResume && (s.tracker.openedAt ?? p.recordTime) < p.recordTime;
        if (!wasAirborne && s.tracker.airborne && !resumed)
          writer.addEvent({
            droneId: s.meta.droneId,
            time: s.tracker.openedAt ?? p.recordTime,
            type: 'takeoff',
          });
      }
      for (let k = 0; k < observers.length; k++)
        (observers[k] as PointObserver)(s.meta, chunk.points, s.tracker.airborne);
    }
  }

  function failed(chunks: Chunk[]) {
    for (const chunk of chunks) {
      const s = drones.get(chunk.droneId);
      if (s) s.queuedUntil = s.committedUntil;
    }
  }

  function reject(reason: string): never {
    counters.rejected++;
    counters.lastRejectReason = reason;
    throw new BadMessage(reason);
  }

  /** The drone's entry when the key account may send for it; else IngestError (counted). */
  function admit(droneId: string, meta: DroneMeta | null, accountId: number | null): DroneMeta {
    if (!meta) {
      counters.rejected++;
      counters.lastRejectReason = `unknown drone ${droneId}`;
      throw new IngestError(`unknown drone ${droneId}`, 404);
    }
    if (accountId !== null && meta.zz !== accountId && meta.yy !== accountId) {
      counters.rejected++;
      counters.lastRejectReason = `drone ${droneId} is not the key account's`;
      throw new IngestError(`drone ${droneId} is not the key account's`, 403);
    }
    return meta;
  }

  /** Takes a message's points (its pilots known): the checks, the live picture, the writer's queue. */
  function take(meta: DroneMeta, s: DroneTrack, points: readonly TelemetryPoint[]): Taken {
    const droneId = meta.droneId;
    const t = now();
    const acc = acceptPoints(points, s.queuedUntil, s.anchor, t, timeWindow);
    counters.outOfRange += acc.outOfRange;
    counters.outOfTime += acc.outOfTime;
    counters.duplicates += acc.duplicates;
    counters.implausible += acc.implausible;
    const unlinked = unlinkPilots(directory, meta, acc.points);
    const kept = unlinked ? unlinked.points : acc.points;
    const result: IngestResult = {
      accepted: kept.length,
      outOfRange: acc.outOfRange,
      outOfTime: acc.outOfTime,
      duplicates: acc.duplicates,
      implausible: acc.implausible,
      pilotUnlinked: unlinked ? unlinked.unlinked : 0,
    };
    counters.pilotUnlinked += result.pilotUnlinked;
    if (kept.length === 0) return { result, stored: null };
    const last = kept[kept.length - 1] as TelemetryPoint;
    s.queuedUntil = last.recordTime;
    if (t - s.receivedAt > live.onlineWindowMs)
      writer.addEvent({
        droneId,
        time: last.recordTime,
        type: 'online',
        detail: { lng: last.lng, lat: last.lat },
      });
    s.receivedAt = t;
    const airborne = s.tracker.airborne || last.height > 0.8;
    live.update(meta, last, airborne, s.tracker.openedAt, t);
    router?.live?.(droneId, last, airborne, s.tracker.openedAt);
    writer.setPosition(droneId, last);
    return { result, stored: writer.append(droneId, kept) };
  }

  return {
    committed,
    failed,
    drones,
    counters,

    /** Cluster mode: points of drones this process does not own go through `r` (telemetry/cluster). */
    route(r: IngestRouter | null) {
      router = r;
    },

    /** Forgets the trackers of the drones `which` picks (their partition went to another process). */
    drop(which: (droneId: string) => boolean): number {
      let n = 0;
      for (const id of drones.keys())
        if (which(id)) {
          drones.delete(id);
          n++;
        }
      return n;
    },

    /**
     * Ingests points of one drone. `accountId` is the sender's key account (null when an external
     * broker authenticated it). Resolves once the accepted points are stored (in cluster mode by
     * the drone's owner, wherever it runs).
     */
    ingest(
      droneId: string,
      points: readonly TelemetryPoint[],
      accountId: number | null,
    ): Promise<IngestResult> {
      return router
        ? router.points(droneId, points, accountId)
        : this.ingestLocal(droneId, points, accountId);
    },

    /**
     * Ingests points at once when nothing has to be looked up first (the usual case): the drone's
     * directory entry is cached, its pilots known, no earlier message of it is waiting, and (in
     * cluster mode) this process owns it. Answers the counts and the commit to wait for before
     * acknowledging, without a promise per call (an HTTP batch of 250 drones made 500 async frames);
     * null when `ingest` must take the points (it waits for what is missing, in order). Throws
     * IngestError where `ingest` would reject with it.
     */
    ingestNow(droneId: string, points: readonly TelemetryPoint[], accountId: number | null): Taken | null {
      if (router && !router.owns?.(droneId)) return null;
      if (lookups.has(droneId)) return null;
      const meta = directory.fresh(droneId);
      if (meta === undefined) return null;
      const known = admit(droneId, meta, accountId);
      const s = stateOf(known);
      if (s.pilotGate || !pilotsKnown(directory, known, points)) return null;
      return take(known, s, points);
    },

    /**
     * Several drones' points, as an HTTP batch brings them: each drone taken at once where it can
     * (`ingestNow`), else through `ingest`, in order. Resolves once every accepted point is stored,
     * with each drone's counts or its refusal (IngestError), in the drones' order; rejects when the
     * store could not take them (the sender tries again).
     */
    async ingestBatch(
      batch: ReadonlyArray<{ droneId: string; points: readonly TelemetryPoint[] }>,
      accountId: number | null,
    ): Promise<Array<IngestResult | IngestError>> {
      const out: Array<IngestResult | IngestError> = new Array(batch.length);
      const waits: Promise<unknown>[] = [];
      let lastStored: Promise<void> | null = null;
      const refused = (i: number, err: unknown) => {
        if (!(err instanceof IngestError)) throw err;
        out[i] = err;
      };
      try {
        for (let i = 0; i < batch.length; i++) {
          const { droneId, points } = batch[i] as (typeof batch)[number];
          let taken: Taken | null;
          try {
            taken = this.ingestNow(droneId, points, accountId);
          } catch (err) {
            refused(i, err);
            continue;
          }
          if (!taken) {
            waits.push(
              this.ingest(droneId, points, accountId).then(
                (r) => {
                  out[i] = r;
                },
                (err) => refused(i, err),
              ),
            );
            continue;
          }
          out[i] = taken.result;
          // Most of a batch waits on one commit: each commit once.
          if (taken.stored && taken.stored !== lastStored) {
            lastStored = taken.stored;
            waits.push(taken.stored);
          }
        }
      } catch (err) {
        // The commits already waited for still settle: none may reject unobserved.
        for (const w of waits) w.catch(() => undefined);
        throw err;
      }
      await Promise.all(waits);
      return out;
    },

    /** Ingests points of a drone whose tracker lives in this process. */
    async ingestLocal(
      droneId: string,
      points: readonly TelemetryPoint[],
      accountId: number | null,
    ): Promise<IngestResult> {
      // A cached drone is answered without a promise, unless one of its messages is waiting for
      // the directory: that one goes first (a drone's messages are taken in the order they came).
      let meta = lookups.has(droneId) ? undefined : directory.fresh(droneId);
      if (meta === undefined) {
        lookups.set(droneId, (lookups.get(droneId) ?? 0) + 1);
        try {
          meta = await directory.get(droneId);
        } finally {
          const n = (lookups.get(droneId) ?? 1) - 1;
          if (n > 0) lookups.set(droneId, n);
          else lookups.delete(droneId);
        }
      }
      const known = admit(droneId, meta, accountId);
      const s = stateOf(known);
      // A pilot lookup (rare: a new pilot) delays this message and the drone's next ones, in order.
      const warm = warmPilots(directory, known, points);
      if (warm || s.pilotGate) {
        const before = s.pilotGate;
        const gate = Promise.all([before, warm]);
        s.pilotGate = gate;
        try {
          await gate;
        } finally {
          if (s.pilotGate === gate) s.pilotGate = null;
        }
      }
      const taken = take(known, s, points);
      if (taken.stored) await taken.stored;
      return taken.result;
    },

    /** One MQTT message. Throws BadMessage (with the reason) for what it refuses. */
    message(droneId: string, payload: Buffer, accountId: number | null): Promise<IngestResult> {
      return router
        ? router.raw(droneId, payload, accountId)
        : this.messageLocal(droneId, payload, accountId);
    },

    /** One MQTT message of a drone whose tracker lives in this process. */
    async messageLocal(droneId: string, payload: Buffer, accountId: number | null): Promise<IngestResult> {
      let points: TelemetryPoint[];
      try {
        points = parsePayload(payload);
      } catch (err) {
        reject((err as Error).message);
      }
      return this.ingestLocal(droneId, points, accountId);
    },

    /** Time-outs on each drone's clock; drones that went offline. Call about once a second. */
    /**
     * Stored points of drones on the ground that no sortie can need any more: older than
     * GROUND_KEEP_MS before the drone's last point (a take-off reaches back 5 s at most). Without
     * this a drone left switched on on the ground would fill track_chunks. Runs every 5 minutes.
     */
    pruneGround(): number {
      let n = 0;
      for (const s of drones.values())
        if (!s.tracker.airborne && Number.isFinite(s.committedUntil)) {
          writer.prune(s.meta.droneId, s.committedUntil - GROUND_KEEP_MS);
          n++;
        }
      return n;
    },

    tick() {
      const t = now();
      if (t - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = t;
        this.pruneGround();
      }
      for (const s of drones.values()) {
        if (!s.tracker.airborne) continue;
        const droneClock = s.tracker.lastRecordTime + (t - s.receivedAt);
        closed(s, s.tracker.tick(droneClock));
      }
      live.sweep(t);
    },

    /**
     * Restores a drone's tracker from stored points (recovery.ts). `receivedAt` is when silence
     * starts to count: the restart, since a drone cannot be heard while the console is down.
     */
    replay(meta: DroneMeta, points: readonly TelemetryPoint[], receivedAt: number) {
      const s = stateOf(meta);
      s.receivedAt = receivedAt;
      for (const p of points) {
        if (p.recordTime <= s.committedUntil) continue;
        s.committedUntil = p.recordTime;
        s.queuedUntil = p.recordTime;
        closed(s, s.tracker.push(p));
      }
      const last = points.at(-1);
      if (last) Object.assign(s.anchor, { at: last.recordTime, lng: last.lng, lat: last.lat, jumps: 0 });
    },
  };
}
export type Ingest = ReturnType<typeof createIngest>;
