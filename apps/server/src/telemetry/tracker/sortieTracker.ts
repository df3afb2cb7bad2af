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
 * - A sortie longer than `maxPoints` points is closed and a new one opened (reason 'split'),
 *   which bounds memory per drone.
 */
import type { TelemetryPoint } from '@agrifleet/domain';

export interface TrackerOptions {
  takeoffHeightM: number;
  groundHeightM: number;
  groundSpeedMps: number;
  landedDwellMs: number;
  timeoutMs: number;
  maxPoints: number;
}

export const DEFAULT_TRACKER: TrackerOptions = {
  takeoffHeightM: 0.8,
  groundHeightM: 0.4,
  groundSpeedMps: 0.5,
  landedDwellMs: 2_000,
  timeoutMs: 60_000,
  maxPoints: 200_000,
};

export interface ClosedSortie {
  points: TelemetryPoint[];
  /** Take-off and touchdown (or last point), ms since the epoch. */
  startTime: number;
  endTime: number;
  reason: 'landed' | 'timeout' | 'split';
}

export class SortieTracker {
  private readonly o: TrackerOptions;
  private open: TelemetryPoint[] | null = null;
  /** Before take-off: the last point on the ground and the points since (lifting off). */
  private lastGround: TelemetryPoint | null = null;
  private lifting: TelemetryPoint[] = [];
  /** Index in `open` of the first point of the current run of ground points, or -1. */
  private groundSince = -1;
  private lastTime = Number.NEGATIVE_INFINITY;

  constructor(options: Partial<TrackerOptions> = {}) {
    this.o = { ...DEFAULT_TRACKER, ...options };
  }

  /** True while a sortie is open. */
  get airborne(): boolean {
    return this.open !== null;
  }

  /** Points of the open sortie so far (read only). */
  get current(): readonly TelemetryPoint[] {
    return this.open ?? [];
  }

  /** Feeds one point (time order; older or equal times are ignored). Returns sorties it closed. */
  push(p: TelemetryPoint): ClosedSortie[] {
    if (p.recordTime <= this.lastTime) return [];
    const closed: ClosedSortie[] = [];
    if (this.open && p.recordTime - this.lastTime > this.o.timeoutMs) closed.push(this.close('timeout'));
    this.lastTime = p.recordTime;
    const onGround = p.height < this.o.groundHeightM && p.speed < this.o.groundSpeedMps;
    if (!this.open) {
      if (p.height > this.o.takeoffHeightM) {
        const ground =
          this.lastGround && p.recordTime - this.lastGround.recordTime <= 5_000 ? [this.lastGround] : [];
        this.open = [...ground, ...this.lifting, p];
        this.lifting = [];
        this.groundSince = -1;
      } else if (p.height < this.o.groundHeightM) {
        this.lastGround = p;
        this.lifting = [];
      } else {
        this.lifting.push(p);
      }
      return closed;
    }
    this.open.push(p);
    if (onGround) {
      if (this.groundSince < 0) this.groundSince = this.open.length - 1;
      const since = this.open[this.groundSince] as TelemetryPoint;
      if (p.recordTime - since.recordTime >= this.o.landedDwellMs) closed.push(this.close('landed'));
    } else {
      this.groundSince = -1;
      if (this.open.length >= this.o.maxPoints) {
        closed.push(this.close('split'));
        this.open = [p];
      }
    }
    return closed;
  }

  /** Closes the open sortie if the drone has been silent for the timeout at time `now`. */
  tick(now: number): ClosedSortie[] {
    return this.open && now - this.lastTime > this.o.timeoutMs ? [this.close('timeout')] : [];
  }

  private close(reason: ClosedSortie['reason']): ClosedSortie {
    const points = this.open as TelemetryPoint[];
    const end = reason === 'landed' ? this.groundSince : points.length - 1;
    const kept = points.slice(0, end + 1);
    this.open = null;
    this.groundSince = -1;
    this.lastGround = reason === 'landed' ? (points.at(-1) ?? null) : null;
    return {
      points: kept,
      startTime: (kept[0] as TelemetryPoint).recordTime,
      endTime: (kept.at(-1) as TelemetryPoint).recordTime,
      reason,
    };
  }
}
