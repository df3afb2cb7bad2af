import { describe, expect, it } from 'vitest';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { DroneStatRecord } from './droneStats.repo.ts';
import { createDroneStatsService } from './droneStats.service.ts';

const row = (i: number): DroneStatRecord => ({
  droneId: `D${i}`,
  droneName: `Drone ${i}`,
  modelName: 'M',
  zzAccountName: 'Z',
  yyAccountName: null,
  flightCount: i,
  flightTime: 10 * i,
  sprayArea: 1.5 * i,
  sprayQuantity: 2 * i,
  distance: 100 * i,
  workDays: 1,
  lastWorkTime: '2025-06-01',
});
const ALL: DataScope = { kind: 'all' };

/** A repository over 1,203 rows that counts its queries. */
function counting() {
  const calls: string[] = [];
  const rows = Array.from({ length: 1203 }, (_, i) => row(i + 1));
  return {
    calls,
    repo: {
      sorted: async (scope: DataScope, _f: object, sort: string) => {
        calls.push(`${scope.kind}:${sort}`);
        return rows;
      },
    },
  };
}

describe('drone statistics pages', () => {
  it('slices one sorted set into pages, with the count and the totals of the whole set', async () => {
    const { repo, calls } = counting();
    const s = createDroneStatsService(repo);
    const pages = [];
    for (let current = 1; current <= 3; current++)
      pages.push(await s.page(ALL, {}, { current, size: 500, sort: 'sprayArea', order: 1 }));
    expect(pages.map((p) => p.records.length)).toEqual([500, 500, 203]);
    expect(pages[1]?.records[0]?.droneId).toBe('D501');
    expect(pages.every((p) => p.total === 1203)).toBe(true);
    expect(pages[2]?.totals.flightCount).toBe((1203 * 1204) / 2);
    expect(calls).toEqual(['all:sprayArea']);
    expect((await s.page(ALL, {}, { current: 99, size: 20, sort: 'sprayArea', order: 1 })).records).toEqual(
      [],
    );
  });

  it('queries again for another query, after the while, and once for requests arriving together', async () => {
    let clock = 0;
    const { repo, calls } = counting();
    const s = createDroneStatsService(repo, { ttlMs: 1000, maxEntries: 2, now: () => clock });
    const p = { current: 1, size: 20, order: 1 as const };
    await Promise.all([
      s.page(ALL, {}, { ...p, sort: 'droneId' }),
      s.page(ALL, {}, { ...p, sort: 'droneId' }),
    ]);
    await s.page({ kind: 'zz', accountId: 3 }, {}, { ...p, sort: 'droneId' });
    await s.page(ALL, { region: 156320000 }, { ...p, sort: 'droneId' });
    expect(calls).toEqual(['all:droneId', 'zz:droneId', 'all:droneId']);
    // Two entries kept: the first query was the least recently used one.
    await s.page(ALL, {}, { ...p, sort: 'droneId' });
    expect(calls).toHaveLength(4);
    clock = 1500;
    await s.page(ALL, { region: 156320000 }, { ...p, sort: 'droneId' });
    expect(calls).toHaveLength(5);
  });

  it('forgets a failed query', async () => {
    let fail = true;
    const s = createDroneStatsService({
      sorted: async () => {
        if (fail) throw new Error('down');
        return [row(1)];
      },
    });
    const p = { current: 1, size: 20, sort: 'sprayArea' as const, order: 1 as const };
    await expect(s.page(ALL, {}, p)).rejects.toThrow('down');
    fail = false;
    expect((await s.page(ALL, {}, p)).total).toBe(1);
  });
});
