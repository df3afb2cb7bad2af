/**
 * Pages of drone statistics. Summing the rollup rows of a scope is the whole cost of a request, and a
 * list is read page after page (the export reads every page of 500 rows one after the other), so the
 * sorted set of one query (scope, filters, sort) is kept a short while and its pages are slices of
 * it: 41 export pages of a national fleet cost one pass over the rows, not 41. Figures may lag
 * landed sorties by that while (`ttlMs`, 30 s). Identical requests arriving together share one query.
 */
import type { DroneStatSort } from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { DroneStatFilter, DroneStatRecord, DroneStatsRepo, DroneStatTotals } from './droneStats.repo.ts';
import { totalsOf } from './droneStats.repo.ts';

export interface DroneStatPaging {
  current: number;
  size: number;
  sort: DroneStatSort;
  /** 1 descending, 2 ascending. */
  order: 1 | 2;
}

interface SortedSet {
  rows: DroneStatRecord[];
  totals: DroneStatTotals;
}

export function createDroneStatsService(
  repo: Pick<DroneStatsRepo, 'sorted'>,
  o: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const ttl = o.ttlMs ?? 30_000;
  const maxEntries = o.maxEntries ?? 8;
  const now = o.now ?? Date.now;
  const cache = new Map<string, { at: number; set: Promise<SortedSet> }>();

  function sortedSet(scope: DataScope, f: DroneStatFilter, sort: DroneStatSort, order: 1 | 2) {
    const key = JSON.stringify([scope, f, sort, order]);
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && now() - hit.at < ttl) {
      cache.set(key, hit); // most recently used last
      return hit.set;
    }
    const set = repo.sorted(scope, f, sort, order).then((rows) => ({ rows, totals: totalsOf(rows) }));
    cache.set(key, { at: now(), set });
    set.catch(() => cache.delete(key));
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries) break;
      cache.delete(oldest);
    }
    return set;
  }

  return {
    /** One page, the number of drones and the totals of the whole filtered set. */
    async page(scope: DataScope, f: DroneStatFilter, p: DroneStatPaging) {
      const { rows, totals } = await sortedSet(scope, f, p.sort, p.order);
      const from = (p.current - 1) * p.size;
      return { records: rows.slice(from, from + p.size), total: rows.length, totals };
    },
  };
}
export type DroneStatsService = ReturnType<typeof createDroneStatsService>;
