/** Subsidy calls (packages/domain contracts/subsidies.ts) and the unified-task list, through the one http client. */
import {
  type RateTable,
  type RateTableBody,
  SUBSIDY_CALLS,
  SUBSIDY_COMPUTE_PATH,
  SUBSIDY_LIST_PATH,
  SUBSIDY_PATH,
  SUBSIDY_RATES_PATH,
  SUBSIDY_STAT_PATH,
  SUBSIDY_SUMMARY_PATH,
  SUBSIDY_TRACK_PATH,
  type SubsidyCheck,
  type SubsidyComputeBody,
  type SubsidyComputeResult,
  type SubsidyDetail,
  type SubsidyRow,
  type SubsidySortieRow,
  type SubsidyStat,
  type SubsidySummary,
  type SubsidyTrack,
  UNIFIED_TASK_LIST_PATH,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';
import type { PageResult } from '../../list/types.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');
const one = (subsidyId: number) => `${rel(SUBSIDY_PATH)}/${subsidyId}`;
type Query = Record<string, string | number>;

export interface TaskOption {
  tftzId: number;
  tftzName: string;
}

export const subsidyApi = {
  page: (query: Query, signal?: AbortSignal) =>
    http.get<PageResult<SubsidyRow>>(rel(SUBSIDY_LIST_PATH), query, { signal }),
  summary: (query: { year: number; region?: number }, signal?: AbortSignal) =>
    http.get<SubsidySummary>(rel(SUBSIDY_SUMMARY_PATH), query, { signal }),
  stat: (query: { year: number; region?: number }, signal?: AbortSignal) =>
    http.get<SubsidyStat>(rel(SUBSIDY_STAT_PATH), query, { signal }),
  detail: (subsidyId: number, signal?: AbortSignal) =>
    http.get<SubsidyDetail>(one(subsidyId), undefined, { signal }),
  sorties: (subsidyId: number, query: Query, signal?: AbortSignal) =>
    http.get<PageResult<SubsidySortieRow>>(`${one(subsidyId)}/${SUBSIDY_CALLS.sorties}`, query, { signal }),
  track: (subsidyId: number, signal?: AbortSignal) =>
    http.get<SubsidyTrack>(`${rel(SUBSIDY_TRACK_PATH)}/${subsidyId}`, undefined, { signal }),
  remove: (subsidyId: number) => http.del<unknown>(one(subsidyId)),
  compute: (body: SubsidyComputeBody) => http.post<SubsidyComputeResult>(rel(SUBSIDY_COMPUTE_PATH), body),
  seal: (subsidyId: number) => http.post<SubsidyDetail>(`${one(subsidyId)}/${SUBSIDY_CALLS.seal}`, {}),
  check: (subsidyId: number) => http.get<SubsidyCheck>(`${one(subsidyId)}/${SUBSIDY_CALLS.check}`),
  drawSpotCheck: (subsidyId: number, body: { size: number; seed?: number }) =>
    http.post<SubsidyDetail>(`${one(subsidyId)}/${SUBSIDY_CALLS.spotCheck}`, body),
  recordSpotCheck: (
    subsidyId: number,
    sortieId: number,
    body: { result: 'passed' | 'failed'; note?: string },
  ) => http.put<unknown>(`${one(subsidyId)}/${SUBSIDY_CALLS.spotCheck}/${sortieId}`, body),
  rates: (query: { year: number; region?: number }, signal?: AbortSignal) =>
    http.get<{ records: RateTable[] }>(rel(SUBSIDY_RATES_PATH), query, { signal }),
  createRates: (body: RateTableBody) => http.post<RateTable>(rel(SUBSIDY_RATES_PATH), body),
  /** Unified tasks of a year to compute for (the first 500 of the caller's scope). */
  tasks: (year: number, signal?: AbortSignal) =>
    http.get<PageResult<TaskOption>>(
      rel(UNIFIED_TASK_LIST_PATH),
      { currentPage: 1, pageSize: 500, year },
      { signal },
    ),
};
