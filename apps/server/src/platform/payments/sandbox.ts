/**
 * The sandbox provider (the default outside production; platform/sandboxes.ts): the QR code opens
 * the console's sandbox payment page (`page`, SANDBOX_PAY_PAGE) with a signature of the trade
 * number, so only who holds the code can confirm it. Confirming is a POST of the same signature
 * (leasing money.service.ts sandboxPay, orders orders.service.ts sandboxPay), handled like a
 * verified notification of provider 'sandbox'. No money moves anywhere. Each purpose signs under a
 * key of its own (`label`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';

export interface SandboxPayments extends PaymentProvider {
  sign(outTradeNo: string): string;
  verify(outTradeNo: string, sig: string): boolean;
}

export function sandboxProvider(jwtSecret: string, opts: { label: string; page: string }): SandboxPayments {
  const key = createHmac('sha256', jwtSecret).update(opts.label).digest();
  const sign = (outTradeNo: string) => createHmac('sha256', key).update(outTradeNo).digest('hex');
  const verify = (outTradeNo: string, sig: string) => {
    const want = Buffer.from(sign(outTradeNo), 'hex');
    const got = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  };
  return {
    name: 'sandbox',
    currencies: null,
    sign,
    verify,
    async createOrder(o) {
      return { codeUrl: `${o.origin}${opts.page}/${o.outTradeNo}?sig=${sign(o.outTradeNo)}` };
    },
    async queryOrder() {
      // Only the sandbox page pays a sandbox order.
      return { state: 'pending', providerTxnId: null };
    },
    async verifyNotice(n) {
      let body: { outTradeNo?: unknown; sig?: unknown };
      try {
        body = JSON.parse(n.rawBody.toString('utf8'));
      } catch {
        return { verified: false, reason: 'malformed' };
      }
      const outTradeNo = typeof body.outTradeNo === 'string' ? body.outTradeNo : '';
      if (!outTradeNo || typeof body.sig !== 'string' || !verify(outTradeNo, body.sig))
        return { verified: false, reason: 'signature' };
      return { verified: true, outTradeNo, state: 'paid', providerTxnId: `sandbox-${outTradeNo}` };
    },
    noticeAnswer(accepted, status, message) {
      return accepted
        ? { status: 200, body: { code: 'SUCCESS' } }
        : { status, body: { code: 'FAIL', message } };
    },
  };
}
