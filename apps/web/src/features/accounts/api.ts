/** Account calls (packages/domain contracts/accountAdmin.ts, docs/api.md "Accounts") through the one http client. */
import {
  ACCOUNT_PATHS,
  type AccountCreateBody,
  type AccountInfoBody,
  type AccountPage,
  type AccountRecord,
  type AccountUpdateBody,
  type MergeResult,
  type OwnApply,
  type SubCompanyBody,
} from '@agrifleet/domain';
import { ApiError, http } from '../../api/http.ts';

const rel = (path: string) => path.replace(/^\/api\//, '');
const P = ACCOUNT_PATHS;
const KEY_PATH = 'user/account/secretKey';

export interface Created {
  accountId: number;
  userId: number;
  noticeSent: boolean;
}

/**
 * The key file, or the error it carries: a failure may arrive as a file (001 §8), a JSON
 * `{ code, message }` inside the blob; it is unwrapped and thrown as an ApiError.
 */
export async function unwrapKeyFile(blob: Blob): Promise<Blob> {
  const text = await blob.text();
  if (text.trimStart().startsWith('{')) {
    let err: { code?: number; message?: string } | null = null;
    try {
      err = JSON.parse(text);
    } catch {
      err = null;
    }
    if (err && typeof err.code === 'number' && err.code !== 0)
      throw new ApiError(err.message ?? '', 400, err.code);
  }
  return blob;
}

export const accountsApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<AccountPage>(rel(P.list), query, { signal }),
  detail: (accountId: number) => http.get<AccountRecord>(`${rel(P.detail)}/${accountId}`),
  create: (body: AccountCreateBody) => http.post<Created>(rel(P.create), body),
  createSub: (body: SubCompanyBody, subPlatform: boolean) =>
    http.post<Created>(rel(subPlatform ? P.subPlatformSubCompany : P.subCompany), body),
  update: (body: AccountUpdateBody) => http.put<AccountRecord>(rel(P.update), body),
  enable: (accountId: number, opr: 0 | 1) => http.put(rel(P.enable), { accountId, opr }),
  remove: (accountId: number) => http.del(`${rel(P.remove)}/${accountId}`),
  rental: (accountId: number) =>
    http.get<{ accountId: number; leaseModel: number | null }>(rel(P.rental), { accountId }),
  setRental: (accountId: number, leaseModel: number | null) =>
    http.post(rel(P.rental), { accountId, leaseModel }),
  merge: (accountId: number, mergeAccountId: number) =>
    http.put<MergeResult>(rel(P.merge), { accountId, mergeAccountId }),
  own: () => http.get<AccountRecord>(rel(P.own)),
  ownApplies: () => http.get<OwnApply[]>(rel(P.ownApplies)),
  submitInfo: (body: AccountInfoBody) =>
    http.post<{ applyId: number; applyStatus: number }>(rel(P.info), body),
  createKey: (vid: string) => http.put<{ vid: string; createTime: string }>(KEY_PATH, { vid }),
  downloadKey: async () => unwrapKeyFile(await http.get<Blob>(KEY_PATH, undefined, { responseType: 'blob' })),
};
