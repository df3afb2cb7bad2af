/**
 * No-fly incursions on the live stream (oddType 1), with hysteresis on both edges so that GPS
 * noise along a border never alarms and one incursion raises exactly one alert:
 *
 * - entry: `enterPoints` consecutive airborne points inside the same zone, each more than
 *   `marginM` from its border, spanning at least `enterDwellMs` (first to last) raise a `start`
 *   event, timed at the first of those points. The margin is a spatial hysteresis band: with it,
 *   a track along the border with GPS noise below the margin can never alarm, whatever the sample
 *   rate (the dwell alone lets a 1 Hz track on the border alarm now and then);
 * - exit: once alerted, `exitPoints` consecutive points not inside the zone (outside it, or on the
 *   ground: the alert is about flying there) spanning `exitDwellMs` end it with an `end` event,
 *   timed at the first of those points; a later entry is a new incursion;
 * - silence: `expire(now)` ends the incursions of drones silent for `silenceMs` at their last point,
 *   and forgets those drones (memory stays bounded by the drones flying now). Silent means not
 *   heard: the caller gives `feed` the time it heard a point (`heardAt`), so a drone uploading
 *   points hours old (a backlog after a lost link, a replayed flight) is not silent while it
 *   talks; without it the point's own time counts.
 *
 * Points must come time-ordered per drone; a point not later than the drone's previous one is
 * ignored. A gap longer than `maxGapMs` breaks an entry streak (the points are not consecutive in
 * any useful sense). Pure: no clock, no I/O.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { depthM, type NoflyIndex, type NoflyZone } from './noflyIndex.ts';

export interface NoflyDetectorOptions {
  enterPoints?: number;
  enterDwellMs?: number;
  exitPoints?: number;
  exitDwellMs?: number;
  /** How far inside a zone a point must be to count toward an entry, m. */
  marginM?: number;
  /** Points at or below this height (m above take-off) are on the ground. */
  minHeightM?: number;
  maxGapMs?: number;
  silenceMs?: number;
}

export const NOFLY_DEFAULTS: Required<NoflyDetectorOptions> = {
  enterPoints: 3,
  enterDwellMs: 5_000,
  exitPoints: 3,
  exitDwellMs: 5_000,
  marginM: 5,
  minHeightM: 0.8,
  maxGapMs: 30_000,
  silenceMs: 120_000,
};

/** Identifies an incursion between its start and end events: `${droneId}:${noflyId}:${time}`. */
export type IncursionKey = string;

export interface NoflyStartEvent {
  kind: 'start';
  key: IncursionKey;
  oddType: 1;
  droneId: string;
  /** When the drone was first seen inside (ms). */
  time: number;
  lng: number;
  lat: number;
  noflyId: number;
  /** The zone's version the drone entered (null for a zone without one). */
  noflyVersion: number | null;
  detail: { zoneName: string; noflyType: 1 | 2; noflyVersion?: number };
}

export interface NoflyEndEvent {
  kind: 'end';
  key: IncursionKey;
  droneId: string;
  noflyId: number;
  /** The start event's time. */
  time: number;
  /** When the drone was first seen out (or its last point, after a silence), ms. */
  endTime: number;
}

export type NoflyEvent = NoflyStartEvent | NoflyEndEvent;

interface Streak {
  count: number;
  since: number;
  lng: number;
  lat: number;
}

interface Incursion {
  key: IncursionKey;
  time: number;
  /** Consecutive points not inside, or null while the drone is inside. */
  out: Streak | null;
}

interface DroneState {
  lastTime: number;
  /** When the newest point was heard (the caller's clock), or -Infinity. */
  heardAt: number;
  entering: Map<number, Streak>;
  inside: Map<number, Incursion>;
}

export interface NoflyDetector {
  /** Feeds one point, heard at `heardAt` (for silence); returns the incursions it starts or ends. */
  feed(droneId: string, p: TelemetryPoint, heardAt?: number): readonly NoflyEvent[];
  /** Ends the incursions of drones silent since before `now - silenceMs`, and forgets those drones. */
  expire(now: number): NoflyEndEvent[];
  /** Open incursions (for tests and the monitor). */
  openCount(): number;
  /**
   * Forgets the drones `which` picks without ending their incursions (cluster mode: their partition
   * went to another process, whose detector continues them: stream.ts openIncursion).
   */
  forget(which: (droneId: string) => boolean): void;
  /**
   * Takes up an incursion another detector started (stored, not ended: a take-over, a restart) as
   * open, the drone last heard at `lastTime`: its next points inside continue it, outside (or a
   * silence) end it. False if this detector has it open already.
   */
  resume(droneId: string, noflyId: number, key: IncursionKey, time: number, lastTime: number): boolean;
}

