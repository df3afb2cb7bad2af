/** Lookup calls (packages/domain contracts/lookups.ts) through the one http client. */
import {
  CROPS_MAX_PAGE_SIZE,
  CROPS_PATH,
  type CropPage,
  MEDICINES_PATH,
  type MedicineCreateBody,
  type MedicineRow,
  type MedicineUpdateBody,
  WORK_TYPES_PATH,
  type WorkTypeRow,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const lookupsApi = {
  /** The whole crop catalogue: one page of 1000 (002 §7). */
  crops: (signal?: AbortSignal) =>
    http.get<CropPage>(
      rel(CROPS_PATH),
      { pageIndex: 1, size: CROPS_MAX_PAGE_SIZE },
      { signal, silent: true },
    ),
  workTypes: (signal?: AbortSignal) =>
    http.get<WorkTypeRow[]>(rel(WORK_TYPES_PATH), undefined, { signal, silent: true }),
  medicines: (signal?: AbortSignal) =>
    http.get<MedicineRow[]>(rel(MEDICINES_PATH), undefined, { signal, silent: true }),
  createMedicine: (body: MedicineCreateBody) => http.post<MedicineRow>(rel(MEDICINES_PATH), body),
  updateMedicine: (medId: number, body: MedicineUpdateBody) =>
    http.put<MedicineRow>(`${rel(MEDICINES_PATH)}/${medId}`, body),
};
