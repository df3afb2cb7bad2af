import type { SubsidyTrack } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { VERDICT_COLORS } from './kml.ts';
import { trackBounds, trackCollection } from './trackGeo.ts';

const track: SubsidyTrack = {
  sorties: [
    {
      sortieId: 1,
      droneId: 'D',
      startTime: 0,
      verdict: 'none',
      path: [
        [120.1, 33.2],
        [120.3, 33.1],
      ],
    },
    { sortieId: 2, droneId: 'D', startTime: 0, verdict: 'paid', path: [] },
  ],
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [120, 33],
        [120.2, 33],
        [120.2, 33.4],
        [120, 33],
      ],
    ],
  },
};

describe('subsidy track on the map', () => {
  it('draws the polygon and a line per sortie coloured by verdict', () => {
    const fc = trackCollection(track);
    expect(fc.features.map((f) => f.properties?.kind)).toEqual(['region', 'sortie']);
    expect(fc.features[1]?.properties?.c).toBe(VERDICT_COLORS.none);
  });
  it('frames paths and polygon', () => {
    expect(trackBounds(track)).toEqual([
      [120, 33],
      [120.3, 33.4],
    ]);
    expect(trackBounds({ sorties: [], polygon: null })).toBeNull();
  });
});
