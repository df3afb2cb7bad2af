import type { NoflyRecord } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../list/columns.ts';
import { noflyListConfig } from './config.ts';

const t = ((key: string, vars?: Record<string, unknown>) =>
  vars ? `${key}:${JSON.stringify(vars)}` : key) as Translate;
const look = (canCreate: boolean) => ({
  t,
  regionName: (code: number | null) => (code === 156320924 ? '中国 / 江苏省 / 盐城市 / 射阳县' : null),
  enabledCell: () => null,
  onDetail: () => {},
  onEdit: () => {},
  onCreate: () => {},
  onDelete: () => {},
  canCreate,
});
const row = (over: Partial<NoflyRecord> = {}) =>
  ({
    noflyId: 1,
    name: 'z',
    noflyType: 2,
    shape: 'circle',
    radiusM: 500,
    regionCode: 156320924,
    editable: true,
    createTime: '2026-01-02T03:04:05Z',
    ...over,
  }) as NoflyRecord;

describe('no-fly list configuration', () => {
  it('has the noflyType filter and the columns of the screen', () => {
    const c = noflyListConfig(look(true));
    expect(c.filters?.map((f) => f.name)).toEqual(['noflyType', 'name']);
    expect(c.columns.map((col) => col.key)).toEqual([
      'name',
      'noflyType',
      'detailAddress',
      'regionCode',
      'shape',
      'enabled',
      'version',
      'createTime',
    ]);
    const value = (key: string, r: NoflyRecord) => c.columns.find((col) => col.key === key)?.value?.(r);
    expect(value('noflyType', row())).toBe('nofly:type.2');
    expect(value('regionCode', row())).toBe('中国 / 江苏省 / 盐城市 / 射阳县');
    expect(value('shape', row())).toBe('nofly:shape.circle:{"r":500}');
  });

  it('offers edit and delete only on rows the caller may change, create only to managers', () => {
    const c = noflyListConfig(look(true));
    const visible = (key: string, r: NoflyRecord) =>
      c.rowActions?.find((a) => a.key === key)?.visible?.(r) ?? true;
    expect(visible('edit', row({ editable: false }))).toBe(false);
    expect(visible('delete', row({ editable: false }))).toBe(false);
    expect(visible('delete', row())).toBe(true);
    expect(visible('detail', row({ editable: false }))).toBe(true);
    expect(c.toolbar).toHaveLength(1);
    expect(noflyListConfig(look(false)).toolbar).toEqual([]);
  });
});
