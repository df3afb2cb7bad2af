import { describe, expect, it } from 'vitest';
import { exportTable, sortOf, summaryCells, tableColumns } from './columns.ts';
import { regionCodeOf, regionPath } from './region.ts';
import type { ColumnDef } from './types.ts';

interface Row {
  id: string;
  name: string | null;
  areaMu: number;
}
const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const defs: ColumnDef<Row>[] = [
  { key: 'id', title: 'x:id', sort: 'droneId' },
  { key: 'name', title: 'x:name' },
  {
    key: 'area',
    title: 'x:area',
    titleVars: { unit: 'acre' },
    value: (r) => r.areaMu * 0.1647369,
    format: (v) => Number(v).toFixed(2),
    sort: 'sprayArea',
    align: 'right',
    excel: '0.00',
  },
  { key: 'secret', title: 'x:secret', excel: false },
];
const rows: Row[] = [
  { id: 'A1', name: 'Alpha', areaMu: 100 },
  { id: 'B2', name: null, areaMu: 0 },
];
const cellsOf = (row: Row) =>
  tableColumns(defs, t).map((c) => (c as { render: (v: unknown, r: Row) => unknown }).render(undefined, row));

describe('table columns from definitions', () => {
  it('translated titles, the value through its format, - for nothing', () => {
    const cols = tableColumns(defs, t);
    expect(cols.map((c) => c.title)).toEqual(['x:id', 'x:name', 'x:area(acre)', 'x:secret']);
    expect(cellsOf(rows[0] as Row)).toEqual(['A1', 'Alpha', '16.47', '-']);
    expect(cellsOf(rows[1] as Row)).toEqual(['B2', '-', '0.00', '-']);
    expect(cols[2]?.align).toBe('right');
  });

  it('shows the sort on its column only, and reads a table sort back', () => {
    const cols = tableColumns(defs, t, { field: 'sprayArea', order: 2 });
    expect(cols.map((c) => (c as { sortOrder?: unknown }).sortOrder)).toEqual([
      null,
      undefined,
      'ascend',
      undefined,
    ]);
    expect(sortOf(defs, { columnKey: 'area', order: 'descend' })).toEqual({ field: 'sprayArea', order: 1 });
    expect(sortOf(defs, { columnKey: 'id', order: 'ascend' })).toEqual({ field: 'droneId', order: 2 });
    expect(sortOf(defs, { columnKey: 'id', order: undefined })).toBeUndefined();
    expect(sortOf(defs, { columnKey: 'name', order: 'ascend' })).toBeUndefined();
  });

  it('a totals row: the label first, totals formatted like the column', () => {
    expect(summaryCells(defs, { area: 50 }, 'Total')).toEqual(['Total', '', '50.00', '']);
  });

  it('the export: titles, plain values, totals, columns marked out left out', () => {
    const table = exportTable(defs, rows, t, { values: { area: 16.47369 }, label: 'Total' });
    expect(table.header).toEqual(['x:id', 'x:name', 'x:area(acre)']);
    expect(table.formats).toEqual([undefined, undefined, '0.00']);
    expect(table.rows[0]?.[2]).toBeCloseTo(16.47369, 5);
    expect(table.rows[1]).toEqual(['B2', null, 0]);
    expect(table.totals).toEqual(['Total', null, 16.47369]);
  });
});

describe('region codes in the tree', () => {
  const tree = [
    {
      areaId: 156,
      areaName: '中国',
      children: [
        { areaId: 156320000, areaName: '江苏省', children: [{ areaId: 156320100, areaName: '南京市' }] },
      ],
    },
    { areaId: 764, areaName: '泰国' },
  ];
  it('countries as 9 digits, paths down to a code', () => {
    expect(regionCodeOf(156)).toBe(156000000);
    expect(regionCodeOf(156320100)).toBe(156320100);
    expect(regionPath(tree, 156320100)).toEqual([156, 156320000, 156320100]);
    expect(regionPath(tree, 764000000)).toEqual([764]);
    expect(regionPath(tree, 156330000)).toEqual([]);
  });
});
