import { describe, expect, it } from 'vitest';
import { formatCoordinate, graticule, gridStep } from './graticule.ts';

describe('coordinate grid', () => {
  it('picks the finest round step whose labels keep apart on screen', () => {
    expect(gridStep({ west: 100, east: 130, south: 20, north: 40 }, { width: 800, height: 600 })).toBe(5);
    // A field at zoom 16: about 0.012° across 800 px (67,000 px per degree): 0.002° is 133 px.
    const field = { west: 118.8, east: 118.812, south: 32.0, north: 32.006 };
    expect(gridStep(field, { width: 800, height: 600 })).toBe(0.002);
    expect(gridStep(field, { width: 400, height: 300 })).toBe(0.005);
  });
  it('labels with the decimals of the step and a hemisphere', () => {
    expect(formatCoordinate(32.05, 'lat', 0.05)).toBe('32.05°N');
    expect(formatCoordinate(-70.5, 'lng', 0.5)).toBe('70.5°W');
    expect(formatCoordinate(118.8, 'lng', 0.002)).toBe('118.800°E');
    expect(formatCoordinate(0, 'lat', 1)).toBe('0°');
  });
  it('has one line and one label per parallel and meridian in view, none on the whole globe', () => {
    const g = graticule(
      { west: 118.8, east: 118.812, south: 32.0, north: 32.006 },
      { width: 800, height: 600 },
      16,
    );
    const labels = g.features.filter((f) => f.properties?.kind === 'label').map((f) => f.properties?.name);
    expect(labels).toContain('32.002°N');
    expect(labels).toContain('118.810°E');
    // Lines reach past the view (a pan or zoom under way), labels only for what is in it.
    expect(g.features.filter((f) => f.properties?.kind === 'line').length).toBeGreaterThan(labels.length);
    expect(
      graticule({ west: -180, east: 180, south: -85, north: 85 }, { width: 800, height: 600 }, 1).features,
    ).toHaveLength(0);
  });
});
