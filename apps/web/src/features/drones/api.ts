/** The drone registry calls (packages/domain contracts/drones.ts) through the one http client. */
import {
  type AccountOption,
  DRONE_DETAIL_PATH,
  DRONE_LIST_PATH,
  DRONE_LOCK_PATH,
  DRONE_MANUFACTURERS_PATH,
  DRONE_OPERATORS_PATH,
  DRONE_OWNER_PATH,
  DRONE_RENTAL_PATH,
  DRONE_UPDATE_PATH,
  type DroneCommandRecord,
  type DroneDeviceTypeBody,
  type DroneListPage,
  type DroneLockBody,
  type DroneLockResult,
  type DroneRegistryDetail,
  type DroneUpdateBody,
  droneDeviceTypePath,
  droneSalePath,
  droneSignPath,
  type ModelOption,
  modelLookupPath,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const dronesApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<DroneListPage>(rel(DRONE_LIST_PATH), query, { signal }),
  detail: (droneId: string, signal?: AbortSignal) =>
    http.get<DroneRegistryDetail>(rel(DRONE_DETAIL_PATH), { droneId }, { signal }),
  update: (body: DroneUpdateBody) => http.put<null>(rel(DRONE_UPDATE_PATH), body),
  sign: (droneId: string, zzDroneNum: string) => http.put<null>(rel(droneSignPath(droneId)), { zzDroneNum }),
  sale: (droneId: string, saleType: number) => http.put<null>(rel(droneSalePath(droneId)), { saleType }),
  deviceType: (droneId: string, body: DroneDeviceTypeBody) =>
    http.put<null>(rel(droneDeviceTypePath(droneId)), body),
  rental: (droneId: string, rentalModel: number | null) =>
    http.post<null>(rel(DRONE_RENTAL_PATH), { droneId, rentalModel }),
  lock: (body: DroneLockBody) => http.put<DroneLockResult>(rel(DRONE_LOCK_PATH), body),
  owner: (droneId: string, yyAccountId: number) =>
    http.post<null>(rel(DRONE_OWNER_PATH), { droneId, yyAccountId }),
  manufacturers: () => http.get<AccountOption[]>(rel(DRONE_MANUFACTURERS_PATH), undefined, { silent: true }),
  operators: () => http.get<AccountOption[]>(rel(DRONE_OPERATORS_PATH), undefined, { silent: true }),
  /** The drone's newest commands (lock, unlock...) with their state. */
  commands: (droneId: string) =>
    http.get<DroneCommandRecord[]>('drone/device/manage/commands', { droneId, size: 5 }, { silent: true }),
  /** Models of a manufacturer (the drone models lookup, 002 §7). */
  models: (manufacturerId: number) =>
    http.get<ModelOption[]>(rel(modelLookupPath(manufacturerId)), undefined, { silent: true }),
};
