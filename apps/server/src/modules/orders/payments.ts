/**
 * Orders pay through the platform's payment providers (platform/payments: the sandbox, WeChat Pay
 * Native), the interface leasing recharges use; ORDER_PAYMENT_PROVIDER (else PAYMENT_PROVIDER) picks
 * one (platform/payments/fromEnv.ts). Here: the trade number of a payment attempt and the fee.
 */
import { ORDER_TRADE_NO_RE } from '@agrifleet/domain';

/** The provider's order number of an attempt: 'OR', the orderSn and the attempt (01..99). */
export const orderTradeNo = (orderSn: string, attempt: number) =>
  `OR${orderSn}${String(attempt).padStart(2, '0')}`;

/** The order and attempt a trade number names, or null when it is not one of ours. */
export function parseOrderTradeNo(outTradeNo: string): { orderSn: string; attempt: number } | null {
  const m = ORDER_TRADE_NO_RE.exec(outTradeNo);
  if (!m) return null;
  const attempt = Number(m[2]);
  return attempt >= 1 ? { orderSn: m[1] as string, attempt } : null;
}

/** The yearly fee per drone: ORDER_YEARLY_FEE_MINOR (integer minor units) and ORDER_CURRENCY, else the domain's. */
export function yearlyFeeFrom(
  env: Record<string, string | undefined>,
  fallback: { amountMinor: number; currency: string },
): { amountMinor: number; currency: string } {
  const raw = env.ORDER_YEARLY_FEE_MINOR;
  const amountMinor = raw ? Number(raw) : fallback.amountMinor;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`ORDER_YEARLY_FEE_MINOR must be a positive integer (minor units), got "${raw}"`);
  const currency = env.ORDER_CURRENCY || fallback.currency;
  if (!/^[A-Z]{3}$/.test(currency))
    throw new Error(`ORDER_CURRENCY must be an ISO 4217 code, got "${currency}"`);
  return { amountMinor, currency };
}
