import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_SETTINGS, mergeMapSettings, parseMapSettings } from './settings.ts';

describe('map settings', () => {
  it('defaults as the spec says: HD off, no-fly on, drones on, offline off, blocks off, alerts on', () => {
    expect(parseMapSettings(null)).toEqual({
      hd: false,
      satellite: false,
      noFly: true,
      drones: true,
      offlineDrones: false,
      blocks: false,
      alerts: true,
    });
  });

  it('keeps stored booleans over the defaults', () => {
    expect(parseMapSettings(JSON.stringify({ hd: true, blocks: true }))).toEqual({
      ...DEFAULT_MAP_SETTINGS,
      hd: true,
      blocks: true,
    });
  });

  it('ignores unknown keys and values of the wrong type', () => {
    const merged = mergeMapSettings({ drones: 'no', alerts: false, extra: true, noFly: null });
    expect(merged).toEqual({ ...DEFAULT_MAP_SETTINGS, alerts: false });
    expect(merged).not.toHaveProperty('extra');
  });

  it('falls back to the defaults on broken JSON or a non-object', () => {
    expect(parseMapSettings('{not json')).toEqual(DEFAULT_MAP_SETTINGS);
    expect(parseMapSettings('[true]')).toEqual(DEFAULT_MAP_SETTINGS);
    expect(parseMapSettings('7')).toEqual(DEFAULT_MAP_SETTINGS);
  });

  it('does not share the frozen defaults', () => {
    const s = parseMapSettings(null);
    s.hd = true;
    expect(DEFAULT_MAP_SETTINGS.hd).toBe(false);
  });
});
