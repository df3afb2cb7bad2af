/**
 * Drone profiles. Figures follow the 20-40 L class of spraying drones (DJI T20/T30/T40,
 * XAG P100): swath 5-9 m, flow 4-16 L/min, 12-18 min of hover at full take-off weight.
 */
import type { Rng } from './prng.ts';

export interface DroneProfile {
  /** Swath width, m (5-9). */
  swathM: number;
  /** Pump flow while spraying, L/min (4-16). */
  flowLpm: number;
  /** Tank capacity, L (20-40); the liquid weighs 1 kg/L. */
  tankL: number;
  /** Flight time on one battery at full take-off weight (full tank), min (12-18). */
  enduranceMin: number;
  /** Take-off weight with battery and an empty tank, kg. */
  dryMassKg: number;
  /** Ground speed along the passes, m/s (4-7). */
  sprayMps: number;
  /** Ground speed to and from the field, m/s (8-10). */
  transitMps: number;
  /** Ground speed in the U-turns at the ends of the passes, m/s. */
  turnMps: number;
  /** Spraying height above the take-off point, m (2-3.5). */
  sprayHeightM: number;
  /** Height for the flights between home and the field, m. */
  transitHeightM: number;
  climbMps: number;
  descentMps: number;
  /** Battery percent at which the drone stops spraying and returns home. */
  reservePct: number;
}

/** A 30 L drone, mid-range; 8 L/min at 6 m/s x 7 m is 2.1 L/mu (32 L/ha), a usual rate. */
export const DEFAULT_DRONE: DroneProfile = {
  swathM: 7,
  flowLpm: 8,
  tankL: 30,
  enduranceMin: 15,
  dryMassKg: 40,
  sprayMps: 6,
  transitMps: 9,
  turnMps: 2.5,
  sprayHeightM: 3,
  transitHeightM: 6,
  climbMps: 2.5,
  descentMps: 1.5,
  reservePct: 25,
};

/** x to a multiple of step, without binary noise (2.9, not 2.9000000000000004). */
const round = (x: number, step: number) => Number((Math.round(x / step) * step).toFixed(3));

/** A drone drawn from the realistic ranges (tank and take-off weight go together). */
export function randomDrone(rng: Rng): DroneProfile {
  const tankL = rng.pick([20, 25, 30, 40]);
  return {
    swathM: round(rng.range(5, 9), 0.5),
    flowLpm: round(rng.range(4, 16), 0.1),
    tankL,
    enduranceMin: round(rng.range(12, 18), 0.5),
    dryMassKg: round(tankL * 1.1 + rng.range(5, 10), 0.1),
    sprayMps: round(rng.range(4, 7), 0.1),
    transitMps: round(rng.range(8, 10), 0.1),
    turnMps: round(rng.range(2, 3), 0.1),
    sprayHeightM: round(rng.range(2, 3.5), 0.1),
    transitHeightM: round(rng.range(5, 8), 0.5),
    climbMps: round(rng.range(2, 3), 0.1),
    descentMps: round(rng.range(1.2, 2), 0.1),
    reservePct: rng.pick([20, 25, 30]),
  };
}

/** Throws on a profile the model cannot fly (not on figures outside the usual ranges). */
export function checkDrone(d: DroneProfile): void {
  const positive: Array<keyof DroneProfile> = [
    'swathM',
    'flowLpm',
    'tankL',
    'enduranceMin',
    'dryMassKg',
    'sprayMps',
    'transitMps',
    'turnMps',
    'sprayHeightM',
    'climbMps',
    'descentMps',
  ];
  for (const key of positive) {
    if (!(d[key] > 0)) throw new Error(`drone ${key} must be positive`);
  }
  if (d.transitHeightM < d.sprayHeightM) throw new Error('drone transitHeightM must be >= sprayHeightM');
  if (!(d.reservePct >= 0 && d.reservePct < 100)) throw new Error('drone reservePct must be in [0, 100)');
}

/**
 * Battery drain, percent per second. Hover power grows with take-off weight to the power 1.5
 * (momentum theory), so a drone with an empty tank flies (m_full / m)^1.5 times longer: about
 * 2.4x for a 30 L drone, as the makers' hover times at empty and full weight show. Climbing costs
 * 20% more, descending 15% less; forward flight at these speeds is counted as hover.
 */
export function batteryDrainPctPerS(
  d: DroneProfile,
  tankL: number,
  phase: 'climb' | 'descend' | 'fly',
): number {
  const full = d.dryMassKg + d.tankL;
  const ratio = (d.dryMassKg + tankL) / full;
  const factor = phase === 'climb' ? 1.2 : phase === 'descend' ? 0.85 : 1;
  return (100 / (d.enduranceMin * 60)) * ratio ** 1.5 * factor;
}
