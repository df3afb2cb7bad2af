/** No-fly zone calls (packages/domain contracts/nofly.ts) through the one http client. */
import {
  NOFLY_BASE,
  type NoflyCreateBody,
  type NoflyDetail,
  type NoflyPage,
  type NoflyUpdateBody,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

const base = NOFLY_BASE.replace(/^\/api\//, '');
type Written = { noflyId: number; version: number };

export const noflyApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<NoflyPage>(`${base}/list`, query, { signal }),
  detail: (noflyId: number) => http.get<NoflyDetail>(`${base}/detail`, { noflyId }),
  create: (body: NoflyCreateBody) => http.post<Written>(base, body),
  update: (body: NoflyUpdateBody) => http.put<Written>(base, body),
  enable: (noflyId: number, opr: 0 | 1) => http.put<Written>(`${base}/enable`, { noflyId, opr }),
  remove: (noflyId: number) => http.del<Written>(`${base}/${noflyId}`),
};
