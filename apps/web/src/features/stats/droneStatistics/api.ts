/** Drone statistics calls (packages/domain contracts/droneStats.ts) through the one http client. */
import {
  DRONE_STAT_FILTERS_PATH,
  DRONE_STAT_PATH,
  type DroneStatFilters,
  type DroneStatPage,
} from '@agrifleet/domain';
import { http } from '../../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const droneStatsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<DroneStatPage>(rel(DRONE_STAT_PATH), query, { signal }),
  filters: () => http.get<DroneStatFilters>(rel(DRONE_STAT_FILTERS_PATH), undefined, { silent: true }),
};
