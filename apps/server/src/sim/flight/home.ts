/**
 * Flights outside a mission plan's own sorties: the frame a route is flown in (metres east and
 * north of its home), and the flight home of a drone told to stop what it is doing (a `start`
 * that finds it in the air: sim/fleet/mission.ts). The drone climbs to the transit height where
 * it is, flies home, lands and sends a few ground samples.
 */
import type { LngLat, TelemetryPoint } from '@agrifleet/domain';
import { Flight, type SimSample } from './flight.ts';
import { localFrame } from './geo.ts';
import { hold, line, vertical } from './motion.ts';
import type { MissionPlan, UV } from './plan.ts';
import { mulberry32 } from './prng.ts';
import type { DroneProfile } from './profile.ts';

/** A plan frame with u east and v north of `home` (what Flight needs to place its samples). */
export function framePlanAt(home: LngLat, swathM: number): MissionPlan {
  const frame = localFrame({ lng: home[0], lat: home[1] });
  return {
    field: { polygon: [], home: frame.origin },
    frame,
    axisU: { x: 1, y: 0 },
    axisV: { x: 0, y: 1 },
    swathM,
    spacingM: swathM,
    rows: [],
    pieces: [],
    home: { u: 0, v: 0 },
    fieldAreaM2: 0,
    coverageAreaM2: 0,
    capsuleCoverageAreaM2: 0,
  };
}

/**
 * From `from` (the last sample sent, in the air) home to `home`: climb to the drone's transit
 * height, fly there, land, `landedS` of ground samples. The first sample is one period after
 * `from`; tank and battery go on from its readings.
 */
export function* flyHome(
  drone: DroneProfile,
  from: TelemetryPoint,
  home: LngLat,
  opts: { rateHz?: number; seed?: number; landedS?: number } = {},
): Generator<SimSample, number> {
  const rateHz = opts.rateHz ?? 5;
  const dt = 1 / rateHz;
  const plan = framePlanAt(home, from.swath || drone.swathM);
  const flight = new Flight({
    drone: { ...drone, swathM: from.swath || drone.swathM },
    plan,
    rng: mulberry32(opts.seed ?? 1),
    startTime: from.recordTime + Math.round(1000 / rateHz),
    rateHz,
    gpsSigmaM: 0.03,
    rtk: (from.rtk as 0 | 1 | 2 | 4 | 5 | undefined) ?? 4,
    pilotId: from.pilotId,
    cropId: from.cropId,
  });
  flight.startSortie();
  flight.tank = from.tank;
  flight.battery = from.battery;
  const xy = plan.frame.toXY({ lng: from.lng, lat: from.lat });
  const at: UV = { u: xy.x, v: xy.y };
  const homeUV: UV = { u: 0, v: 0 };
  const top = Math.max(drone.transitHeightM, from.height);
  flight.headTowards(at, homeUV);
  yield* flight.fly(vertical('climb', at, from.height, top, drone.climbMps, dt));
  yield* flight.fly(line('return', at, homeUV, top, drone.transitMps, dt));
  yield* flight.fly(vertical('land', homeUV, top, 0, drone.descentMps, dt));
  yield* flight.fly(hold('landed', homeUV, opts.landedS ?? 3, dt));
  return flight.time();
}
