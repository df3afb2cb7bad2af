/**
 * A list's state in the address bar (page, size, sort, order and the filters by name), so that a
 * reload or a shared link shows the same list, and the API query made from it. Pure functions.
 */
import { isCalendarDay, LIMITS, MAX_MILLIS, MIN_MILLIS } from '@agrifleet/domain';
import { statDayEnd, statDayNoon, statDayStart } from '../lib/statDay.ts';
import type {
  DayRange,
  FilterDef,
  Filters,
  FilterValue,
  ListConfig,
  ListState,
  ParamNames,
} from './types.ts';

/** Address-bar keys of paging and sorting (filter names must differ from them). */
export const URL_KEYS = { page: 'page', size: 'size', sort: 'sort', order: 'order' } as const;
export const DEFAULT_PARAMS: ParamNames = {
  page: 'currentPage',
  size: 'pageSize',
  sort: 'sortParam',
  order: 'order',
};
/** The largest page a list asks for (001 §9: fetch-all pages are 500). */
export const MAX_PAGE_SIZE = 500;
const RANGE_SEPARATOR = '~';
const MAX_TEXT = 200;

/** What these functions read of a list's configuration. */
type Shape = Pick<ListConfig<unknown>, 'filters' | 'pageSize' | 'defaultSort' | 'params'> & {
  columns: ReadonlyArray<{ key: string; sort?: string | true }>;
};

/** A real calendar day 'YYYY-MM-DD'. */
export const isDay = isCalendarDay;

/**
 * The instant (ms) of a day's start, end (last ms) or noon in the statistics time zone (issue 21:
 * a list filtered to a day holds the sorties of that statistics day, whatever the browser's zone).
 */
export function dayInstant(day: string, at: 'start' | 'end' | 'noon'): number {
  if (at === 'start') return statDayStart(day);
  if (at === 'noon') return statDayNoon(day);
  return statDayEnd(day);
}

/**
 * Whether a day ('YYYY-MM-DD' of a picker) reaches outside the times a request may carry (the shared
 * bound MIN_MILLIS..MAX_MILLIS, issue 20): range pickers disable such days, so a range the server
 * would refuse cannot be picked.
 */
export function dayOutsideTimeBound(day: string): boolean {
  return !(statDayStart(day) >= MIN_MILLIS && statDayEnd(day) <= MAX_MILLIS);
}

const positiveInt = (text: string | null): number | undefined => {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
};

/** The API sort fields the columns offer. */
export function sortFields(columns: Shape['columns']): string[] {
  return columns.flatMap((c) => (c.sort === undefined ? [] : [c.sort === true ? c.key : c.sort]));
}

export const pageSizeOf = (config: Pick<Shape, 'pageSize'>) => config.pageSize ?? LIMITS.defaultPageSize;

/** A filter's value from its address-bar text; undefined when absent or not valid. */
export function readFilter(def: FilterDef, text: string | null): FilterValue | undefined {
  if (text === null) return undefined;
  switch (def.kind) {
    case 'text': {
      const v = text.trim().slice(0, MAX_TEXT);
      return v || undefined;
    }
    case 'select':
      if (!def.numeric) return text || undefined;
      return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    case 'region':
      return /^\d{7,9}$/.test(text) ? Number(text) : undefined;
    case 'dateRange': {
      const [a, b] = text.split(RANGE_SEPARATOR);
      if (!a || !b || !isDay(a) || !isDay(b)) return undefined;
      return (a <= b ? [a, b] : [b, a]) as DayRange;
    }
  }
}

/** A filter's address-bar text. */
export function writeFilter(value: FilterValue): string {
  return Array.isArray(value) ? value.join(RANGE_SEPARATOR) : String(value);
}

export function readListState(search: URLSearchParams, config: Shape): ListState {
  const filters: Filters = {};
  for (const def of config.filters ?? []) {
    const v = readFilter(def, search.get(def.name));
    if (v !== undefined) filters[def.name] = v;
  }
  const size = positiveInt(search.get(URL_KEYS.size));
  const sort = search.get(URL_KEYS.sort) ?? undefined;
  const validSort = sort !== undefined && sortFields(config.columns).includes(sort) ? sort : undefined;
  const order = search.get(URL_KEYS.order);
  return {
    page: positiveInt(search.get(URL_KEYS.page)) ?? 1,
    size: size !== undefined && size <= MAX_PAGE_SIZE ? size : pageSizeOf(config),
    sort: validSort,
    order: validSort ? (order === '2' ? 2 : 1) : undefined,
    filters,
  };
}

/**
 * The address-bar query of a state: defaults left out, other keys of `base` (not the list's) kept.
 */
export function writeListState(
  state: ListState,
  config: Shape,
  base = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const key of [...Object.values(URL_KEYS), ...(config.filters ?? []).map((f) => f.name)])
    out.delete(key);
  if (state.page > 1) out.set(URL_KEYS.page, String(state.page));
  if (state.size !== pageSizeOf(config)) out.set(URL_KEYS.size, String(state.size));
  if (state.sort) {
    out.set(URL_KEYS.sort, state.sort);
    out.set(URL_KEYS.order, String(state.order ?? 1));
  }
  for (const def of config.filters ?? []) {
    const v = state.filters[def.name];
    if (v !== undefined && v !== '') out.set(def.name, writeFilter(v));
  }
  return out;
}

/** The API parameters of the filters. */
export function filterParams(defs: FilterDef[], filters: Filters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const def of defs) {
    const v = filters[def.name];
    if (v === undefined || v === '') continue;
    if (def.kind === 'dateRange') {
      const [from, to] = v as DayRange;
      const noon = def.at === 'noon';
      out[def.params[0]] = dayInstant(from, noon ? 'noon' : 'start');
      out[def.params[1]] = dayInstant(to, noon ? 'noon' : 'end');
    } else {
      out[def.param ?? def.name] = v as string | number;
    }
  }
  return out;
}

/** The API query of a state: paging, the sort (or the default sort) and the filters. */
export function apiQuery(state: ListState, config: Shape): Record<string, string | number> {
  const p = { ...DEFAULT_PARAMS, ...config.params };
  const sort = state.sort ? { field: state.sort, order: state.order ?? 1 } : config.defaultSort;
  return {
    [p.page]: state.page,
    [p.size]: state.size,
    ...(sort ? { [p.sort]: sort.field, [p.order]: sort.order } : {}),
    ...filterParams(config.filters ?? [], state.filters),
  };
}
