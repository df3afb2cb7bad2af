/** Drone model calls (packages/domain contracts/models.ts) through the one http client. */
import {
  type AccountOption,
  DRONE_MANUFACTURERS_PATH,
  type IdRangeBody,
  type IdRangeResult,
  MODEL_ID_RANGE_PATH,
  MODEL_LIST_PATH,
  MODEL_MERGE_PATH,
  MODEL_PATH,
  type ModelCreateBody,
  type ModelMergeBody,
  type ModelMergeResult,
  type ModelOption,
  type ModelPage,
  type ModelUpdateBody,
  modelLookupPath,
  modelPath,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const modelsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<ModelPage>(rel(MODEL_LIST_PATH), query, { signal }),
  create: (body: ModelCreateBody) => http.post<{ id: number }>(rel(MODEL_PATH), body),
  update: (body: ModelUpdateBody) => http.put<{ id: number }>(rel(MODEL_PATH), body),
  remove: (id: number) => http.del<{ id: number }>(rel(modelPath(id))),
  merge: (body: ModelMergeBody) => http.put<ModelMergeResult>(rel(MODEL_MERGE_PATH), body),
  idRange: (body: IdRangeBody) => http.post<IdRangeResult>(rel(MODEL_ID_RANGE_PATH), body),
  /** 002 §7: a manufacturer's models (id, modelName). */
  ofManufacturer: (manufacturerId: number) => http.get<ModelOption[]>(rel(modelLookupPath(manufacturerId))),
  manufacturers: () => http.get<AccountOption[]>(rel(DRONE_MANUFACTURERS_PATH)),
};
