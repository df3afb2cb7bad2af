/**
 * A simulated drone that obeys a lock (docs/api.md "Commands"): locked on the ground, it does not
 * take off; it stays where it is and reports a ground point every `heartbeatMs`, so the console sees
 * it online and on the ground. Locked in the air, it finishes the sortie under way and lands, then
 * stays on the ground. Unlocked, it goes on with its day from where it stopped (its schedule is
 * shifted by the time it was held; the points of the tick it was caught in are dropped).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { LiveDrone } from '../flight/index.ts';

/** The sortie tracker's ground test (telemetry/tracker DEFAULT_TRACKER). */
const onGround = (p: TelemetryPoint) => p.height < 0.4 && p.speed < 0.5;

export interface LockableDrone extends LiveDrone {
  readonly locked: boolean;
  /** Holding on the ground now (locked and landed). */
  readonly held: boolean;
  setLocked(locked: boolean): void;
}

export function lockable(inner: LiveDrone, opts: { heartbeatMs?: number } = {}): LockableDrone {
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  let locked = false;
  /** ms the drone's own schedule is behind the wall clock (the time it was held). */
  let offset = 0;
  /** Where it holds, and the wall time it stopped; the last heartbeat's time. */
  let hold: { point: TelemetryPoint; since: number; beat: number } | null = null;

  const shift = (p: TelemetryPoint): TelemetryPoint =>
    offset ? { ...p, recordTime: p.recordTime + offset } : p;

  function take(wallTime: number, points: (virtual: number) => TelemetryPoint[]): TelemetryPoint[] {
    if (hold && !locked) {
      // Released: its schedule resumes where it stopped.
      offset += wallTime - hold.since;
      hold = null;
    }
    if (hold) {
      if (wallTime - hold.beat < heartbeatMs) return [];
      hold.beat = wallTime;
      return [{ ...hold.point, recordTime: wallTime, speed: 0, flow: 0, pump: false, mode: 'hover' }];
    }
    const out = points(wallTime - offset).map(shift);
    if (!locked) return out;
    const i = out.findIndex(onGround);
    if (i < 0) return out; // in the air: it flies on until it lands
    const point = out[i] as TelemetryPoint;
    hold = { point, since: wallTime, beat: point.recordTime };
    return out.slice(0, i + 1);
  }

  return {
    droneId: inner.droneId,
    place: inner.place,
    drone: inner.drone,
    get locked() {
      return locked;
    },
    get held() {
      return hold !== null;
    },
    setLocked(v) {
      locked = v;
    },
    peekTime: () => (hold ? hold.beat + heartbeatMs : inner.peekTime() + offset),
    pointsUntil: (wallTime, maxLagMs) => take(wallTime, (t) => inner.pointsUntil(t, maxLagMs)),
    join: (wallTime, maxLagMs) => take(wallTime, (t) => inner.join(t, maxLagMs)),
  };
}
