/**
 * The route and control calls (packages/domain contracts/routes.ts, blocks.ts) through the one http
 * client. Paths under ROUTE_BASE and CONTROL_BASE: PUT create, GET list, GET /{routeId}; GET drones,
 * POST settings, plan, command.
 */
import {
  BLOCK_BASE,
  type BlockDetail,
  CONTROL_BASE,
  type ControlDrone,
  ROUTE_BASE,
  type RouteCreateBody,
  type RouteRecord,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export interface ControlDronePage {
  records: ControlDrone[];
  total: number;
  current: number;
  size: number;
}
export interface ControlResult {
  commands: { droneId: string; commandId: number; type: string }[];
}
export type RouteSummary = Omit<RouteRecord, 'plan' | 'blockGeometry'> & {
  droneCount: number;
  width: number;
  coverageShare: number;
};
export interface RoutePage {
  records: RouteSummary[];
  total: number;
}
export interface BlockOption {
  blockId: number;
  blockName: string;
}
export type ControlCommand = 'start' | 'pause' | 'resume' | 'returnHome';
export interface FlightSettings {
  width?: number;
  height?: number;
  speed?: number;
}

export const controlApi = {
  block: (id: number, signal?: AbortSignal) =>
    http.get<BlockDetail>(rel(`${BLOCK_BASE}/${id}`), undefined, { signal }),
  /** Blocks for a picker (the first page of the list, names only needed). */
  blocks: (search?: string) =>
    http.get<{ records: BlockOption[] }>(
      rel(`${BLOCK_BASE}/list`),
      { pageIndex: 1, size: 100, ...(search ? { search } : {}) },
      { silent: true },
    ),
  createRoute: (body: RouteCreateBody) =>
    http.put<{ routeId: number } & Partial<RouteRecord>>(rel(ROUTE_BASE), body),
  routes: (blockId: number) =>
    http.get<RoutePage>(rel(`${ROUTE_BASE}/list`), { blockId, pageIndex: 1, size: 50 }, { silent: true }),
  route: (routeId: number, signal?: AbortSignal) =>
    http.get<RouteRecord>(rel(`${ROUTE_BASE}/${routeId}`), undefined, { signal, silent: true }),
  drones: (query: { search?: string; online?: 0 | 1 } = {}, signal?: AbortSignal) =>
    http.get<ControlDronePage>(
      rel(`${CONTROL_BASE}/drones`),
      { currentPage: 1, pageSize: 500, ...query },
      { signal, silent: true },
    ),
  settings: (droneIds: string[], settings: FlightSettings) =>
    http.post<ControlResult>(rel(`${CONTROL_BASE}/settings`), { droneIds, ...settings }),
  plan: (routeId: number, droneIds: string[]) =>
    http.post<ControlResult>(rel(`${CONTROL_BASE}/plan`), { routeId, droneIds }),
  command: (droneIds: string[], type: ControlCommand) =>
    http.post<ControlResult>(rel(`${CONTROL_BASE}/command`), { droneIds, type }),
};
