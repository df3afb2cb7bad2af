/**
 * The block list as configuration of the shared list pattern (src/list): the §3 filters (search,
 * region, onlyMyAccount, onlySubAccount) and crop, the columns (name, area in the user's unit, crop,
 * region, owner with the shared mark, sorties, last sprayed, created), row actions (detail, plan a
 * route, edit, share, export) and the batch delete (with nothing selected the page says 'no block
 * selected' without a call, 001 §5). Create and edit happen on the map (BlockEditor). Pure apart
 * from the renderers and handlers it is given.
 */
import { type AreaUnit, type BlockPage, type BlockRecord, convertArea, formatDate } from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ListConfig, RowAction } from '../../list/types.ts';
import type { Catalog } from '../lookups/useCatalog.ts';
import { blocksApi } from './api.ts';

export interface BlockLook {
  t: Translate;
  unit: AreaUnit;
  /** The region's names, or null while the tree loads. */
  regionName: (code: number | null) => string | null;
  /** The crop catalogue (lookups useCrops): the filter's choices and the column's names. */
  crops: Pick<Catalog, 'options' | 'nameOf'>;
  /** The name cell (a link to the detail) and the owner cell (with the shared mark). */
  nameCell: (row: BlockRecord) => ReactNode;
  ownerCell: (row: BlockRecord) => ReactNode;
  onDetail: (row: BlockRecord) => void;
  onRoute: (row: BlockRecord) => void;
  onEdit: (row: BlockRecord) => void;
  onShare: (row: BlockRecord) => void;
  onExport: (row: BlockRecord) => void;
  onCreate: () => void;
  /** The selected rows (maybe none); resolves true when they were deleted. */
  onDelete: (rows: BlockRecord[]) => Promise<boolean>;
}

const day = (ms: number | null) => (ms == null ? '' : formatDate(ms, 'YYYY-MM-DD HH:mm'));

export function blockListConfig(look: BlockLook): ListConfig<BlockRecord, BlockPage> {
  const { t, unit } = look;
  const rowActions: RowAction<BlockRecord>[] = [
    { key: 'detail', label: 'blocks:action.detail', first: true, onClick: look.onDetail },
    { key: 'route', label: 'blocks:action.route', first: true, onClick: look.onRoute },
    { key: 'edit', label: 'blocks:action.edit', visible: (r) => r.editable, onClick: look.onEdit },
    { key: 'share', label: 'blocks:action.share', visible: (r) => r.editable, onClick: look.onShare },
    { key: 'export', label: 'blocks:action.export', onClick: look.onExport },
  ];
  return {
    id: 'blocks',
    ns: ['blocks'],
    fetch: blocksApi.page,
    rowKey: (r) => r.blockId,
    params: { page: 'pageIndex', size: 'size' },
    filters: [
      { kind: 'text', name: 'search', label: 'blocks:filter.search' },
      { kind: 'region', name: 'region', label: 'blocks:filter.region' },
      {
        kind: 'select',
        name: 'cropId',
        label: 'blocks:filter.crop',
        numeric: true,
        options: look.crops.options,
      },
      {
        kind: 'select',
        name: 'onlyMyAccount',
        label: 'blocks:filter.onlyMyAccount',
        numeric: true,
        options: [{ value: 1, labelKey: 'blocks:filter.yes' }],
      },
      {
        kind: 'select',
        name: 'onlySubAccount',
        label: 'blocks:filter.onlySubAccount',
        numeric: true,
        options: [{ value: 1, labelKey: 'blocks:filter.yes' }],
      },
    ],
    columns: [
      {
        key: 'blockName',
        title: 'blocks:col.name',
        render: look.nameCell,
        value: (r) => r.blockName,
        fixed: 'left',
        width: 160,
      },
      {
        key: 'areaMu',
        title: 'blocks:col.area',
        titleVars: { unit: t(`common:areaUnit.${unit}`) },
        value: (r) => convertArea(r.areaMu, unit),
        format: (v) => Number(v).toFixed(2),
        align: 'right',
        width: 110,
      },
      {
        key: 'cropId',
        title: 'blocks:col.crop',
        value: (r) => look.crops.nameOf(r.cropId),
        width: 90,
      },
      {
        key: 'regionCode',
        title: 'blocks:col.region',
        value: (r) => look.regionName(r.regionCode) ?? r.regionCode ?? '',
        width: 160,
        ellipsis: true,
      },
      {
        key: 'ownerName',
        title: 'blocks:col.owner',
        render: look.ownerCell,
        value: (r) => r.ownerName,
        width: 160,
      },
      { key: 'sortieCount', title: 'blocks:col.sorties', align: 'right', width: 70 },
      {
        key: 'lastSprayedAt',
        title: 'blocks:col.lastSprayed',
        value: (r) => day(r.lastSprayedAt),
        width: 140,
      },
      {
        key: 'createTime',
        title: 'blocks:col.createTime',
        value: (r) => formatDate(Date.parse(r.createTime), 'YYYY-MM-DD'),
        width: 100,
      },
    ],
    toolbar: [{ key: 'create', label: 'blocks:action.create', primary: true, onClick: look.onCreate }],
    rowActions,
    selectable: (r) => r.editable,
    batch: [
      { key: 'delete', label: 'blocks:action.delete', danger: true, onClick: (rows) => look.onDelete(rows) },
    ],
  };
}
