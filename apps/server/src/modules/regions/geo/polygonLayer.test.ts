import { describe, expect, it } from 'vitest';
import { buildPolygonLayer, type LayerFeature } from './polygonLayer.ts';
import { decodeEchartsRing, readEchartsMap, readTopoJson } from './sources.ts';

/** A closed rectangle ring, counter-clockwise. */
const rect = (x0: number, y0: number, x1: number, y1: number) => [x0, y0, x1, y0, x1, y1, x0, y1, x0, y0];

const GRIDS = [0, 0.5, 3] as const; // without grid, fine grid, coarse grid

describe.each(GRIDS)('buildPolygonLayer (grid cell %s°)', (cellDeg) => {
  it('handles holes: a point in the hole is outside, an island in the hole is inside', () => {
    const layer = buildPolygonLayer(
      [
        { code: 7, polygons: [[rect(0, 0, 10, 10), rect(3, 3, 7, 7)]] }, // square with a hole
        { code: 9, polygons: [[rect(4, 4, 6, 6)]] }, // island inside the hole
      ],
      { cellDeg },
    );
    expect(layer.locate(1, 1)).toBe(7);
    expect(layer.locate(3.5, 5)).toBe(0);
    expect(layer.locate(5, 5)).toBe(9);
    expect(layer.locate(11, 5)).toBe(0);
    expect(layer.locate(-1, -1)).toBe(0);
  });

  it('handles multipolygons, open rings and a hole listed after an outlying ring (even-odd)', () => {
    const open = [20, 0, 22, 0, 22, 2, 20, 2]; // not closed: closed when indexed
    const layer = buildPolygonLayer(
      [
        { code: 5, polygons: [[rect(0, 0, 2, 2)], [open]] },
        // ECharts data sometimes lists an island as an extra ring of a polygon; even-odd makes it inside.
        { code: 6, polygons: [[rect(30, 0, 32, 2), rect(34, 0, 35, 1)]] },
      ],
      { cellDeg },
    );
    expect(layer.parts).toBe(3);
    expect(layer.locate(1, 1)).toBe(5);
    expect(layer.locate(21, 1)).toBe(5);
    expect(layer.locate(10, 1)).toBe(0);
    expect(layer.locate(34.5, 0.5)).toBe(6);
    expect(layer.codes).toEqual([5, 6]);
  });

  it('puts a point on a shared border in exactly one of the two, always the same', () => {
    const features: LayerFeature[] = [
      { code: 2, polygons: [[rect(0, 0, 10, 10)]] },
      { code: 1, polygons: [[rect(10, 0, 20, 10)]] },
      { code: 4, polygons: [[rect(0, 10, 10, 20)]] },
      { code: 3, polygons: [[rect(10, 10, 20, 20)]] },
    ];
    const layer = buildPolygonLayer(features, { cellDeg });
    const reversed = buildPolygonLayer([...features].reverse(), { cellDeg });
    for (const [x, y] of [
      [10, 5], // shared vertical edge
      [5, 10], // shared horizontal edge
      [10, 10], // vertex of all four
    ] as const) {
      const first = layer.locate(x, y);
      expect([1, 2, 3, 4]).toContain(first);
      expect(layer.locate(x, y)).toBe(first);
      expect(reversed.locate(x, y)).toBe(first);
    }
    // The half-open ray rule: a shared vertical edge belongs to the polygon on its east side.
    expect(layer.locate(10, 5)).toBe(1);
  });

  it('where two polygons overlap, answers the smaller code', () => {
    const layer = buildPolygonLayer(
      [
        { code: 30, polygons: [[rect(0, 0, 10, 10)]] },
        { code: 20, polygons: [[rect(5, 0, 15, 10)]] },
      ],
      { cellDeg },
    );
    expect(layer.locate(7, 5)).toBe(20);
    expect(layer.locate(2, 5)).toBe(30);
  });

  it('finds the nearest polygon within a distance, in km', () => {
    const layer = buildPolygonLayer([{ code: 8, polygons: [[rect(0, 0, 1, 1)]] }], { cellDeg, nearKm: 20 });
    const hit = layer.nearest(1.1, 0.5, 20); // 0.1° of longitude at 0.5°N: about 11.1 km
    expect(hit?.code).toBe(8);
    expect(hit?.km).toBeCloseTo(11.13, 1);
    expect(layer.nearest(0.5, 0.5, 20)).toEqual({ code: 8, km: 0 });
    expect(layer.nearest(1.3, 0.5, 20)).toBeNull();
    expect(layer.nearest(5, 5, 20)).toBeNull();
  });

  it('copes with an empty layer', () => {
    const layer = buildPolygonLayer([], { cellDeg });
    expect(layer.locate(0, 0)).toBe(0);
    expect(layer.nearest(0, 0, 20)).toBeNull();
  });
});

