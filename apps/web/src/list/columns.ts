/**
 * Table columns from column definitions: translated titles, cells from each column's value and
 * format, the sort shown on the column the list is sorted by; the totals row; the export's
 * header and rows. Pure functions (no JSX), tested in columns.test.ts.
 */
import { MISSING } from '@agrifleet/domain';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import type { CellValue, ColumnDef } from './types.ts';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;
export interface Sort {
  field: string;
  order: 1 | 2;
}

export function cellValue<R>(def: ColumnDef<R>, row: R): CellValue {
  if (def.value) return def.value(row);
  const v = (row as Record<string, unknown>)[def.key];
  return typeof v === 'string' || typeof v === 'number' ? v : v === null ? null : undefined;
}

const plain = (v: CellValue): ReactNode => (v === null || v === undefined || v === '' ? MISSING : v);
/** A value as the column shows it. */
export const shownValue = <R>(def: ColumnDef<R>, v: CellValue): ReactNode =>
  v === null || v === undefined ? MISSING : (def.format ?? plain)(v);

export const sortFieldOf = <R>(def: ColumnDef<R>): string | undefined =>
  def.sort === undefined ? undefined : def.sort === true ? def.key : def.sort;

export const titleOf = <R>(def: ColumnDef<R>, t: Translate) => t(def.title, def.titleVars);

export function tableColumns<R>(defs: ColumnDef<R>[], t: Translate, sort?: Sort): ColumnsType<R> {
  return defs.map((def) => {
    const field = sortFieldOf(def);
    return {
      key: def.key,
      title: titleOf(def, t),
      align: def.align,
      width: def.width,
      ellipsis: def.ellipsis,
      fixed: def.fixed,
      render: (_: unknown, row: R) => (def.render ? def.render(row) : shownValue(def, cellValue(def, row))),
      ...(field
        ? {
            sorter: true,
            sortDirections: ['descend', 'ascend', 'descend'] as const,
            sortOrder: sort?.field === field ? (sort.order === 2 ? 'ascend' : 'descend') : null,
          }
        : {}),
    };
  });
}

/** The sort a table change asks for (undefined: back to the list's default). */
export function sortOf<R>(
  defs: ColumnDef<R>[],
  sorter: SorterResult<R> | SorterResult<R>[],
): Sort | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s?.order) return undefined;
  const def = defs.find((d) => d.key === s.columnKey);
  const field = def && sortFieldOf(def);
  return field ? { field, order: s.order === 'ascend' ? 2 : 1 } : undefined;
}

/**
 * Cells of a totals row: each column's total, shown as the column shows values; the label goes in
 * the first column when that has no total.
 */
export function summaryCells<R>(
  defs: ColumnDef<R>[],
  totals: Record<string, CellValue>,
  label: string,
): ReactNode[] {
  return defs.map((def, i) => {
    const v = totals[def.key];
    if (v === undefined || v === null) return i === 0 ? label : '';
    return shownValue(def, v);
  });
}

/** The exported columns (those not marked excel: false). */
export const exportColumns = <R>(defs: ColumnDef<R>[]) => defs.filter((d) => d.excel !== false);

/** The export's header, rows and totals row (plain values: numbers stay numbers). */
export function exportTable<R>(
  defs: ColumnDef<R>[],
  rows: R[],
  t: Translate,
  totals?: { values: Record<string, CellValue>; label: string },
) {
  const cols = exportColumns(defs);
  const cell = (v: CellValue) => (v === undefined ? null : v);
  return {
    header: cols.map((d) => titleOf(d, t)),
    formats: cols.map((d) => (typeof d.excel === 'string' ? d.excel : undefined)),
    rows: rows.map((r) => cols.map((d) => cell(cellValue(d, r)))),
    totals: totals
      ? cols.map((d, i) => {
          const v = cell(totals.values[d.key]);
          return v === null && i === 0 ? totals.label : v;
        })
      : undefined,
  };
}
export type ExportTable = ReturnType<typeof exportTable>;
