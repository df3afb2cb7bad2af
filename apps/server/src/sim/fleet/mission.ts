/**
 * A simulated drone that flies the plans it is sent (docs/api.md "Commands", issue 11): a wrapper
 * around a LockableDrone (lock.ts), composed in demoFleet.ts as `missionable(lockable(drone))`.
 *
 *  - `settings` {width?, height?, speed?}: stored, answered done; they apply to the plans flown
 *    after, over the plan's own values when they came after the plan (the flow is scaled so the
 *    dosage stays the plan's).
 *  - `plan` (contracts/routes.ts planCommandPayload): stored by routeId, answered done.
 *  - `start` {routeId}: failed `noPlan` without that plan, `locked` when locked; else answered
 *    `acknowledged` at once. The drone ends what it is doing: in the air it climbs, flies back to
 *    where it took off and lands now (flight/home.ts); on the ground (between fields, refilling) at
 *    once. Then the crew drives it to the plan's home (`driveMs`, no samples), and it flies the route
 *    (flight/route.ts, in wall-clock time: preflight ground samples at the new home first, so ingest
 *    re-anchors the track), repeating `acknowledged` with `progress` (spray legs flown / spray legs)
 *    every `progressMs`, and answers `done` after landing at the end. A second start supersedes the
 *    first (failed `superseded`).
 *  - `pause`: it hovers where it is (pump off), done; `resume`: goes on from there, done (both failed
 *    `notFlying` / `notPaused` when they do not apply).
 *  - `returnHome`: the plan stops; the drone flies home and lands; answered acknowledged at once,
 *    done once landed, and then the start `failed` with reason `returnedHome`.
 *  - Locked while flying a plan, it returns home and lands (start failed `locked`) and stays there.
 * After a plan (done or stopped) it stays on the ground at the plan's home, online (a ground sample
 * every `heartbeatMs`), for `stayMs`, and while locked; then it goes on with its own day: from where
 * it was left if that was on the ground, else from its next touchdown (the sortie it was pulled out
 * of is dropped), its schedule shifted by the time it was away.
 */
