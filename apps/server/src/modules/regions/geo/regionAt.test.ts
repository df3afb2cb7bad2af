import { describe, expect, it } from 'vitest';
import { findRegion } from '../regions.service.ts';
import { NOWHERE } from './codes.ts';
import { buildPolygonLayer } from './polygonLayer.ts';
import { buildRegionIndex, loadRegionIndex, packagedSources, regionAt } from './regionAt.ts';
import { readGbGeoJson } from './sources.ts';

const CN = 156_000_000;

describe('regionAt over the packaged data (ECharts 4 prefectures + Natural Earth 1:50m countries)', () => {
  it.each([
    ['Nanjing Xuanwu', 118.8, 32.05, 156_320_000, 156_320_100],
    ['Harbin', 126.63, 45.75, 156_230_000, 156_230_100],
    ['Urumqi', 87.62, 43.82, 156_650_000, 156_650_100],
    ['Lhasa', 91.13, 29.65, 156_540_000, 156_540_100],
    ['Haikou', 110.33, 20.03, 156_460_000, 156_460_100],
    ['Qingdao', 120.38, 36.07, 156_370_000, 156_370_200],
    // Old codes of the data, mapped to today's: Laiwu (371200) is Jinan since 2019, Danzhou 469003 -> 460400.
    ['Laiwu (now Jinan)', 117.68, 36.21, 156_370_000, 156_370_100],
    ['Danzhou', 109.58, 19.52, 156_460_000, 156_460_400],
  ])('%s is in its province and prefecture', (_name, lng, lat, province, city) => {
    expect(regionAt(lng, lat)).toEqual({ country: CN, province, city, county: null });
  });

  it.each([
    ['Beijing Tiananmen', 116.397, 39.909, 156_110_000],
    ['Shanghai', 121.47, 31.23, 156_310_000],
    ['Chongqing', 106.55, 29.56, 156_500_000],
    ['Taipei', 121.56, 25.04, 156_710_000],
    ['Hong Kong Kowloon', 114.17, 22.3, 156_810_000],
    ['Macau Taipa', 113.56, 22.155, 156_820_000],
  ])(
    '%s: a provincial-level division without a prefecture level in the data',
    (_name, lng, lat, province) => {
      expect(regionAt(lng, lat)).toEqual({ country: CN, province, city: null, county: null });
    },
  );

  it('gives a directly administered county-level city its code and no city (the grouping is no place)', () => {
    // Wuzhishan, Hainan: county 469001 under the placeholder 469000 "省直辖县级行政区划".
    expect(regionAt(109.52, 18.78)).toEqual({
      country: CN,
      province: 156_460_000,
      city: null,
      county: 156_469_001,
    });
  });

  it.each([
    ['Bangkok', 100.5, 13.75, 764_000_000],
    ['Tokyo', 139.69, 35.69, 392_000_000],
    ['Seoul', 126.98, 37.57, 410_000_000],
    ['Ulaanbaatar', 106.92, 47.92, 496_000_000],
    ['Paris', 2.35, 48.86, 250_000_000],
    ['Hargeisa (Somaliland, filed under Somalia)', 44.06, 9.56, 706_000_000],
  ])('%s is a country without provinces', (_name, lng, lat, country) => {
    expect(regionAt(lng, lat)).toEqual({ country, province: null, city: null, county: null });
  });

  it('returns country 0 at sea, far from land', () => {
    expect(regionAt(-150, 0)).toEqual(NOWHERE);
    expect(regionAt(123.5, 35)).toEqual(NOWHERE); // Yellow Sea, ~100 km from either coast
  });

  it('gives a point just off the coast (within 20 km) the nearest division', () => {
    // About 5 km off Qingdao's coast, outside every polygon.
    expect(regionAt(120.45, 36)).toEqual({
      country: CN,
      province: 156_370_000,
      city: 156_370_200,
      county: null,
    });
  });

  it('rejects positions that are not coordinates', () => {
    for (const [lng, lat] of [
      [Number.NaN, 30],
      [120, Number.NaN],
      [Number.POSITIVE_INFINITY, 0],
      [181, 0],
      [0, -91],
    ] as const) {
      expect(regionAt(lng, lat)).toBe(NOWHERE);
    }
  });

  it('is built once, returns frozen shared results, and every code it can produce exists in the regions module', () => {
    const index = loadRegionIndex();
    expect(loadRegionIndex()).toBe(index);
    expect(index.stats.unknownCodes).toEqual([]);
    const a = regionAt(118.8, 32.05);
    expect(regionAt(118.81, 32.06)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(findRegion(a.city ?? 0)?.name).toBe('南京市');
    expect(index.stats.layers.map((l) => l.name)).toEqual(['china-finest', 'china-coarser', 'world']);
  });

  it('answers the same with and without the acceleration grid on the real prefecture layer', () => {
    const features = packagedSources().china[0] ?? [];
    const gridded = buildPolygonLayer(features, { cellDeg: 0.05 });
    const exact = buildPolygonLayer(features, { cellDeg: 0 });
    let seed = 7;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 20_000; i++) {
      const lng = 73 + rnd() * 62;
      const lat = 18 + rnd() * 36;
      expect(gridded.locate(lng, lat)).toBe(exact.locate(lng, lat));
      expect(gridded.nearest(lng, lat, 20)?.code ?? 0).toBe(exact.nearest(lng, lat, 20)?.code ?? 0);
    }
  });
});

describe('buildRegionIndex with a county-level source (GeoJSON with 9-digit `gb` codes)', () => {
  const square = (x: number, y: number, d = 0.1) => [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ];
  const feature = (gb: string, coordinates: number[][][]) => ({
    type: 'Feature',
    properties: { gb },
    geometry: { type: 'Polygon', coordinates },
  });
  const counties = readGbGeoJson({
    type: 'FeatureCollection',
    features: [
      feature('156320102', square(118.75, 32.0)), // Xuanwu
      feature('156110101', square(116.35, 39.88)), // Dongcheng, Beijing
      feature('156810001', square(114.1, 22.25)), // Central and Western, Hong Kong
      feature('', square(0, 0)), // a boundary feature without a code is skipped
    ],
  });
  const index = buildRegionIndex({ china: [counties], world: [] });

  it('fills the whole hierarchy from the county code', () => {
    expect(counties).toHaveLength(3);
    expect(index.regionAt(118.8, 32.05)).toEqual({
      country: CN,
      province: 156_320_000,
      city: 156_320_100,
      county: 156_320_102,
    });
  });

  it('leaves city null where the regions module has none (municipalities, Hong Kong)', () => {
    expect(index.regionAt(116.397, 39.909)).toEqual({
      country: CN,
      province: 156_110_000,
      city: null,
      county: 156_110_101,
    });
    expect(index.regionAt(114.15, 22.28)).toEqual({
      country: CN,
      province: 156_810_000,
      city: null,
      county: 156_810_001,
    });
    expect(index.stats.unknownCodes).toEqual([]);
  });
});
