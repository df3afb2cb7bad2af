import { describe, expect, it } from 'vitest';
import { parseShapefileZip } from './blockFiles.ts';
import { shp, zip } from './shapefileKit.ts';

// A zipped Shapefile built byte by byte (shapefileKit.ts), read by the same shpjs code the browser runs.

// Clockwise outer ring, counter-clockwise hole (the Shapefile convention).
const outer = [
  [120.3, 33.8],
  [120.3, 33.81],
  [120.31, 33.81],
  [120.31, 33.8],
  [120.3, 33.8],
];
const hole = [
  [120.304, 33.804],
  [120.306, 33.804],
  [120.306, 33.806],
  [120.304, 33.806],
  [120.304, 33.804],
];
const second = outer.map(([x, y]) => [(x as number) + 0.02, y as number]);

describe('zipped Shapefile import', () => {
  it('reads every polygon with its hole', async () => {
    const r = await parseShapefileZip(zip({ 'fields.shp': shp([[outer, hole], [second]]) }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.polygons).toHaveLength(2);
    expect(r.polygons[0]?.geometry.coordinates).toHaveLength(2);
    expect(r.polygons[1]?.geometry.coordinates[0]?.[0]).toEqual([120.32, 33.8]);
  });

  it('says what is wrong with a zip that is no Shapefile, and with bytes that are no zip', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features: [] }));
    expect(await parseShapefileZip(zip({ 'empty.json': json }))).toEqual({
      ok: false,
      message: 'blocks:import.noPolygon',
    });
    expect(await parseShapefileZip(new TextEncoder().encode('not a zip').buffer)).toEqual({
      ok: false,
      message: 'blocks:import.notShapefile',
    });
  });
});
