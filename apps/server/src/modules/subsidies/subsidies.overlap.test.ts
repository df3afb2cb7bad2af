import { describe, expect, it } from 'vitest';
import { type SprayPoint, sprayedArea } from '../../telemetry/area/sprayedArea.ts';
import { newOverlapScratch, OVERLAP_WINDOW_MS, overlapsInOrder } from './subsidies.overlap.ts';

const LAT = 33.78;
const M_LNG = 1 / (111_320 * Math.cos((LAT * Math.PI) / 180));
const M_LAT = 1 / 110_574;

/** A spraying flight through `corners` (metres east, north of a fixed origin), a sample every 5 m. */
function flight(corners: [number, number][], swath = 6): SprayPoint[] {
  const out: SprayPoint[] = [];
  let t = 0;
  for (let c = 1; c < corners.length; c++) {
    const [ax, ay] = corners[c - 1] as [number, number];
    const [bx, by] = corners[c] as [number, number];
    const n = Math.max(1, Math.round(Math.hypot(bx - ax, by - ay) / 5));
    for (let i = c === 1 ? 0 : 1; i <= n; i++) {
      const x = ax + ((bx - ax) * i) / n;
      const y = ay + ((by - ay) * i) / n;
      out.push({ recordTime: t, lng: 120.25 + x * M_LNG, lat: LAT + y * M_LAT, pump: true, flow: 2, swath });
      t += 1000;
    }
  }
  return out;
}

describe('overlap in take-off order', () => {
  it('counts a field sprayed again, and nothing for fields apart', () => {
    const field = flight([
      [0, 0],
      [0, 100],
    ]);
    const m = overlapsInOrder(
      [
        { sortieId: 1, points: field },
        {
          sortieId: 2,
          points: flight([
            [500, 0],
            [500, 100],
          ]),
        },
        { sortieId: 3, points: field },
      ],
      null,
    );
    const area = sprayedArea(field).areaM2;
    expect(m.get(1)).toBeUndefined();
    expect(m.get(2)).toBeUndefined();
    expect(Math.abs((m.get(3) ?? 0) - area) / area).toBeLessThan(0.05);
  });

  it('chains sorties whose bounds touch: the third pays for the first', () => {
    const m = overlapsInOrder(
      [
        {
          sortieId: 1,
          points: flight([
            [0, 0],
            [0, 100],
          ]),
        },
        {
          sortieId: 2,
          points: flight([
            [5, 100],
            [5, 200],
          ]),
        },
        {
          sortieId: 3,
          points: flight([
            [0, 0],
            [0, 50],
          ]),
        },
      ],
      null,
    );
    expect(m.get(2) ?? 0).toBeLessThan(100);
    expect(m.get(3)).toBeGreaterThan(250);
  });

  it('measures a cluster wider than one grid (painted per tile) as a whole', () => {
    // An L of 9 km by 9 km: its bounds hold far more cells than one grid may.
    const l = flight([
      [0, 0],
      [9000, 0],
      [9000, 9000],
    ]);
    const area = sprayedArea(l).areaM2;
    const m = overlapsInOrder(
      [
        { sortieId: 1, points: l },
        { sortieId: 2, points: l },
      ],
      null,
    );
    expect(Math.abs((m.get(2) ?? 0) - area) / area).toBeLessThan(0.05);
  });

  it('gives the same figures on a reused buffer as on a fresh one, also when its marks run out', () => {
    const a = flight([
      [0, 0],
      [0, 100],
    ]);
    const b = flight([
      [3, 0],
      [3, 100],
      [40, 100],
    ]);
    const wide = flight([
      [0, 0],
      [2500, 0],
      [2500, 2500],
    ]);
    const groups = [
      [
        { sortieId: 1, points: a },
        { sortieId: 2, points: b },
        { sortieId: 3, points: a },
      ],
      [
        { sortieId: 4, points: wide },
        { sortieId: 5, points: a },
        { sortieId: 6, points: wide },
      ],
      [
        { sortieId: 7, points: b },
        { sortieId: 8, points: a },
      ],
    ];
    const fresh = groups.map((g) => overlapsInOrder(g, null));
    const scratch = newOverlapScratch();
    for (let round = 0; round < 3; round++)
      for (const [k, g] of groups.entries()) {
        // Second round: the marks nearly spent, so the buffer is cleared and marking starts over.
        if (round === 1) scratch.used = 0xffff_ffff - 2;
        expect(overlapsInOrder(g, null, scratch)).toEqual(fresh[k]);
      }
    expect(fresh[0]?.get(3)).toBeGreaterThan(0);
    expect(fresh[1]?.get(6)).toBeGreaterThan(0);
  });

  it('counts a field sprayed again within 7 days, not a new treatment after that', () => {
    const field = flight([
      [0, 0],
      [0, 100],
    ]);
    const area = sprayedArea(field).areaM2;
    const DAY = 86_400_000;
    const at = (sortieId: number, days: number) => ({ sortieId, startMs: days * DAY, points: field });
    expect(OVERLAP_WINDOW_MS).toBe(7 * DAY);
    // Day 0, then day 8: a second treatment, paid.
    expect(overlapsInOrder([at(1, 0), at(2, 8)], null).size).toBe(0);
    // Day 0, day 6 (again within the week), day 10 (within a week of day 6): both later ones pay.
    const m = overlapsInOrder([at(1, 0), at(2, 6), at(3, 10)], null);
    expect(m.get(1)).toBeUndefined();
    for (const id of [2, 3]) expect(Math.abs((m.get(id) ?? 0) - area) / area).toBeLessThan(0.05);
    // Exactly 7 days after: still the same treatment.
    expect(overlapsInOrder([at(1, 0), at(2, 7)], null).get(2)).toBeGreaterThan(0);
  });
});
