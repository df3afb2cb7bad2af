/** Data statistics calls (packages/domain contracts/datastat.ts) through the one http client. */
import {
  type AreaUnit,
  DATASTAT_BASE,
  DATASTAT_ITEM_CALLS,
  type DatastatOverview,
  DRONE_STAT_FILTERS_PATH,
  type DroneStatFilters,
  type StatDetail,
  type StatItem,
  type StatSettingsInput,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';
import type { PageResult } from '../../list/types.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');
const call = (name: keyof typeof DATASTAT_ITEM_CALLS) => `${rel(DATASTAT_BASE)}/${DATASTAT_ITEM_CALLS[name]}`;

export type StatItemPage = PageResult<StatItem>;

export const datastatApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<StatItemPage>(call('list'), query, { signal }),
  detail: (statId: number, signal?: AbortSignal) =>
    http.get<StatDetail>(call('detail'), { statId }, { signal }),
  /** Figures of settings without storing them (the form's preview, option lists). */
  preview: (settings: Partial<StatSettingsInput>, signal?: AbortSignal) =>
    http.post<StatDetail>(call('createWithChart'), { ...settings, save: false }, { signal }),
  create: (settings: StatSettingsInput) => http.post<StatItem>(call('create'), settings),
  update: (statId: number, settings: StatSettingsInput) =>
    http.put<StatItem>(call('update'), { ...settings, statId }),
  remove: (statId: number) => http.del<null>(`${call('remove')}/${statId}`),
  overview: (areaUnit: AreaUnit, signal?: AbortSignal) =>
    http.get<DatastatOverview>(call('overview'), { areaUnit }, { signal }),
  /** Manufacturers, owners and models of the caller's scope. */
  filters: () => http.get<DroneStatFilters>(rel(DRONE_STAT_FILTERS_PATH), undefined, { silent: true }),
};
