import type { GeoJSONStoreFeatures } from 'terra-draw';
import { describe, expect, it } from 'vitest';
import { DRAW_DECIMALS, drawablePolygon, insideRing, ringsOfFeatures } from './DrawControl.tsx';

const square = (x: number, y: number, d: number) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const feature = (ring: number[][], hole = false): GeoJSONStoreFeatures => ({
  id: crypto.randomUUID(),
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [ring] },
  properties: hole ? { mode: 'polygon', hole: true } : { mode: 'polygon' },
});

describe('DrawControl with holes', () => {
  it('tells a point inside a ring from one outside', () => {
    expect(insideRing([0.5, 0.5], square(0, 0, 1))).toBe(true);
    expect(insideRing([1.5, 0.5], square(0, 0, 1))).toBe(false);
  });

  it('makes one polygon of the outer ring and the holes, whatever their order in the store', () => {
    const outer = square(0, 0, 1);
    const hole = square(0.25, 0.25, 0.5);
    const shape = ringsOfFeatures([feature(hole, true), feature(outer)]);
    expect(shape?.geometry.coordinates).toEqual([outer, hole]);
  });

  it('has no shape once the outer ring is gone', () => {
    expect(ringsOfFeatures([feature(square(0.4, 0.4, 0.2), true)])).toBeNull();
  });
});

describe('drawablePolygon', () => {
  it('rounds a stored field (15 decimals, which terra-draw refuses) to 7, the ring still closed', () => {
    const ring = [
      [132.65354294139357, 47.256649991696754],
      [132.65379082057575, 47.25539400328734],
      [132.65451025310918, 47.25545981789494],
      [132.65354294139357, 47.256649991696754],
    ];
    const out = drawablePolygon({ type: 'Polygon', coordinates: [ring] }).coordinates[0] as number[][];
    expect(out[0]).toEqual([132.6535429, 47.25665]);
    expect(out[0]).toEqual(out.at(-1));
    const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;
    expect(Math.max(...out.flat().map(decimals))).toBeLessThanOrEqual(DRAW_DECIMALS);
  });
});
