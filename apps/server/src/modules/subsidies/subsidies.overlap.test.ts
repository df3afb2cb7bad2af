import type { PolygonGeometry } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { type SprayPoint, sprayedArea } from '../../telemetry/area/sprayedArea.ts';
import {
  newOverlapScratch,
  OVERLAP_WINDOW_MS,
  type OverlapScratch,
  overlapsInOrder,
} from './subsidies.overlap.ts';

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

type Sortie = Parameters<typeof overlapsInOrder>[0][number];

/** The area each sortie sprays again, m² (all of it, wherever its clip). */
const sprayedAgain = (sorties: Sortie[], scratch?: OverlapScratch) =>
  new Map([...overlapsInOrder(sorties, scratch)].map(([id, a]) => [id, a.m2]));

describe('overlap in take-off order', () => {
  it('counts a field sprayed again, and nothing for fields apart', () => {
    const field = flight([
      [0, 0],
      [0, 100],
    ]);
    const m = sprayedAgain([
      { sortieId: 1, points: field },
      {
        sortieId: 2,
        points: flight([
          [500, 0],
          [500, 100],
        ]),
      },
      { sortieId: 3, points: field },
    ]);
    const area = sprayedArea(field).areaM2;
    expect(m.get(1)).toBeUndefined();
    expect(m.get(2)).toBeUndefined();
    expect(Math.abs((m.get(3) ?? 0) - area) / area).toBeLessThan(0.05);
  });

  it('chains sorties whose bounds touch: the third pays for the first', () => {
    const m = sprayedAgain([
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
    ]);
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
    const m = sprayedAgain([
      { sortieId: 1, points: l },
      { sortieId: 2, points: l },
    ]);
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
    const fresh = groups.map((g) => sprayedAgain(g));
    const scratch = newOverlapScratch();
    for (let round = 0; round < 3; round++)
      for (const [k, g] of groups.entries()) {
        // Second round: the marks nearly spent, so the buffer is cleared and marking starts over.
        if (round === 1) scratch.used = 0xffff_ffff - 2;
        expect(sprayedAgain(g, scratch)).toEqual(fresh[k]);
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
    expect(sprayedAgain([at(1, 0), at(2, 8)]).size).toBe(0);
    // Day 0, day 6 (again within the week), day 10 (within a week of day 6): both later ones pay.
    const m = sprayedAgain([at(1, 0), at(2, 6), at(3, 10)]);
    expect(m.get(1)).toBeUndefined();
    for (const id of [2, 3]) expect(Math.abs((m.get(id) ?? 0) - area) / area).toBeLessThan(0.05);
    // Exactly 7 days after: still the same treatment.
    expect(sprayedAgain([at(1, 0), at(2, 7)]).get(2)).toBeGreaterThan(0);
  });
});

/** A rectangle (metres east, north of the flights' origin) as a block. */
function rect(x0: number, y0: number, x1: number, y1: number): PolygonGeometry {
  const at = (x: number, y: number): [number, number] => [120.25 + x * M_LNG, LAT + y * M_LAT];
  return { type: 'Polygon', coordinates: [[at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]] };
}

describe('overlap of sorties on blocks', () => {
  const field = flight([
    [0, 0],
    [0, 100],
  ]);
  const area = sprayedArea(field).areaM2;
  const near = (v: number | undefined, want: number) => Math.abs((v ?? 0) - want) / want;

  it('paints only the part of an earlier sortie inside its block', () => {
    // The first sortie's block holds the southern half of the field: only that half was paid.
    const m = overlapsInOrder([
      { sortieId: 1, points: field, clip: rect(-10, 0, 10, 50) },
      { sortieId: 2, points: field },
    ]);
    expect(near(m.get(2)?.m2, area / 2)).toBeLessThan(0.08);
    expect(m.get(2)?.outsideM2).toBe(0);
  });

  it('gives the part of a later sortie sprayed again outside its own block apart, once', () => {
    // The second sortie's block holds the southern half; it flies the field twice (there and back).
    const twice = flight([
      [0, 0],
      [0, 100],
      [0, 0],
    ]);
    const m = overlapsInOrder([
      { sortieId: 1, points: field },
      { sortieId: 2, points: twice, clip: rect(-10, 0, 10, 50) },
    ]);
    const a = m.get(2);
    expect(near(a?.m2, area)).toBeLessThan(0.05);
    expect(near(a?.outsideM2, area / 2)).toBeLessThan(0.08);
  });

  it('compares sorties on different blocks and sorties on none alike', () => {
    // A block sortie, an off-block sortie over the same ground, another block's sortie over it.
    const m = overlapsInOrder([
      { sortieId: 1, startMs: 0, points: field, clip: rect(-10, -10, 10, 110) },
      { sortieId: 2, startMs: 1, points: field },
      { sortieId: 3, startMs: 2, points: field, clip: rect(-10, -10, 10, 110) },
    ]);
    expect(m.get(1)).toBeUndefined();
    for (const id of [2, 3]) expect(near(m.get(id)?.m2, area)).toBeLessThan(0.05);
    expect(m.get(3)?.outsideM2).toBe(0);
  });
});
