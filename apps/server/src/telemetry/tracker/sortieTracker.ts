/**
 * Cuts one drone's stream of telemetry into sorties: take-off to landing. Pure and per drone; the
 * ingest pipeline keeps one tracker per online drone and feeds it points in time order.
 *
 * - Airborne: height above `takeoffHeightM` opens a sortie, which starts at the last point on the
 *   ground before it (within 5 s), so take-off time is not late.
 * - Landed: height below `groundHeightM` and speed below `groundSpeedMps` for `landedDwellMs`:
 *   the sortie ends at the first of those ground points (touchdown).
 * - Lost: no point for `timeoutMs` while airborne closes the sortie at its last point (reason
 *   'timeout'): a drone that lost its link or its power still gets its work counted.
 * - Resumed: a sortie closed by silence (`tick`) is reopened, not duplicated, by a point that
 *   continues it (no more than `timeoutMs` after its last point, as a point inside a sortie may
 *   follow the one before): a link back after a minute, or a lagging upload resent after a console
 *   restart, is one flight. Its next close carries the same start time, so the writer replaces the
 *   stored 'timeout' sortie (ingest/writerStore.ts).
 * - A sortie longer than `maxPoints` points is closed and a new one opened (reason 'split'),
 *   which bounds memory per drone.
 *
 * With `keepPoints: false` the tracker keeps no points, only its state (constant memory per
 * drone): closed sorties carry their times and the caller reads the points back from storage.
 * Ingest runs it that way; the points are in track_chunks by then.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

export interface TrackerOptions {
  takeoffHeightM: number;
  groundHeightM: number;
  groundSpeedMps: number;
  landedDwellMs: number;
  timeoutMs: number;
  maxPoints: number;
  keepPoints: boolean;
}

export const DEFAULT_TRACKER: TrackerOptions = {
  takeoffHeightM: 0.8,
  groundHeightM: 0.4,
  groundSpeedMps: 0.5,
  landedDwellMs: 2_000,
  timeoutMs: 60_000,
  maxPoints: 200_000,
  keepPoints: true,
};

export interface ClosedSortie {
  /** The sortie's points (empty when the tracker runs with keepPoints: false). */
  points: TelemetryPoint[];
  /** Take-off and touchdown (or last point), ms since the epoch. */
  startTime: number;
  endTime: number;
  pointCount: number;
  reason: 'landed' | 'timeout' | 'split';
  /**
   * The sortie began in the air (its first point not on the ground): it may continue one that
   * was closed by silence before a restart lost the tracker's memory of it (writerStore.ts).
   */
  airStart: boolean;
}

/** What `push` answers for a point that closes nothing (shared: never written to). */
const NO_SORTIES: readonly ClosedSortie[] = Object.freeze([]);

interface Open {
  first: TelemetryPoint;
  count: number;
  /** Kept points (keepPoints only). */
  points: TelemetryPoint[] | null;
  /** First point of the current run of ground points and its index, or null. */
  groundSince: TelemetryPoint | null;
  groundIndex: number;
  last: TelemetryPoint;
}

export class SortieTracker {
  private readonly o: TrackerOptions;
  private open: Open | null = null;
  /** Before take-off: the last point on the ground and the points since (lifting off). */
  private lastGround: TelemetryPoint | null = null;
  private lifting: TelemetryPoint[] = [];
  private lastTime = Number.NEGATIVE_INFINITY;
  /** The sortie the last `tick` closed by silence, until a point continues it or comes too late. */
  private resumable: Open | null = null;

  constructor(options: Partial<TrackerOptions> = {}) {
    this.o = { ...DEFAULT_TRACKER, ...options };
  }

  /** True while a sortie is open. */
  get airborne(): boolean {
    return this.open !== null;
  }

  /** Take-off time of the open sortie. */
  get openedAt(): number | null {
    return this.open?.first.recordTime ?? null;
  }

  /** recordTime of the newest point fed. */
  get lastRecordTime(): number {
    return this.lastTime;
  }

  /** Points of the open sortie so far (read only; empty without keepPoints). */
  get current(): readonly TelemetryPoint[] {
    return this.open?.points ?? [];
  }

  /** Feeds one point (time order; older or equal times are ignored). Returns sorties it closed. */
  push(p: TelemetryPoint): readonly ClosedSortie[] {
    if (p.recordTime <= this.lastTime) return NO_SORTIES;
    if (this.resumable) {
      if (p.recordTime - this.lastTime <= this.o.timeoutMs) this.open = this.resumable;
      this.resumable = null;
    }
    // Almost every point closes nothing: no array is made for it (this runs for every stored point).
    let closed: ClosedSortie[] | null = null;
    if (this.open && p.recordTime - this.lastTime > this.o.timeoutMs) closed = [this.close('timeout')];
    this.lastTime = p.recordTime;
    const onGround = p.height < this.o.groundHeightM && p.speed < this.o.groundSpeedMps;
    if (!this.open) {
      if (p.height > this.o.takeoffHeightM) {
        const ground =
          this.lastGround && p.recordTime - this.lastGround.recordTime <= 5_000 ? [this.lastGround] : [];
        const lifted = [...ground, ...this.lifting, p];
        this.open = {
          first: lifted[0] as TelemetryPoint,
          count: lifted.length,
          points: this.o.keepPoints ? lifted : null,
          groundSince: null,
          groundIndex: -1,
          last: p,
        };
        this.lifting = [];
      } else if (p.height < this.o.groundHeightM) {
        this.lastGround = p;
        if (this.lifting.length) this.lifting = [];
      } else {
        this.lifting.push(p);
      }
      return closed ?? NO_SORTIES;
    }
    const open = this.open;
    open.points?.push(p);
    open.count++;
    open.last = p;
    if (onGround) {
      if (!open.groundSince) {
        open.groundSince = p;
        open.groundIndex = open.count - 1;
      }
      if (p.recordTime - open.groundSince.recordTime >= this.o.landedDwellMs)
        closed = [...(closed ?? []), this.close('landed')];
    } else {
      open.groundSince = null;
      open.groundIndex = -1;
      if (open.count >= this.o.maxPoints) {
        closed = [...(closed ?? []), this.close('split')];
        this.open = {
          first: p,
          count: 1,
          points: this.o.keepPoints ? [p] : null,
          groundSince: null,
          groundIndex: -1,
          last: p,
        };
      }
    }
    return closed ?? NO_SORTIES;
  }

  /** Closes the open sortie if the drone has been silent for the timeout at time `now`. */
  tick(now: number): ClosedSortie[] {
    if (!this.open || now - this.lastTime <= this.o.timeoutMs) return [];
    const open = this.open;
    const closed = this.close('timeout');
    // Kept whole (points too, with keepPoints) so that a point continuing it reopens it.
    this.resumable = open;
    return [closed];
  }

  /** True while a sortie closed by silence may still be reopened by the drone's next point. */
  get reopenable(): boolean {
    return this.resumable !== null;
  }

  private close(reason: ClosedSortie['reason']): ClosedSortie {
    const open = this.open as Open;
    const landed = reason === 'landed' && open.groundSince !== null;
    const endPoint = landed ? (open.groundSince as TelemetryPoint) : open.last;
    const count = landed ? open.groundIndex + 1 : open.count;
    this.open = null;
    this.lastGround = reason === 'landed' ? open.last : null;
    return {
      points: open.points ? open.points.slice(0, count) : [],
      startTime: open.first.recordTime,
      endTime: endPoint.recordTime,
      pointCount: count,
      reason,
      airStart: open.first.height >= this.o.groundHeightM,
    };
  }
}
