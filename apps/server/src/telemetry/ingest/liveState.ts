/**
 * The latest state of every drone ingest has heard from (and of those it knows a last position
 * of), in memory: the monitor reads it, never the database. A drone is online while its last
 * point arrived within the online window (default 60 s).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import type { DroneMeta } from './droneDirectory.ts';

export interface LiveDrone {
  meta: DroneMeta;
  point: TelemetryPoint;
  /** Server time the last point arrived, ms. */
  receivedAt: number;
  /** Increases with every change: the monitor socket sends what changed since it last looked. */
  seq: number;
  region: RegionAt;
  airborne: boolean;
  /** Take-off time of the open sortie. */
  sortieStart: number | null;
}

/** Recompute a drone's region after it moved this far (degrees, about 2 km) or this long. */
const REGION_MOVE_DEG = 0.02;
const REGION_MAX_AGE_MS = 5 * 60_000;

export class LiveState {
  private readonly drones = new Map<
    string,
    LiveDrone & { regionFrom: { lng: number; lat: number; at: number }; announcedOnline: boolean }
  >();
  private seqCounter = 0;

  constructor(
    private readonly locate: (lng: number, lat: number) => RegionAt,
    readonly onlineWindowMs = 60_000,
  ) {}

  get seq(): number {
    return this.seqCounter;
  }

  update(meta: DroneMeta, point: TelemetryPoint, airborne: boolean, sortieStart: number | null, now: number) {
    const prev = this.drones.get(meta.droneId);
    let region = prev?.region;
    let regionFrom = prev?.regionFrom;
    if (
      !region ||
      !regionFrom ||
      Math.abs(point.lng - regionFrom.lng) > REGION_MOVE_DEG ||
      Math.abs(point.lat - regionFrom.lat) > REGION_MOVE_DEG ||
      now - regionFrom.at > REGION_MAX_AGE_MS
    ) {
      region = this.locate(point.lng, point.lat);
      regionFrom = { lng: point.lng, lat: point.lat, at: now };
    }
    if (prev) {
      // In place (as sweep does): one object per drone, not one per point.
      prev.meta = meta;
      prev.point = point;
      prev.receivedAt = now;
      prev.seq = ++this.seqCounter;
      prev.region = region;
      prev.regionFrom = regionFrom;
      prev.airborne = airborne;
      prev.sortieStart = sortieStart;
      prev.announcedOnline = true;
      return;
    }
    this.drones.set(meta.droneId, {
      meta,
      point,
      receivedAt: now,
      seq: ++this.seqCounter,
      region,
      regionFrom,
      airborne,
      sortieStart,
      announcedOnline: true,
    });
  }

  /** A drone known only by its last stored position (start-up): offline until it sends. */
  restore(meta: DroneMeta, point: TelemetryPoint, receivedAt: number) {
    if (this.drones.has(meta.droneId)) return;
    const region = this.locate(point.lng, point.lat);
    this.drones.set(meta.droneId, {
      meta,
      point,
      receivedAt,
      seq: ++this.seqCounter,
      region,
      regionFrom: { lng: point.lng, lat: point.lat, at: receivedAt },
      airborne: false,
      sortieStart: null,
      announcedOnline: false,
    });
  }

  /** Marks drones that just went offline as changed (so sockets hear of it). Call every few seconds. */
  sweep(now: number) {
    for (const d of this.drones.values()) {
      if (d.announcedOnline && now - d.receivedAt > this.onlineWindowMs) {
        d.announcedOnline = false;
        d.airborne = false;
        d.seq = ++this.seqCounter;
      }
    }
  }

  online(d: LiveDrone, now: number): boolean {
    return now - d.receivedAt <= this.onlineWindowMs;
  }

  get(droneId: string): LiveDrone | undefined {
    return this.drones.get(droneId);
  }

  values(): IterableIterator<LiveDrone> {
    return this.drones.values();
  }

  get size(): number {
    return this.drones.size;
  }
}
