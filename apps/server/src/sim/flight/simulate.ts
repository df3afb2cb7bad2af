/**
 * The mission simulator: a drone sprays a field sortie after sortie until every pass is done.
 *
 * A sortie: ground samples before take-off (preflightS), vertical climb to the transit height,
 * transit to the next pass start, descent to the spraying height, passes joined by U-turns (pump
 * off), until the tank cannot feed another sample period, the battery is at the reserve, or the
 * field is done; then climb, fly home and land ('return' mode), and ground samples after landing
 * (postflightS). A pass cut short resumes, same direction, where the pump stopped.
 * Between sorties the crew refills the tank and swaps the battery (refillS, jittered by +-30 s):
 * the drone is switched off then, so no samples are sent; the next take-off starts a new sortie.
 *
 * Area truth, in ellipsoidal square metres (geo.ts), of one sortie or of the whole mission: the
 * union of the swaths of its spraying runs, overlaps counted once. A run is the straight segment
 * from its first to its last pump-on sample; its swath is `swath` wide, centred on it, with
 *  - flat ends: `sprayedAreaM2`. The pump switches exactly at the field edges, so for a whole
 *    rectangular field the runs tile it and the mission's sprayedAreaM2 = width x length;
 *  - round ends (the capsule swept by a disc of diameter swath): `capsuleAreaM2`. This is what a
 *    tracker gets that joins consecutive pump-on samples by capsules (as telemetry/area does):
 *    each run adds up to pi swath^2 / 4 over sprayedAreaM2, +2.1% per sortie and +1.7% for the
 *    whole mission in the 100 mu example (7 m swath, passes 333 m long).
 * Either is what a tracker computes from the points, up to the GPS jitter (within 0.05%).
 * Volume truth: the sum over runs of flow x duration (first to last pump-on sample), which equals
 * the sum over consecutive pump-on sample pairs of flow x (time difference).
 */

import { capsuleUnionAreaM2, type Rect, unionAreaM2 } from './area.ts';
import { Flight, type RtkFix, type SimSample, type SortieTruth } from './flight.ts';
import type { Field } from './geo.ts';
import { hold, line, ticksFor, uTurn, vertical } from './motion.ts';
import { type MissionPlan, type Piece, pieceRect, planMission, type Row } from './plan.ts';
import { mulberry32 } from './prng.ts';
import { checkDrone, type DroneProfile } from './profile.ts';

export type { SimSample, SortieTruth } from './flight.ts';

export interface SimOptions {
  /** Time of the first sample, ms since the epoch. */
  startTime: number;
  /** Samples per second, 1-10. Default 5. */
  rateHz?: number;
  seed?: number;
  /** Fraction of the swath shared by adjacent passes, 0-0.5. Default 0. */
  overlap?: number;
  /** Horizontal GPS noise, metres (1 sigma). Default 0.03 (RTK fixed); vertical noise is twice it. */
  gpsSigmaM?: number;
  rtk?: RtkFix;
  pilotId?: number;
  cropId?: number;
  /** Flight mode while working: 'auto' (route), 'ab' (A-B line) or 'manual'. Default 'auto'. */
  workMode?: 'auto' | 'ab' | 'manual';
  /** Refill and battery swap on the ground, drone off, seconds. Default 180. */
  refillS?: number;
  /** Ground samples before take-off and after touchdown, seconds. Defaults 5 and 3. */
  preflightS?: number;
  postflightS?: number;
  /** Relative spread (1 sigma, cut at 3) of each pass's flow around the drone's flow. Default 0.01. */
  flowJitter?: number;
}

export interface MissionTruth {
  sorties: number;
  /** First take-off and last touchdown, ms. */
  startTime: number;
  endTime: number;
  sprayedAreaM2: number;
  capsuleAreaM2: number;
  volumeL: number;
  sprayTimeS: number;
  fieldAreaM2: number;
}

export interface MissionRun {
  plan: MissionPlan;
  sorties: Array<{ points: SimSample['point'][]; truth: SortieTruth }>;
  truth: MissionTruth;
}

/** The plan the simulator flies for these inputs. */
export function planFor(
  drone: DroneProfile,
  field: Field,
  opts: Pick<SimOptions, 'overlap'> = {},
): MissionPlan {
  checkDrone(drone);
  return planMission(field, drone.swathM, { overlap: opts.overlap ?? 0 });
}

