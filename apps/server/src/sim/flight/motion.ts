/**
 * Flight segments in the pass frame, each lasting a whole number of sample periods. A segment's
 * nominal speed is lowered just enough to make its duration a multiple of the period (at most one
 * period longer), so every segment starts and ends on a sample: the pump switches on and off
 * exactly at sample times, and at the field edges. Speeds are constant within a segment
 * (accelerations of 1-2 s are not modelled).
 */
import type { UV } from './plan.ts';

/** What the drone is doing; `mode` in the telemetry follows from it. */
export type Phase =
  | 'preflight'
  | 'takeoff'
  | 'transit'
  | 'descend'
  | 'spray'
  | 'turn'
  | 'climb'
  | 'return'
  | 'land'
  | 'landed';

/** Phases reported with mode 'return' (going home); the others are 'auto'. */
export const RETURN_PHASES: ReadonlySet<Phase> = new Set<Phase>(['climb', 'return', 'land', 'landed']);

interface SegBase {
  phase: Phase;
  /** Whole sample periods. */
  ticks: number;
  /** Pump flow, L/min; 0 with the pump off. */
  flow: number;
}

export type Segment =
  | (SegBase & { kind: 'hold'; at: UV; height: number })
  | (SegBase & { kind: 'vertical'; at: UV; h0: number; h1: number })
  | (SegBase & { kind: 'line'; p0: UV; p1: UV; height: number })
  | (SegBase & { kind: 'arc'; center: UV; radius: number; a0: number; sweep: number; height: number });

/** Where the drone is k periods into a segment, and how it moves (horizontal speed m/s, direction). */
export interface Kinematics {
  at: UV;
  height: number;
  speed: number;
  /** Direction of horizontal motion in the pass frame; undefined when not moving horizontally. */
  dir?: UV;
}

export function ticksFor(seconds: number, dt: number): number {
  return Math.max(1, Math.ceil(seconds / dt - 1e-9));
}

export function hold(phase: Phase, at: UV, seconds: number, dt: number): Segment {
  return { kind: 'hold', phase, at, height: 0, ticks: ticksFor(seconds, dt), flow: 0 };
}

export function vertical(phase: Phase, at: UV, h0: number, h1: number, rate: number, dt: number): Segment {
  return { kind: 'vertical', phase, at, h0, h1, ticks: ticksFor(Math.abs(h1 - h0) / rate, dt), flow: 0 };
}

export function line(
  phase: Phase,
  p0: UV,
  p1: UV,
  height: number,
  speed: number,
  dt: number,
  flow = 0,
): Segment {
  const length = Math.hypot(p1.u - p0.u, p1.v - p0.v);
  return { kind: 'line', phase, p0, p1, height, ticks: ticksFor(length / speed, dt), flow };
}

export function segmentLength(s: Segment): number {
  if (s.kind === 'line') return Math.hypot(s.p1.u - s.p0.u, s.p1.v - s.p0.v);
  if (s.kind === 'arc') return Math.abs(s.sweep) * s.radius;
  return 0;
}

/**
 * The U-turn from the end of one pass to the start of the next (pump off, turn speed): run on to
 * the farther of the two ends, a half circle of diameter = pass spacing beyond it, then back to
 * the next start. For a rectangle both ends line up and the turn is just the half circle.
 */
export function uTurn(
  end: UV,
  dirU: number,
  start: UV,
  height: number,
  speed: number,
  dt: number,
): Segment[] {
  const segs: Segment[] = [];
  const uT = dirU > 0 ? Math.max(end.u, start.u) : Math.min(end.u, start.u);
  const radius = Math.abs(start.v - end.v) / 2;
  if (radius < 1e-6) return [line('turn', end, start, height, speed, dt)];
  if (Math.abs(uT - end.u) > 1e-6) segs.push(line('turn', end, { u: uT, v: end.v }, height, speed, dt));
  const up = start.v > end.v;
  const sweep = Math.PI * Math.sign(dirU) * (up ? 1 : -1);
  segs.push({
    kind: 'arc',
    phase: 'turn',
    center: { u: uT, v: (end.v + start.v) / 2 },
    radius,
    a0: up ? -Math.PI / 2 : Math.PI / 2,
    sweep,
    height,
    ticks: ticksFor((Math.PI * radius) / speed, dt),
    flow: 0,
  });
  if (Math.abs(uT - start.u) > 1e-6) segs.push(line('turn', { u: uT, v: start.v }, start, height, speed, dt));
  return segs;
}

export function kinematics(s: Segment, k: number, dt: number): Kinematics {
  const f = k / s.ticks;
  switch (s.kind) {
    case 'hold':
      return { at: s.at, height: s.height, speed: 0 };
    case 'vertical':
      return { at: s.at, height: s.h0 + (s.h1 - s.h0) * f, speed: 0 };
    case 'line': {
      const du = s.p1.u - s.p0.u;
      const dv = s.p1.v - s.p0.v;
      const length = Math.hypot(du, dv);
      return {
        at: { u: s.p0.u + du * f, v: s.p0.v + dv * f },
        height: s.height,
        speed: length / (s.ticks * dt),
        dir: length > 0 ? { u: du / length, v: dv / length } : undefined,
      };
    }
    case 'arc': {
      const a = s.a0 + s.sweep * f;
      const sign = Math.sign(s.sweep);
      return {
        at: { u: s.center.u + s.radius * Math.cos(a), v: s.center.v + s.radius * Math.sin(a) },
        height: s.height,
        speed: (Math.abs(s.sweep) * s.radius) / (s.ticks * dt),
        dir: { u: -Math.sin(a) * sign, v: Math.cos(a) * sign },
      };
    }
  }
}
