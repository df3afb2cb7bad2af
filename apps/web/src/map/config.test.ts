import { describe, expect, it } from 'vitest';
import { mapConfig, setMapSources } from './config.ts';

describe('online map sources', () => {
  it('come from the host profile at run time, and stay off when it has none (no build-time value here)', () => {
    setMapSources({});
    expect(mapConfig.satelliteStyleUrl).toBeNull();
    expect(mapConfig.hdTilesUrl).toBeNull();
    setMapSources({
      mapSatelliteStyleUrl: 'https://tiles.example/sat.json',
      mapHdTilesUrl: ' https://hd.example/{z}/{x}/{y}.jpg ',
    });
    expect(mapConfig.satelliteStyleUrl).toBe('https://tiles.example/sat.json');
    expect(mapConfig.hdTilesUrl).toBe('https://hd.example/{z}/{x}/{y}.jpg');
    setMapSources({ mapSatelliteStyleUrl: '  ' });
    expect(mapConfig.satelliteStyleUrl).toBeNull();
  });
});
