import { describe, expect, it } from 'vitest';
import { checkDrawn, drawnOf, zoneShapeOf } from './shapes.ts';

describe('drawn shapes and the domain check', () => {
  it('says what the server says of a self-intersecting polygon, before sending', () => {
    const bowtie = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(checkDrawn({ geometry: bowtie })).toEqual({
      ok: false,
      message: 'nofly:geometry.selfIntersection',
      vars: { atLng: 1, atLat: 1, ring: 1 },
    });
  });
  it('sends a circle as its centre and radius, and shows a circle record as a 64-gon', () => {
    const d = drawnOf({ shape: 'circle', geometry: { type: 'Point', coordinates: [120, 33] }, radiusM: 500 });
    expect(d.geometry.coordinates[0]).toHaveLength(65);
    expect(zoneShapeOf(d)).toEqual({
      shape: 'circle',
      geometry: { type: 'Point', coordinates: [120, 33] },
      radiusM: 500,
    });
    expect(checkDrawn({ ...d, circle: { center: [120, 33], radiusM: 0 } })).toMatchObject({
      message: 'nofly:geometry.radius',
    });
    expect(checkDrawn(d)).toMatchObject({ ok: true });
  });
});
