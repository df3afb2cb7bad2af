/**
 * A drone's share of a plan as the sorties it flies (issue 21: a plan showed "3 h 59 min" per drone as
 * if it were one flight). The planner costs a drone's piece as `sorties` tank loads with a refill
 * landing between each two (estimate.ts `pieceCost`): every sortie but the last sprays a full tank,
 * the last what remains. A sortie's flight time is its share of the drone's flight time by volume
 * (transits, take-offs and landings spread alike), so the sorties add up to the drone's estimate.
 */
import type { DroneRoute } from './types.ts';

export interface PlannedSortie {
  /** 1-based. */
  n: number;
  volumeL: number;
  /** Estimated flight time, s. */
  flightTimeS: number;
}

export interface DroneSorties {
  sorties: PlannedSortie[];
  /** Landings to refill between sorties. */
  refills: number;
}

export function droneSorties(route: DroneRoute, tankL: number): DroneSorties {
  const count = Math.max(0, route.sorties);
  if (!count) return { sorties: [], refills: 0 };
  const total = route.sprayVolumeL;
  const sorties: PlannedSortie[] = [];
  for (let i = 0; i < count; i++) {
    const volumeL = i < count - 1 ? Math.min(tankL, total) : Math.max(0, total - tankL * (count - 1));
    const share = total > 0 ? volumeL / total : 1 / count;
    sorties.push({ n: i + 1, volumeL, flightTimeS: route.flightTimeS * share });
  }
  return { sorties, refills: count - 1 };
}
