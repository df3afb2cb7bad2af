/** The catalogues a unified task names (crops, work types, medicines), from the lookups. */
import { useCrops, useMedicines, useWorkTypes } from '../lookups/useCatalog.ts';
import type { NameCatalog } from './config.ts';

export interface TaskCatalogs {
  crops: NameCatalog;
  workTypes: NameCatalog;
  medicines: NameCatalog;
}

export function useTaskCatalogs(): TaskCatalogs {
  return { crops: useCrops(), workTypes: useWorkTypes(), medicines: useMedicines() };
}
