/** RTK calls (packages/domain contracts/rtk.ts) through the one http client. */
import {
  RTK_ALLOW_PATH,
  RTK_BIND_PATH,
  RTK_LIST_PATH,
  RTK_RENEW_BTADDR_PATH,
  RTK_RENEW_PHONE_PATH,
  type RtkBindBody,
  type RtkDeviceState,
  type RtkPage,
  type RtkRenewal,
  type RtkRenewBtaddrBody,
  type RtkRenewPhoneBody,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const rtkApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<RtkPage>(rel(RTK_LIST_PATH), query, { signal }),
  allow: (devId: string, allow: boolean) =>
    http.put<RtkDeviceState>(`${rel(RTK_ALLOW_PATH)}/${encodeURIComponent(devId)}`, { opr: allow ? 1 : 0 }),
  bind: (body: RtkBindBody) => http.put<RtkDeviceState>(rel(RTK_BIND_PATH), body),
  renewByPhone: (body: RtkRenewPhoneBody) => http.post<RtkRenewal>(rel(RTK_RENEW_PHONE_PATH), body),
  renewByBtaddr: (body: RtkRenewBtaddrBody) => http.post<RtkRenewal>(rel(RTK_RENEW_BTADDR_PATH), body),
};
