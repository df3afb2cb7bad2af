/** Leasing money calls (packages/domain contracts/leasingMoney.ts) through the one http client. */
import {
  type AdjustBalanceBody,
  type AmountAnswer,
  OUT_TRADE_NO_HEADER,
  RENTAL_PATHS,
  type RechargeState,
  SANDBOX_URL_HEADER,
} from '@agrifleet/domain';
import { ApiError, http } from '../../../api/http.ts';
import { session } from '../../../app/session.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import type { PageResult } from '../../../list/types.ts';
import { rel } from '../clients/api.ts';

/** Who a call is about: the lessor's client (accountId) or the tenant's lessor (zzAccountId). */
export type Who = { accountId?: number; zzAccountId?: number };

export const moneyApi = {
  recharges: <R>(query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<PageResult<R>>(rel(RENTAL_PATHS.rechargeRecord), query, { signal }),
  deductions: <R>(query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<PageResult<R>>(rel(RENTAL_PATHS.deductionRecord), query, { signal }),
  amount: (who: Who, signal?: AbortSignal) =>
    http.get<AmountAnswer>(rel(RENTAL_PATHS.amount), who, { signal, silent: true }),
  state: (outTradeNo: string) =>
    http.get<RechargeState>(rel(RENTAL_PATHS.rechargeState), { outTradeNo }, { silent: true }),
  adjust: (body: AdjustBalanceBody) =>
    http.post<{ balance: number; currency: string }>(rel(RENTAL_PATHS.adjust), body),

  /**
   * Opens a recharge: the answer is the QR code's PNG (read as a blob, 002 §7) and the header
   * naming the recharge, which the http client does not hand back: a fetch of its own, same headers.
   */
  async qrCode(
    body: { amount: number } & Who,
  ): Promise<{ image: Blob; outTradeNo: string; sandboxUrl: string | null }> {
    const token = session.token();
    const res = await fetch(RENTAL_PATHS.wxQrCode, {
      method: 'POST',
      headers: {
        'Accept-Language': currentLanguage(),
        'Terminal-Type': 'web',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'include',
    });
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
      throw new ApiError(err?.message ?? res.statusText, res.status, err?.code ?? res.status);
    }
    return {
      image: await res.blob(),
      outTradeNo: res.headers.get(OUT_TRADE_NO_HEADER) ?? '',
      sandboxUrl: res.headers.get(SANDBOX_URL_HEADER),
    };
  },
};
