/**
 * Flies segments one sample period at a time and turns the drone's state into telemetry points.
 *
 * Sample k of a segment is taken at its start plus k periods, k = 0 .. ticks-1; the end of a
 * segment is the next segment's sample 0. Where spraying stops, the sample at the stop instant is
 * reported as the last pump-on sample (at the field edge, or where the tank ran dry), so every
 * spraying run has pump-on samples at both of its ends: joining consecutive pump-on samples gives
 * back the run's exact length and duration.
 *
 * Between two samples the tank loses flow x period and the battery loses drain x period, drain
 * taken at the start of the period (see batteryDrainPctPerS). On the ground the motors are off.
 */
import type { FlightMode, TelemetryPoint } from '@agrifleet/domain';
import {
  type Kinematics,
  kinematics,
  type Phase,
  RETURN_PHASES,
  type Segment,
  segmentLength,
} from './motion.ts';
import type { MissionPlan, UV } from './plan.ts';
import { toXY } from './plan.ts';
import type { Rng } from './prng.ts';
import { batteryDrainPctPerS, type DroneProfile } from './profile.ts';

export type RtkFix = 0 | 1 | 2 | 4 | 5;

/** Spraying truth of one sortie, from take-off to touchdown. */
export interface SortieTruth {
  index: number;
  /** Take-off (start of the climb) and touchdown, ms since the epoch, on the sample grid. */
  startTime: number;
  endTime: number;
  /** Union of the flat-ended swath rectangles of the sortie's spraying runs, m^2 (see simulate.ts). */
  sprayedAreaM2: number;
  /** The same with round-ended (capsule) swaths. */
  capsuleAreaM2: number;
  /** Sum over spraying runs of flow x run duration, L. */
  volumeL: number;
  sprayTimeS: number;
  /** Horizontal path length from take-off to touchdown (no jitter), m. */
  distanceM: number;
  /** Spraying runs (whole or partial passes). */
  runs: number;
  /** Why the drone came home: tank empty, battery at the reserve, or field finished. */
  endReason: 'tank' | 'battery' | 'done';
}

export interface SimSample {
  point: TelemetryPoint;
  sortieIndex: number;
  phase: Phase;
  /** On the last sample of each sortie (its last ground sample after landing). */
  sortieTruth?: SortieTruth;
}

export interface FlightConfig {
  drone: DroneProfile;
  plan: MissionPlan;
  rng: Rng;
  startTime: number;
  rateHz: number;
  gpsSigmaM: number;
  rtk: RtkFix;
  pilotId?: number;
  cropId?: number;
  /** Flight mode while working (default 'auto'); 'return' on the way home. */
  workMode?: FlightMode;
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function drainPhase(phase: Phase): 'climb' | 'descend' | 'fly' | undefined {
  if (phase === 'preflight' || phase === 'landed') return undefined;
  if (phase === 'takeoff' || phase === 'climb') return 'climb';
  if (phase === 'descend' || phase === 'land') return 'descend';
  return 'fly';
}

export class Flight {
  /** Sample periods since the mission's start time. */
  tick = 0;
  tank: number;
  battery = 100;
  /** Degrees clockwise from north; kept while the drone does not move horizontally. */
  heading = 0;
  sortieIndex = -1;
  volumeL = 0;
  sprayTicks = 0;
  distanceM = 0;
  readonly dt: number;
  private prev: { seg: Segment; k: number } | undefined;

  constructor(private readonly cfg: FlightConfig) {
    this.tank = cfg.drone.tankL;
    this.dt = 1 / cfg.rateHz;
  }

  time(tick = this.tick): number {
    return this.cfg.startTime + Math.round((tick * 1000) / this.cfg.rateHz);
  }

  /** New battery, full tank, fresh counters. */
  startSortie(): void {
    this.sortieIndex++;
    this.tank = this.cfg.drone.tankL;
    this.battery = 100;
    this.volumeL = 0;
    this.sprayTicks = 0;
    this.distanceM = 0;
    this.prev = undefined;
  }

