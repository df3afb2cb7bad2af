/** Member calls (packages/domain contracts/members.ts) through the one http client. */
import {
  MEMBER_CHECK_CODE_PATH,
  MEMBER_CODE_PATH,
  MEMBER_ENABLE_PATH,
  MEMBER_LIST_PATH,
  MEMBER_PATH,
  type MemberCreateBody,
  type MemberPage,
  type MemberUpdateBody,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const membersApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<MemberPage>(rel(MEMBER_LIST_PATH), query, { signal }),
  sendCode: (phoneNum: string) => http.get<null>(rel(MEMBER_CODE_PATH), { phoneNum }),
  checkCode: (phoneNum: string, code: string) =>
    http.get<null>(rel(MEMBER_CHECK_CODE_PATH), { phoneNum, code }),
  create: (body: MemberCreateBody) => http.post<{ userId: number }>(rel(MEMBER_PATH), body),
  update: (body: MemberUpdateBody) => http.put<null>(rel(MEMBER_PATH), body),
  remove: (userId: number) => http.del<null>(`${rel(MEMBER_PATH)}/${userId}`),
  enable: (userId: number, enable: boolean) =>
    http.put<null>(rel(MEMBER_ENABLE_PATH), { userId, opr: enable ? 1 : 0 }),
};
