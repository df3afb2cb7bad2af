import { describe, expect, it } from 'vitest';
import { checkZoneGeometry, findSelfIntersection, GEOMETRY_LIMITS, type LngLat } from './geometry.ts';

const poly = (...rings: number[][][]) => ({
  shape: 'polygon' as const,
  geometry: { type: 'Polygon' as const, coordinates: rings },
});
const square: number[][] = [
  [120, 33],
  [120.01, 33],
  [120.01, 33.01],
  [120, 33.01],
  [120, 33],
];
const issue = (input: Parameters<typeof checkZoneGeometry>[0]) => {
  const r = checkZoneGeometry(input);
  return r.ok ? null : r.issue;
};

describe('checkZoneGeometry: polygons', () => {
  it('accepts a simple square, a concave polygon and a square with a hole', () => {
    expect(checkZoneGeometry(poly(square))).toMatchObject({ ok: true });
    const concave = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 1],
      [0, 4],
      [0, 0],
    ];
    expect(issue(poly(concave))).toBeNull();
    const hole = [
      [120.004, 33.004],
      [120.006, 33.004],
      [120.006, 33.006],
      [120.004, 33.004],
    ];
    expect(issue(poly(square, hole))).toBeNull();
  });

  it('refuses a bow-tie (self-intersecting) with where the edges cross', () => {
    const bowtie = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ];
    expect(issue(poly(bowtie))).toEqual({ code: 'selfIntersection', params: { lng: 1, lat: 1, ring: 1 } });
  });

  it('refuses a ring that touches itself at a vertex, and an edge folding back on its neighbour', () => {
    const figure8 = [
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ];
    expect(issue(poly(figure8))?.code).toBe('selfIntersection');
    const spike = [
      [0, 0],
      [2, 0],
      [3, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(issue(poly(spike))?.code).toBe('selfIntersection');
  });

  it('refuses a hole crossing the outer ring, and a hole outside it', () => {
    const crossing = [
      [120.005, 33.005],
      [120.02, 33.005],
      [120.02, 33.006],
      [120.005, 33.005],
    ];
    expect(issue(poly(square, crossing))?.code).toBe('selfIntersection');
    const outside = [
      [121, 33],
      [121.001, 33],
      [121.001, 33.001],
      [121, 33],
    ];
    expect(issue(poly(square, outside))).toEqual({ code: 'holeOutside', params: { ring: 2 } });
  });

  it('refuses fewer than 3 distinct points, open rings, collinear rings and bad coordinates', () => {
    expect(
      issue(
        poly([
          [0, 0],
          [1, 1],
          [0, 0],
        ]),
      )?.code,
    ).toBe('tooFewPoints');
    expect(
      issue(
        poly([
          [0, 0],
          [1, 1],
          [1, 1],
          [1, 1],
          [0, 0],
        ]),
      )?.code,
    ).toBe('tooFewPoints');
    expect(
      issue(
        poly([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ),
    ).toEqual({ code: 'notClosed', params: { ring: 1 } });
    expect(
      issue(
        poly([
          [0, 0],
          [1, 1],
          [2, 2],
          [0, 0],
        ]),
      )?.code,
    ).toBe('collinear');
    expect(
      issue(
        poly([
          [0, 0],
          [181, 0],
          [1, 1],
          [0, 0],
        ]),
      )?.code,
    ).toBe('coordinates');
    expect(
      issue(
        poly([
          [0, 0],
          [Number.NaN, 0],
          [1, 1],
          [0, 0],
        ]),
      )?.code,
    ).toBe('coordinates');
    expect(issue(poly())?.code).toBe('tooFewPoints');
  });

  it('drops repeated consecutive points (double clicks) instead of refusing them', () => {
    const r = checkZoneGeometry(
      poly([
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    );
    expect(r).toMatchObject({ ok: true });
    if (r.ok && r.value.shape === 'polygon') expect(r.value.geometry.coordinates[0]).toHaveLength(4);
  });

  it('refuses more than the vertex limit, and checks a 5,000-vertex ring quickly', () => {
    const circle = (n: number, r = 0.1) => {
      const ring = Array.from({ length: n }, (_, i) => [
        120 + r * Math.cos((2 * Math.PI * i) / n),
        33 + r * Math.sin((2 * Math.PI * i) / n),
      ]);
      return [...ring, ring[0] as number[]];
    };
    expect(issue(poly(circle(GEOMETRY_LIMITS.maxVertices + 1)))).toEqual({
      code: 'tooManyVertices',
      params: { max: GEOMETRY_LIMITS.maxVertices },
    });
    expect(issue(poly(circle(GEOMETRY_LIMITS.maxVertices)))).toBeNull();
    // A zig-zag star of 5,000 vertices with one crossing at the end is still found.
    const star = circle(GEOMETRY_LIMITS.maxVertices - 1).map((p, i) =>
      i % 2 ? [120 + (p[0] as number) - 120, 33 + ((p[1] as number) - 33) * 0.5] : p,
    );
    star.splice(10, 0, [125, 33]);
    expect(findSelfIntersection([star as LngLat[]])).not.toBeNull();
  });
});

describe('checkZoneGeometry: circles', () => {
  const circle = (radiusM: number | null, coordinates: number[] = [120, 33]) => ({
    shape: 'circle' as const,
    geometry: { type: 'Point' as const, coordinates },
    radiusM,
  });
  it('accepts 10 m..100 km and refuses 0, negative, huge and missing radii', () => {
    expect(issue(circle(10))).toBeNull();
    expect(issue(circle(100_000))).toBeNull();
    for (const r of [0, -5, 9.9, 100_001, null, Number.POSITIVE_INFINITY])
      expect(issue(circle(r))).toEqual({ code: 'radius', params: { min: 10, max: 100_000 } });
  });
  it('refuses a centre out of range and a polygon given as a circle', () => {
    expect(issue(circle(100, [0, 91]))?.code).toBe('coordinates');
    expect(
      issue({ shape: 'circle', geometry: { type: 'Polygon', coordinates: [square] }, radiusM: 100 })?.code,
    ).toBe('shape');
    expect(issue({ shape: 'polygon', geometry: { type: 'Point', coordinates: [1, 1] } })?.code).toBe('shape');
  });
});
