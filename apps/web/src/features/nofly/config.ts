/**
 * The no-fly zone list as configuration of the shared list pattern (src/list): the noflyType and
 * name filters, the columns (name, type, address, region, shape, enabled switch, version, created),
 * delete with confirmation (a row action, offered on the rows the caller may change). Create and edit happen on the map (ZoneEditor), not in the list's form
 * dialog; the enabled switch is a cell the page renders. Pure apart from the renderers it is given.
 */
import { formatDate, type NoflyPage, type NoflyRecord } from '@agrifleet/domain';
import { createElement, type ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { CellValue, ListConfig, RowAction } from '../../list/types.ts';
import { noflyApi } from './api.ts';

export interface NoflyLook {
  t: Translate;
  /** The region's names ('江苏省 / 盐城市 / 射阳县'), or null while the tree loads. */
  regionName: (code: number | null) => string | null;
  /** The enabled switch of a row. */
  enabledCell: (row: NoflyRecord) => ReactNode;
  onDetail: (row: NoflyRecord) => void;
  onEdit: (row: NoflyRecord) => void;
  /** Whether the caller may create zones (platform and government managers). */
  canCreate: boolean;
  onCreate: () => void;
  /** Deletes after the user confirms (only rows the caller may change offer it). */
  onDelete: (row: NoflyRecord) => void;
}

/**
 * A cell cut to `px` with an ellipsis and the whole text as its tooltip: the list's table sizes
 * columns to their content (scroll x max-content), so a long address would push the switch away.
 */
const clip = (px: number) => (v: CellValue) =>
  createElement(
    'span',
    {
      title: v == null ? undefined : String(v),
      style: {
        display: 'inline-block',
        maxWidth: px,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      },
    },
    v,
  );

export const shapeText = (t: Translate, r: Pick<NoflyRecord, 'shape' | 'radiusM'>) =>
  r.shape === 'circle' ? t('nofly:shape.circle', { r: r.radiusM ?? 0 }) : t('nofly:shape.polygon');

export function noflyListConfig(look: NoflyLook): ListConfig<NoflyRecord, NoflyPage> {
  const { t } = look;
  const rowActions: RowAction<NoflyRecord>[] = [
    { key: 'detail', label: 'nofly:action.detail', first: true, onClick: look.onDetail },
    { key: 'edit', label: 'nofly:action.edit', visible: (r) => r.editable, onClick: look.onEdit },
    { key: 'delete', label: 'list:delete', danger: true, visible: (r) => r.editable, onClick: look.onDelete },
  ];
  return {
    id: 'nofly',
    ns: ['nofly'],
    fetch: noflyApi.page,
    rowKey: (r) => r.noflyId,
    filters: [
      {
        kind: 'select',
        name: 'noflyType',
        label: 'nofly:filter.noflyType',
        numeric: true,
        options: [
          { value: 2, labelKey: 'nofly:type.2' },
          { value: 1, labelKey: 'nofly:type.1' },
        ],
      },
      { kind: 'text', name: 'name', label: 'nofly:filter.name' },
    ],
    columns: [
      { key: 'name', title: 'nofly:col.name', format: clip(150), width: 150, fixed: 'left' },
      {
        key: 'noflyType',
        title: 'nofly:col.noflyType',
        value: (r) => t(`nofly:type.${r.noflyType}`),
        width: 96,
      },
      { key: 'detailAddress', title: 'nofly:col.detailAddress', format: clip(130), width: 130 },
      {
        key: 'regionCode',
        title: 'nofly:col.region',
        value: (r) => look.regionName(r.regionCode) ?? r.regionCode ?? '',
        format: clip(140),
        width: 140,
      },
      { key: 'shape', title: 'nofly:col.shape', value: (r) => shapeText(t, r), width: 130 },
      { key: 'enabled', title: 'nofly:col.enabled', render: look.enabledCell, align: 'center', width: 64 },
      { key: 'version', title: 'nofly:col.version', align: 'right', width: 56 },
      {
        key: 'createTime',
        title: 'nofly:col.createTime',
        value: (r) => formatDate(Date.parse(r.createTime), 'YYYY-MM-DD'),
        width: 100,
      },
    ],
    toolbar: look.canCreate
      ? [{ key: 'create', label: 'nofly:action.create', primary: true, onClick: look.onCreate }]
      : [],
    rowActions,
  };
}
