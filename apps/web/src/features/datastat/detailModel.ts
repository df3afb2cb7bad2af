/**
 * A stat item's detail as the screen shows it: category and series names in the UI language (flight
 * modes translated, crops named by their id, the measure's name for a single series), values in the
 * units shown (hours for seconds, km for metres, the item's area unit), the table's rows and totals.
 * Pure: tested in detailModel.test.ts.
 */
import {
  AREA_UNITS,
  DATASTAT_SHOW_TYPES,
  DATASTAT_TIME_GROUPS,
  type DatastatGroup,
  type DatastatShowType,
  FLIGHT_MODES,
  round,
  type StatDetail,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';

export type DetailKind = (typeof DATASTAT_SHOW_TYPES)[DatastatShowType];

export interface DetailSeries {
  /** The dimension value's key (the measure without a dimension; 'others' for the rest). */
  key: string;
  name: string;
  values: number[];
  /** The series of everything beyond the shown ones ("others"). */
  others: boolean;
}

export interface DetailModel {
  kind: DetailKind;
  /** Category (x) names, translated. */
  categories: string[];
  /** Which categories are "others". */
  categoryOthers: boolean[];
  series: DetailSeries[];
  /** The unit of the values shown, translated ('' for counts). */
  unit: string;
  decimals: number;
  /** The categories are periods of time (in time order). */
  time: boolean;
  /** Series add up (stacked bars): not for distinct counts of drones. */
  additive: boolean;
  /** The table: one row per category, its values per series and their total. */
  rows: Array<{ key: string; name: string; values: number[]; total: number }>;
  totals: { values: number[]; total: number } | null;
  /** Nothing above zero. */
  empty: boolean;
}

/** How a unit of the server is shown: seconds in hours, metres in km; counts without decimals. */
export function unitScale(unit: string): { factor: number; unitKey: string | null; decimals: number } {
  if ((AREA_UNITS as readonly string[]).includes(unit))
    return { factor: 1, unitKey: `common:areaUnit.${unit}`, decimals: 2 };
  if (unit === 's') return { factor: 1 / 3600, unitKey: 'datastat:unit.h', decimals: 2 };
  if (unit === 'm') return { factor: 1 / 1000, unitKey: 'datastat:unit.km', decimals: 2 };
  if (unit === 'L') return { factor: 1, unitKey: 'datastat:unit.L', decimals: 2 };
  return { factor: 1, unitKey: null, decimals: 0 };
}

const MODES = new Set<string>(FLIGHT_MODES);

/** Names a crop id from the catalogue (lookups useCrops().nameOf); '' when it does not know it. */
export type CropNamer = (id: number) => string;

/**
 * The name shown for a key of a group: modes translated, crops from the catalogue (by id where it
 * has no name), the rest as the server names them.
 */
export function keyName(
  group: DatastatGroup,
  key: string | null,
  name: string,
  t: Translate,
  cropName?: CropNamer,
): string {
  if (key === null) return name;
  if (group === 'mode' && MODES.has(key)) return t(`datastat:mode.${key}`);
  if (group === 'crop' && key !== '' && key !== '0') {
    const named = cropName?.(Number(key));
    return named && !named.startsWith('#') ? named : t('datastat:cropName', { id: key });
  }
  return name;
}

export function detailModel(detail: StatDetail, t: Translate, cropName?: CropNamer): DetailModel {
  const s = detail.settings;
  const scale = unitScale(detail.unit);
  const shown = (v: number) => round(v * scale.factor, scale.decimals === 0 ? 0 : 4);
  const categories = detail.xData.map((name, i) => keyName(s.x, detail.xKeys[i] ?? null, name, t, cropName));
  const dim = s.dimension;
  const seriesNames = dim
    ? detail.zData.map((name, i) => keyName(dim, detail.zKeys[i] ?? null, name, t, cropName))
    : [t(`datastat:y.${s.y}`)];
  const series = detail.yData.map((values, i) => ({
    key: dim ? (detail.zKeys[i] ?? 'others') : s.y,
    name: seriesNames[i] ?? '',
    values: values.map(shown),
    others: dim ? detail.zKeys[i] === null : false,
  }));
  return {
    kind: DATASTAT_SHOW_TYPES[s.showType as DatastatShowType] ?? 'bar',
    categories,
    categoryOthers: detail.xKeys.map((k) => k === null),
    series,
    unit: scale.unitKey ? t(scale.unitKey) : '',
    decimals: scale.decimals,
    time: DATASTAT_TIME_GROUPS.includes(s.x),
    additive: s.y !== 'activeDrones',
    rows: detail.rows.map((r, i) => ({
      key: r.key ?? `others-${i}`,
      name: keyName(s.x, r.key, r.name, t, cropName),
      values: r.values.map(shown),
      total: shown(r.total),
    })),
    totals: detail.totals
      ? { values: detail.totals.values.map(shown), total: shown(detail.totals.total) }
      : null,
    empty: !detail.yData.some((values) => values.some((v) => v > 0)),
  };
}
