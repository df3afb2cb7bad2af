/**
 * A stat item's figures: the period as local days, the regions a region axis shows, the largest
 * categories and series (the rest as "others"), every value of the chart and the table from one
 * grouped query over the daily rollup, and the names of what is shown.
 */
import {
  clampMillis,
  convertArea,
  DATASTAT_MAX_CATEGORIES,
  DATASTAT_MAX_SERIES,
  DATASTAT_NOT_APPLIED,
  DATASTAT_TIME_GROUPS,
  type DatastatGroup,
  type DatastatMeasure,
  type DatastatNotApplied,
  type Language,
  type StatDetail,
  type StatPeriod,
  type StatSettings,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { translate } from '../../platform/messages.ts';
import { CHINA } from '../regions/geo/codes.ts';
import { findRegion, regionName } from '../regions/regions.service.ts';
import { localDay, periodSpan } from '../stats/calendar.ts';
import type { Axis, CubeFilter, DatastatCube, RegionMap, TaskFilter } from './datastat.cube.ts';
import type { DatastatRepo } from './datastat.repo.ts';

const PERIODS: Record<number, StatPeriod> = { 2: 'thisYear', 3: 'thisMonth', 4: 'today', 5: 'all' };
const DAY = 86_400_000;
/** Unit of each measure's values (area: the item's areaUnit). */
const UNITS: Record<Exclude<DatastatMeasure, 'area'>, string> = {
  volume: 'L',
  flightTime: 's',
  sprayTime: 's',
  distance: 'm',
  sorties: 'count',
  activeDrones: 'count',
};

const pad = (n: number) => String(n).padStart(2, '0');
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isTime = (g: DatastatGroup) => DATASTAT_TIME_GROUPS.includes(g);

/** The key of a day in a time group. */
const bucketOf = (g: DatastatGroup, day: string) =>
  g === 'year' ? day.slice(0, 4) : g === 'month' ? day.slice(0, 7) : day;

/** Every key of a time group from the bucket of `first` to that of `last` (days, both included). */
function timeBuckets(g: DatastatGroup, first: string, last: string): string[] {
  const out: string[] = [];
  const end = bucketOf(g, last);
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  let day = first;
  for (let key = bucketOf(g, first); key <= end; ) {
    out.push(key);
    if (g === 'day') day = addDays(day, 1);
    else if (g === 'month') [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    else y += 1;
    key = g === 'day' ? day : g === 'month' ? `${y}-${pad(m)}` : String(y);
  }
  return out;
}

/**
 * The region a code is shown under: the child of `base` on the code's way up the region tree (the
 * code itself when it is `base`); with no base, Chinese provinces and foreign countries.
 */
export function regionUnder(code: number, base: number | null): number {
  const chain: number[] = [];
  for (let c: number | null = code; c !== null && chain.length < 8; c = findRegion(c)?.parentCode ?? null)
    chain.push(c);
  if (base === null) {
    const top = chain.length - 1;
    return chain[top] === CHINA && top > 0 ? (chain[top - 1] as number) : (chain[top] as number);
  }
  const at = chain.indexOf(base);
  return at > 0 ? (chain[at - 1] as number) : at === 0 ? base : code;
}

/** The narrower of the item's region and a government's own (disjoint ones select nothing anyway). */
function regionBase(scope: DataScope, region: number | null): number | null {
  if (scope.kind !== 'region') return region;
  if (region === null) return scope.code;
  let c: number | null = region;
  while (c !== null && c !== scope.code) c = findRegion(c)?.parentCode ?? null;
  return c === scope.code ? region : scope.code;
}

/** Settings set but not applied: none left (issue 22 applies tftzType, medId and taskIds). */
export function unappliedOf(_s: StatSettings): DatastatNotApplied[] {
  return [...DATASTAT_NOT_APPLIED];
}

/** The unified tasks an item's settings select (null: no task setting, the whole stat_daily). */
export function tasksOf(s: StatSettings): TaskFilter | null {
  const ids = s.taskIds?.length ? s.taskIds : null;
  const tftzType = s.tftzType ?? null;
  const medId = s.medId ?? null;
  return ids || tftzType !== null || medId !== null ? { ids, tftzType, medId } : null;
}

export interface DetailDeps {
  cube: DatastatCube;
  repo: Pick<DatastatRepo, 'names'>;
  timeZone: string;
  now: () => number;
}

export function createDetailBuilder({ cube, repo, timeZone, now }: DetailDeps) {
  const dayOf = (t: number) => {
    const { y, m, d } = localDay(t, timeZone);
    return `${y}-${pad(m)}-${pad(d)}`;
  };

  /** Local days [from, to) of the item's period. */
  function span(s: StatSettings): { from: string; to: string } {
    // Clamped again: a range that reached here unchecked must not make a 5-digit year (finding 14).
    if (s.periodType === 1)
      return {
        from: dayOf(clampMillis(s.startTime ?? 0)),
        to: addDays(dayOf(clampMillis(s.endTime ?? 0)), 1),
      };
    const p = periodSpan(PERIODS[s.periodType] as StatPeriod, now(), timeZone);
    return { from: p.from, to: p.to };
  }

  /** Keys of an axis to show, largest first, and whether the rest add up under "others". */
  async function axisOf(
    scope: DataScope,
    f: CubeFilter,
    s: StatSettings,
    group: DatastatGroup,
    cap: number | null,
    regions: RegionMap | null,
  ): Promise<{ axis: Axis; order: string[] | null; capped: boolean }> {
    if (cap === null) return { axis: { group, keep: null }, order: null, capped: false };
    const keys = await cube.rank(scope, f, group, s.y, cap + 1, regions);
    const capped = keys.length > cap;
    const order = capped ? keys.slice(0, cap) : keys;
    return { axis: { group, keep: capped ? order : null }, order, capped };
  }

  /** Display names of keys of a group (null: "others"). */
  async function namesOf(group: DatastatGroup, keys: Array<string | null>, lang: Language) {
    const known = await repo.names(
      group,
      keys.filter((k): k is string => k !== null),
    );
    const unknown = translate('datastatUnknown', lang);
    return keys.map((k) => {
      if (k === null) return translate('datastatOthers', lang);
      if (isTime(group)) return k;
      if (group === 'region') return regionName(Number(k), lang) ?? k;
      if (k === '' || k === '0') return unknown;
      return known.get(k) ?? k;
    });
  }

  return {
    async build(
      scope: DataScope,
      s: StatSettings,
      statId: number | null,
      lang: Language,
    ): Promise<Omit<StatDetail, 'settings'>> {
      const { from, to } = span(s);
      const f: CubeFilter = {
        from,
        to,
        region: s.region ?? null,
        cropId: s.cropId ?? null,
        zzAccountId: s.zzAccountId ?? null,
        yyAccountId: s.yyAccountId ?? null,
        startDroneId: s.startDroneId || null,
        endDroneId: s.endDroneId || null,
        flyModelId: s.flyModelId ?? null,
        oprId: s.oprId ?? null,
        tasks: tasksOf(s),
      };
      const dim = s.dimension ?? null;
      let regions: RegionMap | null = null;
      if (s.x === 'region' || dim === 'region') {
        const codes = await cube.regionCodes(scope, f);
        const base = regionBase(scope, f.region);
        regions = { codes, keys: codes.map((c) => regionUnder(c, base)) };
      }
      const [x, d] = await Promise.all([
        axisOf(scope, f, s, s.x, isTime(s.x) ? null : DATASTAT_MAX_CATEGORIES, regions),
        dim ? axisOf(scope, f, s, dim, DATASTAT_MAX_SERIES, regions) : null,
      ]);
      const rows = await cube.grouped(scope, f, x.axis, d?.axis ?? null, s.y, regions);
      const grand = rows.find((r) => r.g === 3);
      const today = dayOf(now());

      // Categories: every period of a time axis (zeros where nothing flew), else largest first.
      // All time starts on the first day anything flew (today when nothing did).
      const first = s.periodType === 5 ? (grand?.firstDay ?? today) : from;
      let xKeys: Array<string | null>;
      if (isTime(s.x)) {
        // Nothing has flown after today: the axis stops there.
        const [last] = [addDays(to, -1), today].sort() as [string];
        xKeys = first <= last ? timeBuckets(s.x, first, last) : [];
      } else {
        xKeys = [...(x.order ?? [])];
        if (x.capped) xKeys.push(null);
      }
      let zKeys: Array<string | null> = [s.y];
      if (d && dim) {
        const order = [...(d.order ?? [])];
        if (isTime(dim)) order.sort();
        zKeys = d.capped ? [...order, null] : order;
      }

      const convert = s.y === 'area' ? (v: number) => convertArea(v, s.areaUnit) : (v: number) => Number(v);
      const value = new Map<string, number>();
      const cell = (xk: string | null, dk: string | null) => `${xk ?? '\u0000'}|${dk ?? '\u0000'}`;
      for (const r of rows) value.set(`${r.g}:${cell(r.x, r.d)}`, convert(r.v));
      const get = (g: number, xk: string | null, dk: string | null) => value.get(`${g}:${cell(xk, dk)}`) ?? 0;

      const yData = d
        ? zKeys.map((dk) => xKeys.map((xk) => get(0, xk, dk)))
        : [xKeys.map((xk) => get(1, xk, null))];
      const [xData, zNames] = await Promise.all([
        namesOf(s.x, xKeys, lang),
        dim ? namesOf(dim, zKeys, lang) : Promise.resolve([s.y]),
      ]);
      return {
        statId,
        period: { from: first, to: addDays(to, -1) },
        unit: s.y === 'area' ? s.areaUnit : UNITS[s.y],
        xData,
        xKeys,
        yData,
        zData: zNames,
        zKeys,
        rows: xKeys.map((xk, i) => ({
          key: xk,
          name: xData[i] as string,
          values: yData.map((series) => series[i] as number),
          total: get(1, xk, null),
        })),
        totals: s.summary
          ? {
              values: d ? zKeys.map((dk) => get(2, null, dk)) : [grand ? convert(grand.v) : 0],
              total: grand ? convert(grand.v) : 0,
            }
          : null,
        capped: { x: x.capped, series: d?.capped ?? false },
        unapplied: unappliedOf(s),
        computedAt: now(),
      };
    },
  };
}

export type DetailBuilder = ReturnType<typeof createDetailBuilder>;
