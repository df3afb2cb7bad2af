/**
 * The simulator flies a received route (issue 11): one drone's `DroneRoute` of a group plan, as a
 * `plan` command delivers it (contracts/routes.ts `planCommandPayload`).
 *
 * A sortie: ground samples at home (preflightS), vertical take-off to the transit height, transit
 * to where the work resumes, descent to the spraying height, then the legs in order:
 *  - spray: pump on at the plan's flowLpm, at the plan's speed, exactly from the leg's first point
 *    to its last (flat swath ends, as simulate.ts does at the field edges);
 *  - turn: pump off, spraying height, at the plan's speed but TURN_S longer per turn leg (slowing
 *    down and speeding up again: a 5 m U-turn at 5 m/s takes 3 s, 1.7 m/s on average);
 *  - transit: climb to the transit height, fly the path, descend to the spraying height.
 * The legs before the first spray leg and after the last one (from and to home) are not flown as
 * legs: the sortie's own take-off, transit and return replace them.
 * Tank and battery as simulate.ts: before each spray leg and at every sample on it, the drone
 * stops when the tank cannot feed another period or the battery is at the reserve; the pump stops
 * at that exact point, the drone climbs, flies home, lands, the crew refills and swaps the battery
 * (refillS, drone off: no samples), and the next sortie resumes exactly there.
 * Points carry `swath` = the plan's width.
 *
 * Control (the simulated drone obeying commands, sim/fleet/mission.ts), checked at every sample:
 * `paused()` hovers where the drone is (pump off) until it answers false, then goes on from there;
 * `returnHome()` stops the route: the drone climbs, flies home and lands (the last sortie's truth
 * says 'done' and the route's truth `returnedHome`). `progress` is kept up to date.
 *
 * Truth: per sortie (SortieTruth) and for the route, the area of the union of the flat-ended swath
 * rectangles of the straight stretches sprayed (exact leg geometry, no GPS noise; measured by the
 * union of quads, quadUnion.ts), the volume (flow x pump-on time), and the flight time from each
 * take-off to its touchdown.
 */
import { type DroneRoute, type LngLat, PLAN_DEFAULTS } from '@agrifleet/domain';
import { Flight, type RtkFix, type SimSample, type SortieTruth } from './flight.ts';
import { framePlanAt } from './home.ts';
import { hold, kinematics, line, type Phase, type Segment, vertical } from './motion.ts';
import type { UV } from './plan.ts';
import { mulberry32 } from './prng.ts';
import { checkDrone, type DroneProfile } from './profile.ts';
import { rectsArea, type Step, stepsOf } from './routeSteps.ts';

/** What the drone takes from the plan (RoutePlan's fields). */
export interface RouteSettings {
  home: LngLat;
  /** Swath, m. */
  width: number;
  /** Spraying speed, m/s. */
  speed: number;
  /** Spraying height, m. */
  height: number;
  flowLpm: number;
  /** Default PLAN_DEFAULTS.transitHeightM (at least the spraying height). */
  transitHeightM?: number;
  /** Default PLAN_DEFAULTS.transitSpeedMps. */
  transitSpeedMps?: number;
}

export interface RouteControl {
  paused(): boolean;
  returnHome(): boolean;
}

/** Written while flying: spray legs of the route and those flown to their end. */
export interface RouteProgress {
  sprayLegs: number;
  sprayLegsDone: number;
}

export interface RouteFlightOptions {
  /** Time of the first sample, ms since the epoch. */
  startTime: number;
  /** Samples per second, 1-10. Default 5. */
  rateHz?: number;
  seed?: number;
  /** Horizontal GPS noise, metres (1 sigma). Default 0.03. */
  gpsSigmaM?: number;
  rtk?: RtkFix;
  pilotId?: number;
  cropId?: number;
  /** Refill and battery swap, drone off, seconds. Default 180 (no jitter). */
  refillS?: number;
  /** Ground samples before take-off and after touchdown, seconds. Defaults 5 and 3. */
  preflightS?: number;
  postflightS?: number;
  control?: RouteControl;
  progress?: RouteProgress;
}

export interface RouteTruth {
  sorties: number;
  /** First take-off and last touchdown, ms. */
  startTime: number;
  endTime: number;
  /** Sum over sorties of take-off to touchdown, s. */
  flightTimeS: number;
  sprayedAreaM2: number;
  volumeL: number;
  sprayTimeS: number;
  sprayLegs: number;
  sprayLegsDone: number;
  /** Stopped by `returnHome` before the end. */
  returnedHome: boolean;
  sortieTruths: SortieTruth[];
}

const NEVER: RouteControl = { paused: () => false, returnHome: () => false };

