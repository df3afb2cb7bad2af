/** The GroundStationConfig screen's calls (packages/domain contracts/groundstation.ts). */
import { GROUND_STATION_PATHS, type GroundStationConfig, type GroundStationSave } from '@agrifleet/domain';
import { http } from '../../api/http.ts';

const rel = (path: string) => path.replace(/^\/api\//, '');

export const groundStationApi = {
  get: (accountId: number) => http.get<GroundStationConfig>(rel(GROUND_STATION_PATHS.config), { accountId }),
  save: (body: GroundStationSave) => http.post<{ version: number }>(rel(GROUND_STATION_PATHS.config), body),
};