  /** Time passes on the ground with the drone switched off: no samples. */
  pause(seconds: number): void {
    this.tick += Math.max(0, Math.ceil(seconds * this.cfg.rateHz - 1e-9));
    this.prev = undefined;
  }

  headTowards(from: UV, to: UV): void {
    const b = this.bearing({ u: to.u - from.u, v: to.v - from.v });
    if (b !== undefined) this.heading = b;
  }

  /**
   * Flies `seg`, yielding one sample per period. From the second period on, `stop` may end the
   * segment early; returns the periods flown. `truth` goes on the segment's last sample.
   */
  *fly(seg: Segment, stop?: () => boolean, truth?: SortieTruth): Generator<SimSample, number> {
    let k = 0;
    for (; k < seg.ticks; k++) {
      if (k > 0 && stop?.()) break;
      const sample = this.sample(seg, k);
      if (truth && k === seg.ticks - 1) sample.sortieTruth = truth;
      yield sample;
      this.advance(seg);
    }
    this.prev = { seg, k };
    return k;
  }

  private advance(seg: Segment): void {
    const { drone } = this.cfg;
    const phase = drainPhase(seg.phase);
    if (phase) this.battery -= batteryDrainPctPerS(drone, Math.max(0, this.tank), phase) * this.dt;
    if (seg.flow > 0) {
      this.tank -= (seg.flow / 60) * this.dt;
      this.volumeL += (seg.flow / 60) * this.dt;
      this.sprayTicks++;
    }
    this.distanceM += segmentLength(seg) / seg.ticks;
    this.tick++;
  }

  private bearing(dir: UV): number | undefined {
    const { plan } = this.cfg;
    const x = dir.u * plan.axisU.x + dir.v * plan.axisV.x;
    const y = dir.u * plan.axisU.y + dir.v * plan.axisV.y;
    if (Math.hypot(x, y) < 1e-12) return undefined;
    return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
  }

  private sample(seg: Segment, k: number): SimSample {
    const { cfg } = this;
    const { rng, plan, drone } = cfg;
    const last = this.prev;
    const ending = k === 0 && last !== undefined && last.seg.flow > 0 && seg.flow === 0;
    const src = ending ? last.seg : seg;
    const kin: Kinematics = kinematics(src, ending ? last.k : k, this.dt);
    if (kin.dir && kin.speed > 0) this.heading = this.bearing(kin.dir) ?? this.heading;
    const xy = toXY(plan, kin.at);
    const pos = plan.frame.toLngLat({
      x: xy.x + rng.normal(cfg.gpsSigmaM),
      y: xy.y + rng.normal(cfg.gpsSigmaM),
    });
    const moving = kin.speed > 0;
    const heading = moving ? (this.heading + rng.normal(0.3) + 360) % 360 : this.heading;
    const mode: FlightMode = RETURN_PHASES.has(src.phase) ? 'return' : (cfg.workMode ?? 'auto');
    const point: TelemetryPoint = {
      recordTime: this.time(),
      lng: round(pos.lng, 8),
      lat: round(pos.lat, 8),
      height: round(kin.height + rng.normal(2 * cfg.gpsSigmaM), 3),
      speed: moving ? round(Math.max(0, kin.speed + rng.normal(0.03)), 2) : 0,
      heading: round(heading, 1) % 360,
      battery: round(Math.min(100, Math.max(0, this.battery)), 1),
      flow: src.flow,
      pump: src.flow > 0,
      swath: drone.swathM,
      tank: round(Math.max(0, this.tank), 2),
      mode,
      rtk: cfg.rtk,
    };
    if (cfg.pilotId !== undefined) point.pilotId = cfg.pilotId;
    if (cfg.cropId !== undefined) point.cropId = cfg.cropId;
    return { point, sortieIndex: this.sortieIndex, phase: src.phase };
  }
}
