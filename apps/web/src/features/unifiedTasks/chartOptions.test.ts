import { EXCLUSION_REASONS, type TaskStatOverview } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  cropOption,
  dailyOption,
  excludedItems,
  excludedOption,
  overviewFigures,
  rankingOption,
  SORTIE_COLORS,
  sortieFeatures,
} from './chartOptions.ts';

type Shape = {
  series: Array<{ type: string; data: unknown[]; name?: string }>;
  xAxis: { data: string[] };
  yAxis: { data: string[] } | unknown[];
  dataZoom?: unknown;
};
const shape = (o: unknown) => o as Shape;
const look = { unit: 'mu' as const, language: 'en' as const, locale: 'en' };
const hectares = { ...look, unit: 'hectare' as const };

describe('task chart options', () => {
  it('writes the overview cards in the user unit', () => {
    const o: TaskStatOverview = {
      tftzId: 1,
      status: 2,
      droneCount: 1200,
      ownerCount: 3,
      activeDrones: 800,
      sortieCount: 15000,
      areaMu: 1500,
      volumeL: 987.65,
      durationS: 7260,
      excluded: Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as TaskStatOverview['excluded'],
      updatedAt: null,
    };
    const f = Object.fromEntries(overviewFigures(o, hectares).map((x) => [x.key, x.value]));
    expect(f).toMatchObject({
      drones: '1,200',
      activeDrones: '800',
      owners: '3',
      sorties: '15,000',
      area: '100.00',
      volume: '987.7',
      duration: '2.0',
    });
    expect(Object.keys(f)).toEqual([
      'drones',
      'activeDrones',
      'owners',
      'sorties',
      'area',
      'volume',
      'duration',
    ]);
  });

  it('draws area per day as bars in the user unit and sorties as a line', () => {
    const days = [
      { day: '2026-11-01', sortieCount: 3, areaMu: 150, volumeL: 10 },
      { day: '2026-11-02', sortieCount: 5, areaMu: 300, volumeL: 20 },
    ];
    const o = shape(dailyOption(days, hectares, { area: 'Area', sorties: 'Sorties' }));
    expect(o.xAxis.data).toEqual(['11-01', '11-02']);
    expect(o.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(o.series[0]?.data).toEqual([10, 20]);
    expect(o.series[1]?.data).toEqual([3, 5]);
    expect(shape(dailyOption([], look, { area: 'a', sorties: 's' })).series[0]?.data).toEqual([]);
  });

  it('ranks by area, names on the axis in order', () => {
    const o = shape(
      rankingOption(
        [
          { name: 'A', areaMu: 30 },
          { name: 'B', areaMu: 15 },
        ],
        hectares,
        'Area',
      ),
    );
    expect((o.yAxis as { data: string[] }).data).toEqual(['A', 'B']);
    expect(o.series[0]?.data).toEqual([2, 1]);
  });

  it('names crops from the catalogue, the unreported one apart, and leaves out crops without area', () => {
    const o = shape(
      cropOption(
        [
          { cropId: 1, sortieCount: 2, areaMu: 100 },
          { cropId: null, sortieCount: 1, areaMu: 20 },
          { cropId: 2, sortieCount: 0, areaMu: 0 },
        ],
        look,
        (id) => (id === 1 ? 'Wheat' : 'Rice'),
        'Not reported',
      ),
    );
    expect(o.series[0]?.data).toEqual([
      { name: 'Wheat', value: 100 },
      { name: 'Not reported', value: 20 },
    ]);
  });

  it('lists left-out sorties by reason in the rule order, reasons with none left out', () => {
    const items = excludedItems({ otherCrop: 4, notEnrolled: 0, outOfRegion: 2, simulated: 1 });
    expect(items).toEqual([
      { reason: 'simulated', count: 1 },
      { reason: 'outOfRegion', count: 2 },
      { reason: 'otherCrop', count: 4 },
    ]);
    const o = shape(excludedOption(items, (r) => `reason.${r}`, 'Sorties'));
    expect((o.yAxis as { data: string[] }).data).toEqual([
      'reason.simulated',
      'reason.outOfRegion',
      'reason.otherCrop',
    ]);
    expect(o.series[0]?.data).toEqual([1, 2, 4]);
  });

  it('puts the sorties on the map coloured counted or not, framing them', () => {
    const fc = sortieFeatures([
      { sortieId: 1, lng: 118.8, lat: 32.1, counted: true },
      { sortieId: 2, lng: 118.9, lat: 32.0, counted: false },
      { sortieId: 3, lng: 0, lat: 0, counted: false },
    ]);
    expect(fc.features.map((f) => f.properties?.c)).toEqual([SORTIE_COLORS.counted, SORTIE_COLORS.excluded]);
    expect(
      boundsOf([
        [118.8, 32.1],
        [118.9, 32.0],
      ]),
    ).toEqual([
      [118.8, 32.0],
      [118.9, 32.1],
    ]);
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[118, 32]])).toEqual([
      [117.99, 31.99],
      [118.01, 32.01],
    ]);
  });
});
