import { describe, expect, it } from 'vitest';
import {
  formatOfName,
  outputName,
  readTrackText,
  shiftTracks,
  summarize,
  type Track,
  toGeoJson,
  toGpx,
  toKml,
  tracksOfFeatures,
  writeTracks,
  xmlText,
} from './trackFiles.ts';

// Reading GPX and KML needs the browser's DOMParser: e2e/tools.e2e.ts converts a GPX file.

const track: Track = {
  name: 'Field <7> & "east"',
  positions: [
    [118.8, 32.05, 12.5],
    [118.801, 32.05, 13],
    [118.801, 32.051],
  ],
};

describe('track files', () => {
  it('reads the lines of GeoJSON, a MultiLineString part by part, names kept', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'A' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, 4],
            ],
          },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [5, 6],
                [7, 8, 9, 10],
              ],
              [
                [0, 0],
                [1, 1],
              ],
            ],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
      ],
    };
    const r = readTrackText('x.geojson', JSON.stringify(fc));
    expect(r).toEqual({
      ok: true,
      tracks: [
        {
          name: 'A',
          positions: [
            [1, 2],
            [3, 4],
          ],
        },
        {
          name: null,
          positions: [
            [5, 6],
            [7, 8, 9],
          ],
        },
        {
          name: null,
          positions: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
    // A bare geometry and a Feature are read too.
    expect(
      readTrackText(
        'x.json',
        JSON.stringify({
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        }),
      ).ok,
    ).toBe(true);
  });

  it('reads points in order as one track when there is no line', () => {
    const pts = [
      [1, 1],
      [2, 2],
      [3, 3],
    ].map((c) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } }));
    expect(tracksOfFeatures(pts as never)).toEqual([
      {
        name: null,
        positions: [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
      },
    ]);
  });

  it('names what is wrong with a bad file, never throws', () => {
    expect(readTrackText('x.geojson', '{oops')).toEqual({ ok: false, message: 'tools:track.notGeoJson' });
    expect(readTrackText('x.geojson', '{"type":"LineString","coordinates":[[500,1],[1,1]]}')).toEqual({
      ok: false,
      message: 'tools:track.notGeoJson',
    });
    expect(readTrackText('x.geojson', '{"type":"Point","coordinates":[1,1]}')).toEqual({
      ok: false,
      message: 'tools:track.noTrack',
    });
    expect(readTrackText('x.csv', 'a,b')).toEqual({ ok: false, message: 'tools:track.fileType' });
    expect(formatOfName('A.GPX')).toBe('gpx');
    expect(formatOfName('a.kml')).toBe('kml');
    expect(formatOfName('noext')).toBeNull();
  });

  it('writes GPX 1.1 with escaped names and elevations where known', () => {
    const text = toGpx([track]);
    expect(text).toContain(
      '<gpx version="1.1" creator="AgriFleet" xmlns="http://www.topografix.com/GPX/1/1">',
    );
    expect(text).toContain('<name>Field &lt;7&gt; &amp; &quot;east&quot;</name>');
    expect(text).toContain('<trkpt lat="32.05" lon="118.8"><ele>12.5</ele></trkpt>');
    expect(text).toContain('<trkpt lat="32.051" lon="118.801"></trkpt>');
    expect(text.match(/<trkpt /g)).toHaveLength(3);
    expect(text.trim().endsWith('</gpx>')).toBe(true);
  });

  it('writes KML 2.2 LineStrings as lng,lat[,alt]', () => {
    const text = toKml([track, { name: null, positions: [[1e-7, -2]] }]);
    expect(text).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(text).toContain('<coordinates>118.8,32.05,12.5 118.801,32.05,13 118.801,32.051</coordinates>');
    // No exponent notation in coordinates.
    expect(text).toContain('<coordinates>0.0000001,-2</coordinates>');
    expect(text.match(/<Placemark>/g)).toHaveLength(2);
  });

  it('writes GeoJSON that reads back to the same tracks', () => {
    const text = writeTracks([track], 'geojson');
    expect(JSON.parse(text)).toEqual(toGeoJson([track]));
    expect(readTrackText('t.geojson', text)).toEqual({ ok: true, tracks: [track] });
  });

  it('summarizes points, length and bounds', () => {
    const s = summarize([track]);
    expect(s.tracks).toBe(1);
    expect(s.points).toBe(3);
    // 0.001 deg of longitude at 32.05 N is about 94.5 m, 0.001 deg of latitude about 110.9 m.
    expect(s.lengthM).toBeGreaterThan(94 + 110);
    expect(s.lengthM).toBeLessThan(95.5 + 111.5);
    expect(s.bbox).toEqual([118.8, 32.05, 118.801, 32.051]);
    expect(summarize([])).toEqual({ tracks: 0, points: 0, lengthM: 0, bbox: null });
  });

  it('shifts tracks between WGS-84 and GCJ-02, heights kept', () => {
    const [g] = shiftTracks([track], 'wgs84', 'gcj02');
    expect(g?.positions[0]?.[2]).toBe(12.5);
    expect(Math.abs((g?.positions[0]?.[0] as number) - 118.8)).toBeGreaterThan(0.001);
    const [back] = shiftTracks([g as Track], 'gcj02', 'wgs84');
    expect(Math.abs((back?.positions[0]?.[0] as number) - 118.8)).toBeLessThan(1e-8);
    expect(shiftTracks([track], 'wgs84', 'wgs84')).toEqual([track]);
  });

  it('escapes XML text and names the output file', () => {
    expect(xmlText(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(outputName('my track.gpx', 'geojson')).toBe('my_track.geojson');
    expect(outputName('.gpx', 'kml')).toBe('track.kml');
  });
});
