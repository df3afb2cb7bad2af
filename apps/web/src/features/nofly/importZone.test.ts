import { describe, expect, it } from 'vitest';
import { parseZoneFile } from './importZone.ts';

// KML needs the browser's DOMParser: e2e/nofly.e2e.ts imports a KML file and a .kml that is not KML.

describe('parseZoneFile', () => {
  it('reads GeoJSON features, collections and multipolygons; refuses broken JSON and other files', () => {
    const ring = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} },
        {
          type: 'Feature',
          geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] },
          properties: {},
        },
      ],
    };
    expect(parseZoneFile('a.geojson', JSON.stringify(fc))).toMatchObject({ ok: true, polygons: 2 });
    expect(
      parseZoneFile('a.json', '{"type":"Polygon","coordinates":[[[1,1],[2,1],[2,2],[1,1]]]}'),
    ).toMatchObject({ ok: true });
    expect(parseZoneFile('a.geojson', '{oops')).toEqual({ ok: false, message: 'nofly:import.notGeoJson' });
    expect(parseZoneFile('a.geojson', '{"type":"Point","coordinates":[1,2]}')).toEqual({
      ok: false,
      message: 'nofly:import.noPolygon',
    });
    expect(parseZoneFile('a.shp', 'x')).toEqual({ ok: false, message: 'nofly:import.fileType' });
  });
});