export function* simulateMission(
  drone: DroneProfile,
  field: Field,
  opts: SimOptions,
): Generator<SimSample, MissionTruth> {
  const rateHz = opts.rateHz ?? 5;
  if (!(rateHz >= 1 && rateHz <= 10)) throw new Error('rateHz must be in [1, 10]');
  if (!(Number.isInteger(opts.startTime) && opts.startTime > 0))
    throw new Error('startTime must be a positive integer');
  const plan = planFor(drone, field, opts);
  const rng = mulberry32(opts.seed ?? 1);
  const dt = 1 / rateHz;
  const jitter = opts.flowJitter ?? 0.01;
  const rowFlow = plan.rows.map((): number => {
    const z = Math.max(-3, Math.min(3, rng.normal(1)));
    return Math.max(0.01, Math.round(drone.flowLpm * (1 + jitter * z) * 100) / 100);
  });
  // Each row is flown at the spray speed lowered to a whole number of periods for the full pass.
  const rowSpeed = plan.rows.map((r) => {
    const length = r.uMax - r.uMin;
    return length / (ticksFor(length / drone.sprayMps, dt) * dt);
  });
  const flight = new Flight({
    drone,
    plan,
    rng,
    startTime: opts.startTime,
    rateHz,
    gpsSigmaM: opts.gpsSigmaM ?? 0.03,
    rtk: opts.rtk ?? 4,
    pilotId: opts.pilotId,
    cropId: opts.cropId,
    workMode: opts.workMode,
  });
  const queue: Piece[] = plan.pieces.map((p) => ({ ...p }));
  const allRects: Rect[] = [];
  const home = plan.home;
  const { sprayHeightM: sprayH, transitHeightM: transitH } = drone;
  let volumeL = 0;
  let sprayTicks = 0;
  let startTime = 0;
  let endTime = 0;
  const rowOf = (p: Piece) => plan.rows[p.row] as Row;
  const flowPerTick = (p: Piece) => ((rowFlow[p.row] as number) / 60) * dt;

  while (queue.length > 0) {
    flight.startSortie();
    const first = queue[0] as Piece;
    let here = { u: first.from, v: rowOf(first).v };
    flight.headTowards(home, here);
    yield* flight.fly(hold('preflight', home, opts.preflightS ?? 5, dt));
    const takeoff = flight.time();
    if (startTime === 0) startTime = takeoff;
    yield* flight.fly(vertical('takeoff', home, 0, transitH, drone.climbMps, dt));
    yield* flight.fly(line('transit', home, here, transitH, drone.transitMps, dt));
    yield* flight.fly(vertical('descend', here, transitH, sprayH, drone.descentMps, dt));
    const rects: Rect[] = [];
    let endReason: SortieTruth['endReason'] = 'done';
    const reasonNow = (p: Piece) =>
      flight.tank < flowPerTick(p) - 1e-9
        ? 'tank'
        : flight.battery <= drone.reservePct
          ? 'battery'
          : undefined;
    for (;;) {
      const piece = queue[0] as Piece;
      const row = rowOf(piece);
      const start = { u: piece.from, v: row.v };
      const end = { u: piece.to, v: row.v };
      const ticks = Math.max(
        1,
        Math.round(Math.abs(piece.to - piece.from) / ((rowSpeed[row.index] as number) * dt)),
      );
      const seg = { ...line('spray', start, end, sprayH, 1, dt, rowFlow[row.index]), ticks };
      const flown = yield* flight.fly(seg, () => reasonNow(piece) !== undefined);
      const stopU = piece.from + ((piece.to - piece.from) * flown) / ticks;
      rects.push(pieceRect(plan, { row: piece.row, from: piece.from, to: stopU }));
      here = { u: stopU, v: row.v };
      if (flown < ticks) {
        endReason = reasonNow(piece) ?? 'tank';
        piece.from = stopU;
        break;
      }
      queue.shift();
      const next = queue[0];
      if (!next) break;
      const why = reasonNow(next);
      if (why) {
        endReason = why;
        break;
      }
      const nextStart = { u: next.from, v: rowOf(next).v };
      for (const s of uTurn(end, Math.sign(piece.to - piece.from), nextStart, sprayH, drone.turnMps, dt)) {
        yield* flight.fly(s);
      }
    }
    yield* flight.fly(vertical('climb', here, sprayH, transitH, drone.climbMps, dt));
    yield* flight.fly(line('return', here, home, transitH, drone.transitMps, dt));
    yield* flight.fly(vertical('land', home, transitH, 0, drone.descentMps, dt));
    endTime = flight.time();
    if (flight.sprayTicks === 0) throw new Error('a sortie sprayed nothing: field out of the drone range');
    volumeL += flight.volumeL;
    sprayTicks += flight.sprayTicks;
    allRects.push(...rects);
    const truth: SortieTruth = {
      index: flight.sortieIndex,
      startTime: takeoff,
      endTime,
      sprayedAreaM2: unionAreaM2(rects),
      capsuleAreaM2: capsuleUnionAreaM2(rects),
      volumeL: flight.volumeL,
      sprayTimeS: flight.sprayTicks * dt,
      distanceM: flight.distanceM,
      runs: rects.length,
      endReason,
    };
    yield* flight.fly(hold('landed', home, opts.postflightS ?? 3, dt), undefined, truth);
    flight.pause((opts.refillS ?? 180) + rng.range(-30, 30));
  }
  return {
    sorties: flight.sortieIndex + 1,
    startTime,
    endTime,
    sprayedAreaM2: unionAreaM2(allRects),
    capsuleAreaM2: capsuleUnionAreaM2(allRects),
    volumeL,
    sprayTimeS: sprayTicks * dt,
    fieldAreaM2: plan.fieldAreaM2,
  };
}

/** Runs a whole mission and groups the points by sortie, with the truths. */
export function runMission(drone: DroneProfile, field: Field, opts: SimOptions): MissionRun {
  const sorties: MissionRun['sorties'] = [];
  let points: SimSample['point'][] = [];
  const it = simulateMission(drone, field, opts);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return { plan: planFor(drone, field, opts), sorties, truth: r.value };
    points.push(r.value.point);
    if (r.value.sortieTruth) {
      sorties.push({ points, truth: r.value.sortieTruth });
      points = [];
    }
  }
}
