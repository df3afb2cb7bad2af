/** Block calls (packages/domain contracts/blocks.ts, routes.ts) through the one http client. */
import {
  BLOCK_BASE,
  type BlockCoverage,
  type BlockCreateBody,
  type BlockDetail,
  type BlockPage,
  type BlockUpdateBody,
  type MonitorBlocks,
  ROUTE_BASE,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

const base = BLOCK_BASE.replace(/^\/api\//, '');
const routes = ROUTE_BASE.replace(/^\/api\//, '');

type Written = { blockId: number; areaMu: number };

export interface BlockSortie {
  sortieId: number;
  droneId: string;
  droneName: string | null;
  startTime: number;
  endTime: number;
  areaMu: number;
  volumeL: number;
  pilotName: string | null;
  hasTrack: boolean;
}
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
/** A route plan of the block (contracts/routes.ts routeSummary, the fields shown). */
export interface BlockRoute {
  routeId: number;
  name: string | null;
  droneCount: number;
  width: number;
  coverageShare: number;
  createTime?: string;
}
export interface Period {
  startTime?: number;
  endTime?: number;
}

export const blocksApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<BlockPage>(`${base}/list`, query, { signal }),
  detail: (id: number) => http.get<BlockDetail>(`${base}/${id}`),
  create: (body: BlockCreateBody) => http.post<Written>(base, body),
  update: (body: BlockUpdateBody) => http.put<Written>(base, body),
  /** DELETE with comma-joined ids. */
  remove: (ids: number[]) => http.del<{ deleted: number }>(base, { query: { ids: ids.join(',') } }),
  /** DELETE force at /{id}: sorties and plans referring to it are detached. */
  forceRemove: (id: number) => http.del<{ deleted: number }>(`${base}/force/${id}`),
  share: (blockId: number, targetUserPhone: string) =>
    http.post<unknown>(`${base}/share/${blockId}`, { targetUserPhone }),
  /** DELETE share/{blockId}/{userId}: the user no longer sees the block. */
  unshare: (blockId: number, userId: number) => http.del<Written>(`${base}/share/${blockId}/${userId}`),
  sorties: (id: number, query: Period & { pageIndex: number; size: number }) =>
    http.get<Page<BlockSortie>>(`${base}/${id}/sorties`, { ...query }),
  coverage: (id: number, query: Period & { routeId?: number }) =>
    http.get<BlockCoverage>(`${base}/${id}/coverage`, { ...query }),
  routes: (blockId: number) =>
    http.get<Page<BlockRoute>>(`${routes}/list`, { blockId, pageIndex: 1, size: 100 }),
  /** The monitor's blocks in the map range (cancelled when a newer range supersedes it). */
  inRange: (
    range: { minLng: number; maxLng: number; minLat: number; maxLat: number },
    signal?: AbortSignal,
  ) => http.get<MonitorBlocks>('drone/mointor/manage/blocks', { ...range }, { signal, silent: true }),
};
