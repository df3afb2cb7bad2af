import { describe, expect, it } from 'vitest';
import { blocksToGeoJson, parseBlockText, polygonsOfFeatures } from './blockFiles.ts';
import { blockAreaMu, checkBlock } from './blockShape.ts';

// KML and zipped Shapefiles need the browser (DOMParser, the zip reader): e2e/blocks.e2e.ts imports a KML file.

const square = (x: number, y: number, d: number) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];

describe('block files', () => {
  it('reads every polygon of GeoJSON with its name; a MultiPolygon gives each part', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'North' },
          geometry: { type: 'Polygon', coordinates: [square(120, 30, 0.01)] },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[square(121, 30, 0.01)], [square(122, 30, 0.01)]],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
      ],
    };
    const r = parseBlockText('f.geojson', JSON.stringify(fc));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.polygons.map((p) => p.name)).toEqual(['North', null, null]);
  });

  it('says when a file holds no polygon, is broken or of another type', () => {
    const points = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } };
    expect(parseBlockText('a.json', JSON.stringify(points))).toEqual({
      ok: false,
      message: 'blocks:import.noPolygon',
    });
    expect(parseBlockText('a.geojson', '{oops')).toEqual({ ok: false, message: 'blocks:import.notGeoJson' });
    expect(parseBlockText('a.txt', '')).toEqual({ ok: false, message: 'blocks:import.fileType' });
  });

  it('exports what it imports (GeoJSON round trip keeps the holes)', () => {
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [square(120, 30, 0.01), square(120.004, 30.004, 0.002)],
    };
    const fc = blocksToGeoJson([{ blockName: 'A', blockId: 3, geometry }]);
    const back = polygonsOfFeatures(fc.features);
    expect(back).toEqual([{ name: 'A', geometry }]);
  });
});

describe('block shape', () => {
  it('measures the area net of holes and checks with the domain rule', () => {
    const outer = square(120, 30, 0.01);
    const withHole = { type: 'Polygon' as const, coordinates: [outer, square(120.004, 30.004, 0.002)] };
    const plain = { type: 'Polygon' as const, coordinates: [outer] };
    expect(blockAreaMu(withHole)).toBeLessThan(blockAreaMu(plain));
    expect(blockAreaMu(plain)).toBeGreaterThan(1000);
    expect(checkBlock(withHole)).toEqual({ ok: true });
    const bowtie = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [120, 30],
          [120.01, 30.01],
          [120.01, 30],
          [120, 30.01],
          [120, 30],
        ],
      ],
    };
    const r = checkBlock(bowtie);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('blocks:geometry.selfIntersection');
    const outside = { type: 'Polygon' as const, coordinates: [outer, square(121, 31, 0.001)] };
    const o = checkBlock(outside);
    expect(o.ok ? '' : o.message).toBe('blocks:geometry.holeOutside');
  });
});
