import type { SubsidyTrack } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { kmlColor, trackKml, xmlEscape } from './kml.ts';

const names = {
  title: 'Farm <A> & co',
  verdict: { paid: 'Paid', partial: 'Partly', none: 'Not paid' },
  region: 'Region',
};
const track: SubsidyTrack = {
  sorties: [
    {
      sortieId: 7,
      droneId: 'D1',
      startTime: Date.UTC(2026, 5, 1, 2),
      verdict: 'partial',
      path: [
        [120.1, 33.2],
        [120.2, 33.3],
      ],
    },
    {
      sortieId: 8,
      droneId: 'D2',
      startTime: Date.UTC(2026, 5, 1, 3),
      verdict: 'paid',
      path: [[120.1, 33.2]],
    },
  ],
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [120, 33],
        [121, 33],
        [121, 34],
        [120, 33],
      ],
    ],
  },
};

describe('track KML', () => {
  it('escapes XML and converts colours', () => {
    expect(xmlEscape(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(kmlColor('#16a34a')).toBe('ff4aa316');
    expect(kmlColor('#1677FF', '33')).toBe('33ff7716');
  });
  it('writes one styled line per sortie with a path, and the polygon', () => {
    const kml = trackKml(track, names);
    expect(
      kml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'),
    ).toBe(true);
    expect(kml).toContain('<name>Farm &lt;A&gt; &amp; co</name>');
    expect(kml).toContain('<styleUrl>#partial</styleUrl>');
    expect(kml).toContain('<coordinates>120.1000000,33.2000000 120.2000000,33.3000000</coordinates>');
    expect(kml).toContain('<when>2026-06-01T02:00:00.000Z</when>');
    // A one-point path is no line.
    expect(kml).not.toContain('<name>8 D2</name>');
    expect(kml).toContain('<outerBoundaryIs><LinearRing><coordinates>120.0000000,33.0000000');
    expect(kml.match(/<Placemark>/g)?.length).toBe(2);
    expect(kml.trim().endsWith('</Document></kml>')).toBe(true);
  });
  it('leaves the polygon out when the programme has none', () => {
    const kml = trackKml({ ...track, polygon: null }, names);
    expect(kml).not.toContain('Polygon');
  });
});