describe('sources', () => {
  /** ECharts 4 encoding (the inverse of its decoder): delta, zigzag, +64, 1/1024 degree. */
  function encode(points: [number, number][]): { text: string; offset: [number, number] } {
    const q = points.map(([x, y]) => [Math.round(x * 1024), Math.round(y * 1024)] as const);
    const offset: [number, number] = [q[0]?.[0] ?? 0, q[0]?.[1] ?? 0];
    let [px, py] = offset;
    let text = '';
    for (const [x, y] of q) {
      const dx = x - px;
      const dy = y - py;
      text += String.fromCharCode(((dx << 1) ^ (dx >> 31)) + 64, ((dy << 1) ^ (dy >> 31)) + 64);
      px = x;
      py = y;
    }
    return { text, offset };
  }

  it('decodes ECharts 4 compressed rings', () => {
    const pts: [number, number][] = [
      [118.5, 32],
      [119.25, 32.125],
      [118.75, 31.5],
    ];
    const { text, offset } = encode(pts);
    expect([...decodeEchartsRing(text, offset, 1024)]).toEqual(pts.flat());
    const features = readEchartsMap(
      {
        type: 'FeatureCollection',
        UTF8Encoding: true,
        features: [
          { id: '320100', geometry: { type: 'Polygon', coordinates: [text], encodeOffsets: [offset] } },
          { id: 'x', geometry: { type: 'Polygon', coordinates: [text], encodeOffsets: [offset] } },
        ],
      },
      (id) => (id === 'x' ? 0 : Number(id)),
    );
    expect(features).toHaveLength(1);
    expect(features[0]?.code).toBe(320100);
  });

  it('decodes quantised TopoJSON, joining arcs and reversing negative ones', () => {
    const topology = {
      type: 'Topology',
      transform: { scale: [0.5, 0.5], translate: [10, 20] },
      // arc 0: (0,0) -> (4,0) -> (4,4); arc 1: (0,4) -> (0,0) ... as deltas
      arcs: [
        [
          [0, 0],
          [4, 0],
          [0, 4],
        ],
        [
          [4, 4],
          [-4, 0],
          [0, -4],
        ],
      ],
      objects: {
        countries: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', id: '764', arcs: [[0, 1]] },
            { type: 'MultiPolygon', properties: { name: 'Somewhere' }, arcs: [[[~1, ~0]]] },
            { type: 'Point', id: '1' },
          ],
        },
      },
    };
    const [square, reversed, ...rest] = readTopoJson(topology, 'countries');
    expect(rest).toEqual([]);
    expect(square?.id).toBe('764');
    expect(Array.from(square?.polygons[0]?.[0] ?? [])).toEqual([10, 20, 12, 20, 12, 22, 10, 22, 10, 20]);
    expect(reversed?.id).toBeUndefined();
    expect(Array.from(reversed?.polygons[0]?.[0] ?? [])).toEqual([10, 20, 10, 22, 12, 22, 12, 20, 10, 20]);
    const layer = buildPolygonLayer([{ code: 764, polygons: square?.polygons ?? [] }]);
    expect(layer.locate(11, 21)).toBe(764);
  });
});