import {
  type CommandMessage,
  type LngLat,
  type PlanCommandPayload,
  planCommandPayload,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { flyHome } from '../flight/home.ts';
import { hashSeed, type SimSample } from '../flight/index.ts';
import { flyRoute, type RouteControl, type RouteProgress, type RouteTruth } from '../flight/route.ts';
import type { LockableDrone } from './lock.ts';

export interface Answer {
  state: 'acknowledged' | 'done' | 'failed';
  reason?: string;
  progress?: number;
}

export interface MissionDrone extends LockableDrone {
  /** Obeys a settings, plan, start, pause, resume or returnHome command: its first answer. */
  obey(c: CommandMessage): Answer;
  /** Later answers (a start's progress and end). */
  onAnswer(listener: (commandId: number, answer: Answer) => void): void;
  /** What it is doing for a plan now, or null when it flies its own day. */
  readonly mission: 'home' | 'drive' | 'route' | 'stay' | null;
}

export interface MissionOptions {
  /** Wall clock, ms. Default Date.now. */
  clock?: () => number;
  /** The crew drives it to the plan's home. Default 20 s. */
  driveMs?: number;
  /** On the ground at home after a plan. Default 15 min. */
  stayMs?: number;
  heartbeatMs?: number;
  progressMs?: number;
  rateHz?: number;
}

/** The sortie tracker's ground test (as lock.ts). */
const onGround = (p: TelemetryPoint) => p.height < 0.4 && p.speed < 0.5;

interface Mission {
  startId: number;
  plan: PlanCommandPayload;
  phase: 'home' | 'drive' | 'route' | 'stay';
  gen: Generator<SimSample, unknown> | null;
  next: IteratorResult<SimSample, unknown> | null;
  /** End of the drive, or of the stay. */
  until: number;
  /** Wall time the drone left its own day, and whether it was in the air then. */
  since: number;
  leftInAir: boolean;
  control: { paused: boolean; home: boolean; why: 'returnedHome' | 'locked' | null };
  /** The returnHome command to answer `done` once landed. */
  returnHomeId: number | null;
  progress: RouteProgress;
  lastProgressAt: number;
  /** The start has had its last answer. */
  answered: boolean;
  beat: number;
}

export function missionable(inner: LockableDrone, opts: MissionOptions = {}): MissionDrone {
  const clock = opts.clock ?? Date.now;
  const driveMs = opts.driveMs ?? 20_000;
  const stayMs = opts.stayMs ?? 15 * 60_000;
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const progressMs = opts.progressMs ?? 10_000;
  const rateHz = opts.rateHz ?? 5;
  let listener: (id: number, a: Answer) => void = () => {};
  const plans = new Map<number, { id: number; payload: PlanCommandPayload }>();
  let settings: { id: number; width?: number; height?: number; speed?: number } = { id: 0 };
  /** ms the inner drone's schedule is behind the wall clock. */
  let offset = 0;
  let lastSent: TelemetryPoint | undefined;
  let lastGround: TelemetryPoint | undefined;
  let m: Mission | null = null;

  const track = (out: TelemetryPoint[]) => {
    for (const p of out) {
      lastSent = p;
      if (onGround(p)) lastGround = p;
    }
    return out;
  };
  const answer = (id: number, a: Answer) => listener(id, a);

  function finish(x: Mission, a: Answer, at: number): void {
    if (x.returnHomeId !== null) answer(x.returnHomeId, { state: 'done' });
    x.returnHomeId = null;
    if (!x.answered) answer(x.startId, a);
    x.answered = true;
    x.phase = 'stay';
    x.gen = null;
    x.next = null;
    x.until = at + stayMs;
    x.beat = at;
  }

  function routeGen(x: Mission, startTime: number): Generator<SimSample, RouteTruth> {
    const p = x.plan;
    const s: Partial<typeof settings> = settings.id > (plans.get(p.routeId)?.id ?? 0) ? settings : {};
    const width = s.width ?? p.width;
    const speed = s.speed ?? p.speed;
    const control: RouteControl = { paused: () => x.control.paused, returnHome: () => x.control.home };
    return flyRoute(
      inner.drone,
      {
        home: p.home,
        width,
        speed,
        height: s.height ?? p.height,
        flowLpm: (p.flowLpm * (width * speed)) / (p.width * p.speed),
        transitHeightM: p.transitHeight,
      },
      p.route,
      {
        startTime,
        rateHz,
        seed: hashSeed(`${inner.droneId}/${x.startId}`),
        preflightS: 10,
        control,
        progress: x.progress,
      },
    );
  }

  /** The mission's points due by `wall`. */
  function advance(x: Mission, wall: number, maxLagMs: number, out: TelemetryPoint[]): void {
    for (let guard = 0; guard < 8; guard++) {
      if (x.phase === 'home' || x.phase === 'route') {
        if (x.phase === 'route' && inner.locked && !x.control.home) {
          x.control.home = true;
          x.control.why = 'locked';
        }
        const gen = x.gen as Generator<SimSample, unknown>;
        let r = x.next ?? gen.next();
        while (!r.done && r.value.point.recordTime <= wall) {
          if (r.value.point.recordTime >= wall - maxLagMs) out.push(r.value.point);
          lastSent = r.value.point;
          r = gen.next();
        }
        x.next = r;
        if (x.phase === 'route' && !x.answered && wall - x.lastProgressAt >= progressMs) {
          x.lastProgressAt = wall;
          const { sprayLegs, sprayLegsDone } = x.progress;
          answer(x.startId, { state: 'acknowledged', progress: sprayLegs ? sprayLegsDone / sprayLegs : 0 });
        }
        if (!r.done) return;
        const end = lastSent?.recordTime ?? wall;
        if (x.phase === 'home') {
          if (x.control.home || inner.locked) {
            finish(x, { state: 'failed', reason: inner.locked ? 'locked' : 'returnedHome' }, end);
          } else {
            x.phase = 'drive';
            x.until = end + driveMs;
          }
          continue;
        }
        const truth = r.value as RouteTruth;
        const why = truth.returnedHome ? (x.control.why ?? 'returnedHome') : null;
        finish(x, why ? { state: 'failed', reason: why } : { state: 'done', progress: 1 }, end);
        continue;
      }
      if (x.phase === 'drive') {
        if (wall < x.until) return;
        if (inner.locked || x.control.home) {
          finish(x, { state: 'failed', reason: inner.locked ? 'locked' : 'returnedHome' }, x.until);
          continue;
        }
        x.phase = 'route';
        x.gen = routeGen(x, x.until);
        x.next = null;
        x.lastProgressAt = wall;
        continue;
      }
      // stay: ground samples at home, then back to its own day.
      const at = lastSent;
      while (at && x.beat + heartbeatMs <= wall) {
        x.beat += heartbeatMs;
        out.push({ ...at, recordTime: x.beat, speed: 0, flow: 0, pump: false });
      }
      if (wall >= x.until && !inner.locked) release(x, wall);
      return;
    }
  }

  /** Back to its own day: from its next touchdown if it was pulled out of the air. */
  function release(x: Mission, wall: number): void {
    m = null;
    if (!x.leftInAir) {
      offset += wall - x.since;
      return;
    }
    for (let i = 0; i < 200_000; i++) {
      const p = inner.pointsUntil(inner.peekTime(), Number.POSITIVE_INFINITY).at(-1);
      if (p && onGround(p)) break;
    }
    offset = wall + heartbeatMs - inner.peekTime();
  }

  function start(c: CommandMessage, wall: number): Answer {
    const routeId = c.payload.routeId;
    const plan = typeof routeId === 'number' ? plans.get(routeId) : undefined;
    if (!plan) return { state: 'failed', reason: 'noPlan' };
    if (inner.locked) return { state: 'failed', reason: 'locked' };
    const prev = m;
    if (prev && !prev.answered) answer(prev.startId, { state: 'failed', reason: 'superseded' });
    const inAir = lastSent !== undefined && !onGround(lastSent) && prev?.phase !== 'stay';
    const x: Mission = {
      startId: c.id,
      plan: plan.payload,
      phase: inAir ? 'home' : 'drive',
      gen: null,
      next: null,
      until: Math.max(wall, lastSent?.recordTime ?? 0) + driveMs,
      since: prev?.since ?? wall,
      leftInAir: prev ? prev.leftInAir : inAir,
      control: { paused: false, home: false, why: null },
      returnHomeId: null,
      progress: { sprayLegs: 0, sprayLegsDone: 0 },
      lastProgressAt: wall,
      answered: false,
      beat: wall,
    };
    if (inAir && lastSent) {
      const home: LngLat = lastGround ? [lastGround.lng, lastGround.lat] : [lastSent.lng, lastSent.lat];
      x.gen = flyHome(inner.drone, lastSent, home, {
        rateHz,
        seed: hashSeed(`${inner.droneId}/home/${c.id}`),
      });
    }
    m = x;
    return { state: 'acknowledged', progress: 0 };
  }

  function obey(c: CommandMessage): Answer {
    const wall = clock();
    const flying = m && !m.answered ? m : null;
    switch (c.type) {
      case 'settings': {
        const v = c.payload;
        const ok = (k: string) => v[k] === undefined || (typeof v[k] === 'number' && (v[k] as number) > 0);
        if (!ok('width') || !ok('height') || !ok('speed')) return { state: 'failed', reason: 'badSettings' };
        settings = {
          id: c.id,
          width: (v.width as number | undefined) ?? settings.width,
          height: (v.height as number | undefined) ?? settings.height,
          speed: (v.speed as number | undefined) ?? settings.speed,
        };
        return { state: 'done' };
      }
      case 'plan': {
        const parsed = planCommandPayload.safeParse(c.payload);
        if (!parsed.success) return { state: 'failed', reason: 'badPlan' };
        plans.set(parsed.data.routeId, { id: c.id, payload: parsed.data });
        return { state: 'done' };
      }
      case 'start':
        return start(c, wall);
      case 'pause':
        if (!flying) return { state: 'failed', reason: 'notFlying' };
        flying.control.paused = true;
        return { state: 'done' };
      case 'resume':
        if (!flying?.control.paused) return { state: 'failed', reason: 'notPaused' };
        flying.control.paused = false;
        return { state: 'done' };
      case 'returnHome':
        if (!flying) return { state: 'failed', reason: 'notFlying' };
        flying.control.home = true;
        flying.control.paused = false;
        flying.returnHomeId = c.id;
        return { state: 'acknowledged' };
      default:
        return { state: 'failed', reason: `${c.type} is not supported` };
    }
  }

  const take = (wall: number, maxLagMs: number, first: boolean): TelemetryPoint[] => {
    if (!m) {
      const pts = first ? inner.join(wall - offset, maxLagMs) : inner.pointsUntil(wall - offset, maxLagMs);
      return track(offset ? pts.map((p) => ({ ...p, recordTime: p.recordTime + offset })) : pts);
    }
    const out: TelemetryPoint[] = [];
    advance(m, wall, maxLagMs, out);
    return track(out);
  };

  return {
    droneId: inner.droneId,
    place: inner.place,
    drone: inner.drone,
    get locked() {
      return inner.locked;
    },
    get held() {
      return inner.held || (m?.phase === 'stay' && inner.locked);
    },
    get mission() {
      return m?.phase ?? null;
    },
    setLocked: (v) => inner.setLocked(v),
    obey,
    onAnswer(fn) {
      listener = fn;
    },
    peekTime: () => {
      if (!m) return inner.peekTime() + offset;
      if (m.phase === 'drive') return m.until;
      if (m.phase === 'stay') return m.beat + heartbeatMs;
      const r = m.next;
      return r && !r.done ? r.value.point.recordTime : clock();
    },
    pointsUntil: (wall, maxLagMs = 10_000) => take(wall, maxLagMs, false),
    join: (wall, maxLagMs = 10_000) => take(wall, maxLagMs, true),
  };
}