export function* flyRoute(
  baseDrone: DroneProfile,
  settings: RouteSettings,
  route: DroneRoute,
  opts: RouteFlightOptions,
): Generator<SimSample, RouteTruth> {
  const rateHz = opts.rateHz ?? 5;
  if (!(rateHz >= 1 && rateHz <= 10)) throw new Error('rateHz must be in [1, 10]');
  const s: Required<RouteSettings> = {
    home: settings.home,
    width: settings.width,
    speed: settings.speed,
    height: settings.height,
    flowLpm: settings.flowLpm,
    transitHeightM: Math.max(settings.height, settings.transitHeightM ?? PLAN_DEFAULTS.transitHeightM),
    transitSpeedMps: settings.transitSpeedMps ?? PLAN_DEFAULTS.transitSpeedMps,
  };
  const drone: DroneProfile = {
    ...baseDrone,
    swathM: s.width,
    flowLpm: s.flowLpm,
    sprayMps: s.speed,
    sprayHeightM: s.height,
    transitHeightM: s.transitHeightM,
    transitMps: s.transitSpeedMps,
  };
  checkDrone(drone);
  const framePlan = framePlanAt(s.home, s.width);
  const frame = framePlan.frame;
  const toUV = (p: LngLat): UV => {
    const xy = frame.toXY({ lng: p[0], lat: p[1] });
    return { u: xy.x, v: xy.y };
  };
  const rng = mulberry32(opts.seed ?? 1);
  const dt = 1 / rateHz;
  const flight = new Flight({
    drone,
    plan: framePlan,
    rng,
    startTime: opts.startTime,
    rateHz,
    gpsSigmaM: opts.gpsSigmaM ?? 0.03,
    rtk: opts.rtk ?? 4,
    pilotId: opts.pilotId,
    cropId: opts.cropId,
  });
  const control = opts.control ?? NEVER;
  const steps = stepsOf(route, toUV, s);
  const progress = opts.progress ?? { sprayLegs: 0, sprayLegsDone: 0 };
  progress.sprayLegs = steps.filter((st) => st.legStart).length;
  progress.sprayLegsDone = 0;

  const home: UV = { u: 0, v: 0 };
  const flowPerTick = (s.flowLpm / 60) * dt;
  const reasonNow = (): 'tank' | 'battery' | undefined =>
    flight.tank < flowPerTick - 1e-9 ? 'tank' : flight.battery <= drone.reservePct ? 'battery' : undefined;

  let cur = { at: home, h: 0 };
  /** Flies seg from cur; returns whether it reached its end. */
  function* go(seg: Segment, stop?: () => boolean): Generator<SimSample, boolean> {
    const flown = yield* flight.fly(seg, stop);
    const kin = kinematics(seg, flown, dt);
    cur = { at: kin.at, h: kin.height };
    return flown >= seg.ticks;
  }
  const hoverSeg = (): Segment => ({
    kind: 'hold',
    phase: 'transit',
    at: cur.at,
    height: cur.h,
    ticks: 1,
    flow: 0,
  });
  const interrupted = () => control.paused() || control.returnHome();
  /** Hovers while paused; answers why it stopped hovering early, if it did. */
  function* hover(): Generator<SimSample, 'returnHome' | 'battery' | undefined> {
    while (control.paused()) {
      if (control.returnHome()) return 'returnHome';
      if (flight.battery <= drone.reservePct) return 'battery';
      yield* go(hoverSeg());
    }
    return control.returnHome() ? 'returnHome' : undefined;
  }
  /** Flies a line or vertical from cur to its end, hovering through pauses. */
  function* reach(
    seg: () => Segment | undefined,
  ): Generator<SimSample, 'returnHome' | 'battery' | 'tank' | undefined> {
    for (;;) {
      const sg = seg();
      if (!sg) return undefined;
      const done = yield* go(sg, interrupted);
      if (done) return undefined;
      if (control.returnHome()) return 'returnHome';
      if (control.paused()) {
        const why = yield* hover();
        if (why) return why;
        continue;
      }
      const why = reasonNow();
      if (why) return why;
    }
  }
  const lineTo =
    (phase: Phase, b: UV, h: number, speed: number, flow = 0) =>
    () =>
      Math.hypot(b.u - cur.at.u, b.v - cur.at.v) < 1e-6
        ? undefined
        : line(phase, cur.at, b, h, speed, dt, flow);
  const verticalTo = (phase: Phase, h: number, rate: number) => () =>
    Math.abs(h - cur.h) < 1e-6 ? undefined : vertical(phase, cur.at, cur.h, h, rate, dt);

  const sortieTruths: SortieTruth[] = [];
  const allRects: Array<[UV, UV]> = [];
  let volumeL = 0;
  let sprayTicks = 0;
  let i = 0;
  let resume = steps[0] ? { at: steps[0].a, h: s.height } : undefined;
  let returnedHome = false;
  while (resume && i < steps.length && !returnedHome) {
    flight.startSortie();
    cur = { at: home, h: 0 };
    flight.headTowards(home, resume.at);
    yield* flight.fly(hold('preflight', home, opts.preflightS ?? 5, dt));
    const takeoff = flight.time();
    yield* go(vertical('takeoff', home, 0, s.transitHeightM, drone.climbMps, dt));
    const target = resume;
    let why = yield* reach(lineTo('transit', target.at, s.transitHeightM, s.transitSpeedMps));
    if (!why) why = yield* reach(verticalTo('descend', target.h, drone.descentMps));
    const rects: Array<[UV, UV]> = [];
    let endReason: SortieTruth['endReason'] = 'done';
    while (!why && i < steps.length) {
      const step = steps[i] as Step;
      const atStart = Math.hypot(cur.at.u - step.a.u, cur.at.v - step.a.v) < 1e-6;
      if (step.legStart && atStart) {
        const r = reasonNow();
        if (r) {
          why = r;
          break;
        }
      }
      const seg =
        step.kind === 'vertical'
          ? verticalTo(step.phase, step.h, step.h > cur.h ? drone.climbMps : drone.descentMps)
          : lineTo(step.phase, step.b, step.h, step.speed, step.flow);
      // Spray stops at the tank or battery limit; pauses and returnHome stop any step.
      const sprayStop = step.flow > 0 ? () => reasonNow() !== undefined : undefined;
      // A pause on a spray step ends its run at that point: the swath is recorded per stretch.
      for (;;) {
        const start = cur.at;
        const sg = seg();
        if (!sg) break;
        const done = yield* go(sg, () => interrupted() || (sprayStop?.() ?? false));
        if (step.flow > 0) rects.push([start, cur.at]);
        if (done) break;
        if (control.returnHome()) {
          why = 'returnHome';
          break;
        }
        if (control.paused()) {
          why = yield* hover();
          if (why) break;
          continue;
        }
        why = reasonNow();
        if (why) break;
      }
      if (why) break;
      if (step.legEnd) progress.sprayLegsDone++;
      i++;
    }
    if (why === 'returnHome') returnedHome = true;
    if (why === 'tank' || why === 'battery') endReason = why;
    // Where the next sortie starts: the stop point on a step, or the next spray leg's start.
    const step = steps[i];
    if (step && !returnedHome) {
      const onStep = Math.hypot(cur.at.u - step.a.u, cur.at.v - step.a.v) > 1e-6;
      resume = onStep && step.flow > 0 ? { at: cur.at, h: s.height } : { at: step.a, h: s.height };
    } else resume = undefined;
    yield* go(vertical('climb', cur.at, cur.h, s.transitHeightM, drone.climbMps, dt));
    if (Math.hypot(cur.at.u, cur.at.v) > 1e-6)
      yield* go(line('return', cur.at, home, s.transitHeightM, drone.transitMps, dt));
    yield* go(vertical('land', home, cur.h, 0, drone.descentMps, dt));
    const endTime = flight.time();
    volumeL += flight.volumeL;
    sprayTicks += flight.sprayTicks;
    allRects.push(...rects);
    const truth: SortieTruth = {
      index: flight.sortieIndex,
      startTime: takeoff,
      endTime,
      sprayedAreaM2: rectsArea(rects, s.width),
      capsuleAreaM2: 0,
      volumeL: flight.volumeL,
      sprayTimeS: flight.sprayTicks * dt,
      distanceM: flight.distanceM,
      runs: rects.length,
      endReason,
    };
    sortieTruths.push(truth);
    yield* flight.fly(hold('landed', home, opts.postflightS ?? 3, dt), undefined, truth);
    if (resume) flight.pause(opts.refillS ?? 180);
  }
  const first = sortieTruths[0];
  const last = sortieTruths[sortieTruths.length - 1];
  return {
    sorties: sortieTruths.length,
    startTime: first?.startTime ?? opts.startTime,
    endTime: last?.endTime ?? opts.startTime,
    flightTimeS: sortieTruths.reduce((t, x) => t + (x.endTime - x.startTime) / 1000, 0),
    sprayedAreaM2: rectsArea(allRects, s.width),
    volumeL,
    sprayTimeS: sprayTicks * dt,
    sprayLegs: progress.sprayLegs,
    sprayLegsDone: progress.sprayLegsDone,
    returnedHome,
    sortieTruths,
  };
}

export interface RouteRun {
  sorties: Array<{ points: SimSample['point'][]; truth: SortieTruth }>;
  truth: RouteTruth;
}

/** Flies a whole route and groups the points by sortie, with the truths. */
export function runRoute(
  drone: DroneProfile,
  settings: RouteSettings,
  route: DroneRoute,
  opts: RouteFlightOptions,
): RouteRun {
  const sorties: RouteRun['sorties'] = [];
  let points: SimSample['point'][] = [];
  const it = flyRoute(drone, settings, route, opts);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return { sorties, truth: r.value };
    points.push(r.value.point);
    if (r.value.sortieTruth) {
      sorties.push({ points, truth: r.value.sortieTruth });
      points = [];
    }
  }
}
