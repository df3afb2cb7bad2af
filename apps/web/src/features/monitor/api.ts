/** The monitor and flight-history calls (001 §7 drone/mointor/manage, drone/device/manage). */
import {
  type DroneDetail,
  type DroneHistoryStat,
  FLIGHT_LOG_DOWNLOAD_PATH,
  type MapDrones,
  type MonitorQuery,
  type OrbitPoint,
  type SortieDetail,
  type SortieRecord,
  type StatInfo,
} from '@agrifleet/domain';
import { ApiError, http } from '../../api/http.ts';

const M = 'drone/mointor/manage';
const D = 'drone/device/manage';

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface MapNofly {
  noflyId: number;
  name: string;
  detailAddress: string | null;
  noflyType: 1 | 2;
  geometry: { type: 'Polygon'; coordinates: [number, number][][] };
}

export interface HistoryFilter {
  droneId: string;
  currentPage: number;
  pageSize: number;
  order: 1 | 2;
  startTime?: number;
  endTime?: number;
}

export type SortieTrack = SortieRecord & { points: OrbitPoint[] };

type Query = Record<string, string | number | undefined>;

export const monitorApi = {
  statInfo: (q: MonitorQuery, signal?: AbortSignal) =>
    http.get<{ statInfo: StatInfo }>(`${M}/detail`, q as Query, { signal, silent: true }),
  online: (q: MonitorQuery) =>
    http.get<MapDrones>(`${M}/onlineDrones`, { ...q, queryType: 1 } as Query, { silent: true }),
  offline: (q: MonitorQuery) => http.get<MapDrones>(`${M}/offlineDrones`, q as Query, { silent: true }),
  noflyZones: () => http.get<MapNofly[]>(`${M}/noflyZones`, undefined, { silent: true }),
  drone: (droneId: string) =>
    http.get<DroneDetail>(`${M}/drone/${encodeURIComponent(droneId)}`, undefined, { silent: true }),
  liveTrack: (droneId: string) =>
    http.get<{ droneId: string; sortieStart: number | null; points: OrbitPoint[] }>(
      `${M}/getTrackByDroneId`,
      { droneId },
      { silent: true },
    ),
  history: (f: HistoryFilter, simulated = false) =>
    http.get<Page<SortieRecord>>(
      `${M}/${simulated ? 'getSimulateFlyList' : 'getHistoryFlyList'}`,
      f as unknown as Query,
    ),
  sortie: (droneId: string, sortieId: number, startTime?: number) =>
    http.get<SortieDetail>(`${M}/getSortieDetail`, { droneId, sortieId, startTime }),
  stat: (droneId: string, startTime?: number, endTime?: number) =>
    http.get<DroneHistoryStat>(`${D}/history/stat/${encodeURIComponent(droneId)}`, { startTime, endTime }),
  /** The drone-signed flight log kept for a sortie (text, as signed). */
  flightLog: (sortieId: number) =>
    http.get<string>(FLIGHT_LOG_DOWNLOAD_PATH, { sortieId }, { responseType: 'text' }),
  battery: (sortieId: number) =>
    http.get<{
      sortieId: number;
      batteryStart: number;
      batteryEnd: number;
      used: number;
      series: [number, number][];
    }>(`${D}/history/battery`, { sortieId }),
  log: (droneId: string, pageIndex: number, size: number) =>
    http.get<Page<{ id: number; time: number; type: string; detail: Record<string, unknown> }>>(
      `${D}/log/${encodeURIComponent(droneId)}`,
      { pageIndex, size },
    ),
  pictures: (droneId: string, currentPage: number, pageSize: number) =>
    http.get<Page<{ id: number; time: number; lng: number | null; lat: number | null; url: string }>>(
      `${D}/pictures/${encodeURIComponent(droneId)}`,
      { currentPage, pageSize },
    ),
  anomalies: (droneId: string, currentPage: number, pageSize: number) =>
    http.get<
      Page<{
        id: number;
        oddType: number;
        time: number;
        endTime: number | null;
        sortieId: number | null;
        detail: Record<string, unknown>;
      }>
    >(`${D}/anomalies`, { droneId, currentPage, pageSize, order: 1 }),
};

/**
 * POST drone tracks by ids (001 §7): no timeout, cancellable; sorties already cached are not
 * asked again, and when every one is cached the call rejects with an empty error (as the spec says).
 */
const trackCache = new Map<number, SortieTrack>();

export async function fetchTracks(
  sortieIds: readonly number[],
  signal?: AbortSignal,
): Promise<SortieTrack[]> {
  const missing = sortieIds.filter((id) => !trackCache.has(id));
  if (missing.length === 0) throw new ApiError('', 0, 0, true);
  const got = await http.post<SortieTrack[]>(`${M}/tracks`, { sortieIds: missing }, { timeoutMs: 0, signal });
  for (const t of got) trackCache.set(t.sortieId, t);
  return got;
}

/** The tracks of these sorties, from the cache or the server. */
export async function tracksOf(sortieIds: readonly number[], signal?: AbortSignal): Promise<SortieTrack[]> {
  try {
    await fetchTracks(sortieIds, signal);
  } catch (err) {
    if (!(err instanceof ApiError && err.cancelled && sortieIds.every((id) => trackCache.has(id)))) throw err;
  }
  return sortieIds.map((id) => trackCache.get(id)).filter((t): t is SortieTrack => t !== undefined);
}