/** What feed gives for most points (shared: nothing is made for a point that changes nothing). */
const NO_EVENTS: readonly NoflyEvent[] = Object.freeze([]);
const NO_ZONES: readonly NoflyZone[] = Object.freeze([]);

/** `index` is read at every point, so the caller may swap in a rebuilt index at any time. */
export function createNoflyDetector(
  index: () => NoflyIndex,
  options: NoflyDetectorOptions = {},
): NoflyDetector {
  const o = { ...NOFLY_DEFAULTS, ...options };
  const drones = new Map<string, DroneState>();

  const end = (droneId: string, noflyId: number, inc: Incursion, endTime: number): NoflyEndEvent => ({
    kind: 'end',
    key: inc.key,
    droneId,
    noflyId,
    time: inc.time,
    endTime,
  });

  return {
    forget(which) {
      for (const id of drones.keys()) if (which(id)) drones.delete(id);
    },
    resume(droneId, noflyId, key, time, lastTime) {
      let s = drones.get(droneId);
      if (!s) {
        s = { lastTime, heardAt: Number.NEGATIVE_INFINITY, entering: new Map(), inside: new Map() };
        drones.set(droneId, s);
      }
      if (s.inside.has(noflyId)) return false;
      s.inside.set(noflyId, { key, time, out: null });
      return true;
    },
    feed(droneId, p, heardAt = Number.NEGATIVE_INFINITY) {
      const zones = p.height > o.minHeightM ? index().zonesAt(p.lng, p.lat) : NO_ZONES;
      let s = drones.get(droneId);
      // In no zone and inside none (most points): nothing to remember. A streak of entering ends
      // here, and the drone's state goes with it (points come in order: the pipeline's watermark).
      if (zones.length === 0 && (s === undefined || s.inside.size === 0)) {
        if (s !== undefined) drones.delete(droneId);
        return NO_EVENTS;
      }
      if (!s) {
        s = { lastTime: -Infinity, heardAt, entering: new Map(), inside: new Map() };
        drones.set(droneId, s);
      }
      if (heardAt > s.heardAt) s.heardAt = heardAt;
      const t = p.recordTime;
      if (!(t > s.lastTime)) return NO_EVENTS;
      if (t - s.lastTime > o.maxGapMs) s.entering.clear();
      s.lastTime = t;
      const events: NoflyEvent[] = [];
      const here = new Set<number>();
      const deep = new Set<number>();
      for (const zone of zones) {
        here.add(zone.id);
        const open = s.inside.get(zone.id);
        if (open) {
          open.out = null;
          continue;
        }
        if (o.marginM > 0 && depthM(zone, p.lng, p.lat) <= o.marginM) continue;
        deep.add(zone.id);
        let streak = s.entering.get(zone.id);
        if (streak) streak.count += 1;
        else {
          streak = { count: 1, since: t, lng: p.lng, lat: p.lat };
          s.entering.set(zone.id, streak);
        }
        if (streak.count >= o.enterPoints && t - streak.since >= o.enterDwellMs) {
          s.entering.delete(zone.id);
          const key = `${droneId}:${zone.id}:${streak.since}`;
          s.inside.set(zone.id, { key, time: streak.since, out: null });
          events.push({
            kind: 'start',
            key,
            oddType: 1,
            droneId,
            time: streak.since,
            lng: streak.lng,
            lat: streak.lat,
            noflyId: zone.id,
            noflyVersion: zone.version ?? null,
            detail: {
              zoneName: zone.name,
              noflyType: zone.noflyType,
              ...(zone.version ? { noflyVersion: zone.version } : {}),
            },
          });
        }
      }
      for (const id of s.entering.keys()) if (!deep.has(id)) s.entering.delete(id);
      for (const [id, inc] of s.inside) {
        if (here.has(id)) continue;
        if (inc.out) inc.out.count += 1;
        else inc.out = { count: 1, since: t, lng: p.lng, lat: p.lat };
        if (inc.out.count >= o.exitPoints && t - inc.out.since >= o.exitDwellMs) {
          s.inside.delete(id);
          events.push(end(droneId, id, inc, inc.out.since));
        }
      }
      return events;
    },

    expire(now) {
      const events: NoflyEndEvent[] = [];
      for (const [droneId, s] of drones) {
        if (now - Math.max(s.lastTime, s.heardAt) < o.silenceMs) continue;
        for (const [id, inc] of s.inside) events.push(end(droneId, id, inc, inc.out?.since ?? s.lastTime));
        drones.delete(droneId);
      }
      return events;
    },

    openCount() {
      let n = 0;
      for (const s of drones.values()) n += s.inside.size;
      return n;
    },
  };
}
