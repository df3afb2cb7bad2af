import type { StatDetail } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { detailModel, keyName, unitScale } from './detailModel.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;

type Over = Omit<Partial<StatDetail>, 'settings'> & { settings?: Partial<StatDetail['settings']> };
function detail(over: Over): StatDetail {
  const { settings, ...rest } = over;
  return {
    statId: 1,
    settings: {
      name: 'n',
      periodType: 3,
      startTime: null,
      endTime: null,
      region: null,
      tftzType: null,
      cropId: null,
      medId: null,
      zzAccountId: null,
      yyAccountId: null,
      startDroneId: null,
      endDroneId: null,
      flyModelId: null,
      taskIds: null,
      oprId: null,
      areaUnit: 'mu',
      showType: 2,
      refreshFre: 0,
      x: 'month',
      y: 'area',
      dimension: null,
      summary: true,
      ...settings,
    },
    period: { from: '2026-01-01', to: '2026-12-31' },
    unit: 'mu',
    xData: [],
    xKeys: [],
    yData: [],
    zData: [],
    zKeys: [],
    rows: [],
    totals: null,
    capped: { x: false, series: false },
    unapplied: [],
    computedAt: 0,
    ...rest,
  };
}

describe('detail model', () => {
  it('names modes and crops, keeps the server names of others and unknown', () => {
    expect(keyName('mode', 'ab', 'ab', t)).toBe('datastat:mode.ab');
    expect(keyName('mode', '', 'Unknown', t)).toBe('Unknown');
    expect(keyName('crop', '3', '3', t)).toBe('datastat:cropName(3)');
    // From the crop catalogue where it names the id; by id where it does not know it ('#id').
    const crops = (id: number) => (id === 3 ? '玉米' : `#${id}`);
    expect(keyName('crop', '3', '3', t, crops)).toBe('玉米');
    expect(keyName('crop', '42', '42', t, crops)).toBe('datastat:cropName(42)');
    expect(keyName('crop', '0', 'Unknown', t)).toBe('Unknown');
    expect(keyName('crop', null, 'Others', t)).toBe('Others');
    expect(keyName('pilot', '5', '赵强', t)).toBe('赵强');
  });

  it('shows seconds in hours and metres in km, counts without decimals', () => {
    expect(unitScale('s')).toEqual({ factor: 1 / 3600, unitKey: 'datastat:unit.h', decimals: 2 });
    expect(unitScale('m').factor).toBe(0.001);
    expect(unitScale('acre').unitKey).toBe('common:areaUnit.acre');
    expect(unitScale('count')).toEqual({ factor: 1, unitKey: null, decimals: 0 });
    const m = detailModel(
      detail({
        settings: { y: 'flightTime', x: 'mode', showType: 1 },
        unit: 's',
        xData: ['auto', 'Unknown'],
        xKeys: ['auto', ''],
        yData: [[7200, 0]],
        zData: ['flightTime'],
        zKeys: ['flightTime'],
        rows: [
          { key: 'auto', name: 'auto', values: [7200], total: 7200 },
          { key: '', name: 'Unknown', values: [0], total: 0 },
        ],
        totals: { values: [7200], total: 7200 },
      }),
      t,
    );
    expect(m.kind).toBe('table');
    expect(m.categories).toEqual(['datastat:mode.auto', 'Unknown']);
    expect(m.series).toEqual([
      { key: 'flightTime', name: 'datastat:y.flightTime', values: [2, 0], others: false },
    ]);
    expect(m.rows[0]).toEqual({ key: 'auto', name: 'datastat:mode.auto', values: [2], total: 2 });
    expect(m.totals).toEqual({ values: [2], total: 2 });
    expect(m.unit).toBe('datastat:unit.h');
    expect(m.time).toBe(false);
    expect(m.empty).toBe(false);
  });

  it('one series per dimension value, "others" marked; distinct drones do not add up', () => {
    const m = detailModel(
      detail({
        settings: { x: 'day', y: 'activeDrones', dimension: 'crop' },
        unit: 'count',
        xData: ['2026-01-01', '2026-01-02'],
        xKeys: ['2026-01-01', '2026-01-02'],
        yData: [
          [0, 0],
          [0, 0],
        ],
        zData: ['1', 'Others'],
        zKeys: ['1', null],
      }),
      t,
    );
    expect(m.series.map((s) => [s.key, s.name, s.others])).toEqual([
      ['1', 'datastat:cropName(1)', false],
      ['others', 'Others', true],
    ]);
    expect(m.time).toBe(true);
    expect(m.additive).toBe(false);
    expect(m.empty).toBe(true);
    expect(m.unit).toBe('');
  });
});
