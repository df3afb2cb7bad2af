/**
 * The drone statistics list as configuration of the shared list pattern (src/list): filters,
 * columns in the user's units (area in the chosen area unit, flight time in hours, distance in km,
 * 2 decimals), the totals row of the whole filtered set, and the export. Pure: tested in
 * config.test.ts.
 */
import {
  type AreaUnit,
  convertArea,
  type DroneStatFilters,
  type DroneStatPage,
  type DroneStatRow,
  round,
  SECONDS_PER_HOUR,
} from '@agrifleet/domain';
import type { Translate } from '../../../list/columns.ts';
import type { CellValue, ColumnDef, ListConfig, Option } from '../../../list/types.ts';
import { droneStatsApi } from './api.ts';

export interface DroneStatsLook {
  unit: AreaUnit;
  /** The unit's name in the UI language. */
  unitLabel: string;
  /** Locale of number formatting. */
  locale: string;
  t: Translate;
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
}

/** Figures in the units shown (and exported). */
export const shownFigures = (unit: AreaUnit) => ({
  hours: (seconds: number) => round(seconds / SECONDS_PER_HOUR, 2),
  area: (mu: number) => round(convertArea(mu, unit), 2),
  litres: (l: number) => round(l, 2),
  km: (m: number) => round(m / 1000, 2),
});

const options = (list: Array<{ id: number; name: string }> | undefined): Option[] =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

export function droneStatsConfig(
  look: DroneStatsLook,
  choices: DroneStatFilters | undefined,
): ListConfig<DroneStatRow, DroneStatPage> {
  const f = shownFigures(look.unit);
  const number = new Intl.NumberFormat(look.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 0 });
  const decimal = (v: CellValue) => number.format(Number(v));
  const whole = (v: CellValue) => integer.format(Number(v));
  const text = (key: keyof DroneStatRow, title: string, sort?: true): ColumnDef<DroneStatRow> => ({
    key,
    title: `droneStats:col.${title}`,
    sort,
  });
  const figure = (
    key: string,
    value: (r: DroneStatRow) => number,
    excel: string,
    format: (v: CellValue) => string,
  ): ColumnDef<DroneStatRow> => ({
    key,
    title: `droneStats:col.${key}`,
    titleVars: key === 'sprayArea' ? { unit: look.unitLabel } : undefined,
    value,
    format,
    sort: true,
    align: 'right',
    excel,
  });

  return {
    id: 'droneStatistics',
    ns: ['droneStats'],
    fetch: droneStatsApi.page,
    rowKey: (r) => r.droneId,
    defaultSort: { field: 'sprayArea', order: 1 },
    filters: [
      { kind: 'text', name: 'droneId', label: 'droneStats:filter.droneId' },
      { kind: 'text', name: 'droneName', label: 'droneStats:filter.droneName' },
      {
        kind: 'select',
        name: 'zzAccountId',
        label: 'droneStats:filter.manufacturer',
        numeric: true,
        options: options(choices?.manufacturers),
      },
      {
        kind: 'select',
        name: 'yyAccountId',
        label: 'droneStats:filter.owner',
        numeric: true,
        options: options(choices?.owners),
      },
      {
        kind: 'select',
        name: 'flyModelId',
        label: 'droneStats:filter.model',
        numeric: true,
        options: options(choices?.models),
      },
      { kind: 'region', name: 'region', label: 'droneStats:filter.region' },
      // Whole days of the server's statistics time zone: noon keeps the chosen day (see list/types.ts).
      {
        kind: 'dateRange',
        name: 'days',
        label: 'droneStats:filter.days',
        params: ['startTime', 'endTime'],
        at: 'noon',
      },
    ],
    columns: [
      { ...text('droneId', 'droneId', true), fixed: 'left' },
      text('droneName', 'droneName', true),
      text('modelName', 'model'),
      text('zzAccountName', 'manufacturer'),
      text('yyAccountName', 'owner'),
      figure('flightCount', (r) => r.flightCount, '#,##0', whole),
      figure('flightTime', (r) => f.hours(r.flightTime), '#,##0.00', decimal),
      figure('sprayArea', (r) => f.area(r.sprayArea), '#,##0.00', decimal),
      figure('sprayQuantity', (r) => f.litres(r.sprayQuantity), '#,##0.00', decimal),
      figure('distance', (r) => f.km(r.distance), '#,##0.00', decimal),
      figure('workDays', (r) => r.workDays, '#,##0', whole),
      { ...text('lastWorkTime', 'lastWorkTime', true), align: 'center' },
    ],
    summary: ({ totals }) => ({
      flightCount: totals.flightCount,
      flightTime: f.hours(totals.flightTime),
      sprayArea: f.area(totals.sprayArea),
      sprayQuantity: f.litres(totals.sprayQuantity),
      distance: f.km(totals.distance),
    }),
    export: { fileName: () => look.t('droneStats:fileName', { date: look.today }) },
  };
}
