import type { BlockRecord } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import type { Translate } from '../../list/columns.ts';
import { blockListConfig } from './config.ts';

const t = ((k: string) => k) as unknown as Translate;
const row = {
  blockId: 7,
  blockName: 'North',
  areaMu: 150,
  cropId: 1,
  regionCode: 320924000,
  ownerName: 'Farm',
  shared: true,
  editable: false,
  sortieCount: 2,
  lastSprayedAt: null,
  createTime: '2026-01-02T03:04:05Z',
} as unknown as BlockRecord;

describe('blockListConfig', () => {
  const onDelete = vi.fn(async () => true);
  const config = blockListConfig({
    t,
    unit: 'hectare',
    regionName: () => 'Jiangsu / Yancheng',
    crops: { options: [{ value: 1, label: 'Rice' }], nameOf: (id) => (id === 1 ? 'Rice' : '') },
    nameCell: () => null,
    ownerCell: () => null,
    onDetail: () => undefined,
    onRoute: () => undefined,
    onEdit: () => undefined,
    onShare: () => undefined,
    onExport: () => undefined,
    onCreate: () => undefined,
    onDelete,
  });

  it('pages with the §7 names and filters with the §3 ones', () => {
    expect(config.params).toEqual({ page: 'pageIndex', size: 'size' });
    expect(config.filters?.map((f) => f.name)).toEqual([
      'search',
      'region',
      'cropId',
      'onlyMyAccount',
      'onlySubAccount',
    ]);
  });

  it('shows the area in the user unit and the crop name', () => {
    const area = config.columns.find((c) => c.key === 'areaMu');
    expect(area?.format?.(area.value?.(row))).toBe('10.00');
    expect(config.columns.find((c) => c.key === 'cropId')?.value?.(row)).toBe('Rice');
  });

  it('offers no writes on a shared block and no box to tick', () => {
    const visible = (config.rowActions ?? []).filter((a) => a.visible?.(row) ?? true).map((a) => a.key);
    expect(visible).toEqual(['detail', 'route', 'export']);
    expect(config.selectable?.(row)).toBe(false);
  });

  it('hands the batch delete the selected rows, none included (the page says no block selected)', async () => {
    const del = config.batch?.find((b) => b.key === 'delete');
    await del?.onClick([], { refresh: () => undefined, query: {} });
    expect(onDelete).toHaveBeenCalledWith([]);
  });
});
