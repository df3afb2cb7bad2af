/** Unified-task calls (packages/domain contracts/unifiedTasks.ts) through the one http client. */
import {
  type TaskDronesBody,
  type TaskDronesChange,
  type TaskStatData,
  type TaskStatOverview,
  type taskDronePage,
  type taskSortiePage,
  type taskStatDronePage,
  type taskStatOwnerPage,
  UNIFIED_TASK_LIST_PATH,
  UNIFIED_TASK_PATH,
  type UnifiedTaskCreateBody,
  type UnifiedTaskPatchBody,
  type UnifiedTaskRow,
  unifiedTaskCallPath,
  type unifiedTaskPage,
} from '@agrifleet/domain';
import type { z } from 'zod';
import { http, request } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');
type Query = Record<string, string | number>;

export type UnifiedTaskPage = z.infer<typeof unifiedTaskPage>;
export type TaskDronePage = z.infer<typeof taskDronePage>;
export type TaskStatDronePage = z.infer<typeof taskStatDronePage>;
export type TaskStatOwnerPage = z.infer<typeof taskStatOwnerPage>;
export type TaskSortiePage = z.infer<typeof taskSortiePage>;
export type TaskDroneRow = TaskDronePage['records'][number];
export type TaskStatDroneRow = TaskStatDronePage['records'][number];
export type TaskStatOwnerRow = TaskStatOwnerPage['records'][number];
export type TaskSortieRow = TaskSortiePage['records'][number];

const call = (id: number, c: Parameters<typeof unifiedTaskCallPath>[1]) => rel(unifiedTaskCallPath(id, c));

export const unifiedTasksApi = {
  page: (query: Query, signal?: AbortSignal) =>
    http.get<UnifiedTaskPage>(rel(UNIFIED_TASK_LIST_PATH), query, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    http.get<UnifiedTaskRow>(`${rel(UNIFIED_TASK_PATH)}/${id}`, undefined, { signal }),
  create: (body: UnifiedTaskCreateBody) => http.post<UnifiedTaskRow>(rel(UNIFIED_TASK_PATH), body),
  patch: (id: number, body: UnifiedTaskPatchBody) =>
    request<UnifiedTaskRow>(`${rel(UNIFIED_TASK_PATH)}/${id}`, { method: 'PATCH', body }),

  drones: (id: number, query: Query, signal?: AbortSignal) =>
    http.get<TaskDronePage>(call(id, 'drones'), query, { signal }),
  enrol: (id: number, body: TaskDronesBody) => http.post<TaskDronesChange>(call(id, 'drones'), body),
  redate: (id: number, body: TaskDronesBody) => http.put<TaskDronesChange>(call(id, 'drones'), body),
  withdraw: (id: number, droneIds: readonly string[]) =>
    request<TaskDronesChange>(call(id, 'drones'), {
      method: 'DELETE',
      query: { droneIds: droneIds.join(',') },
    }),

  overview: (id: number, signal?: AbortSignal) =>
    http.get<TaskStatOverview>(call(id, 'statOverview'), undefined, { signal }),
  statData: (id: number, signal?: AbortSignal) =>
    http.get<TaskStatData>(call(id, 'statData'), undefined, { signal }),
  statDrones: (id: number, query: Query, signal?: AbortSignal) =>
    http.get<TaskStatDronePage>(call(id, 'statDrones'), query, { signal }),
  statOwners: (id: number, query: Query, signal?: AbortSignal) =>
    http.get<TaskStatOwnerPage>(call(id, 'statOwners'), query, { signal }),
  sorties: (id: number, query: Query, signal?: AbortSignal) =>
    http.get<TaskSortiePage>(call(id, 'sorties'), query, { signal }),
};
