/** Approval calls (packages/domain contracts/approvals.ts) through the one http client. */
import type { ApplyDetail, ApplyPage, ApplyStatusBody, UserApplyRecord } from '@agrifleet/domain';
import { http } from '../../api/http.ts';
import type { PageResult } from '../../list/types.ts';

export const approvalsApi = {
  accountPage: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<ApplyPage>('user/account/apply/list', query, { signal }),
  accountDetail: (applyId: number) => http.get<ApplyDetail>(`user/account/apply/${applyId}`),
  accountDecide: (body: ApplyStatusBody) =>
    http.put<{ notified: boolean }>('user/account/apply/status', body),
  userPage: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<PageResult<UserApplyRecord>>('user/user/apply/list', query, { signal }),
  userDetail: (applyId: number) => http.get<UserApplyRecord>(`user/user/apply/${applyId}`),
  userDecide: (body: ApplyStatusBody) => http.put<{ notified: boolean }>('user/user/apply/status', body),
};
