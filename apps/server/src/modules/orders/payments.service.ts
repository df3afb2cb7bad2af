/**
 * Paying an order through the platform's payment provider (issue 20 item 4; README.md "Payment").
 * `start` opens a payment attempt with the provider (its QR code); the order becomes paid only in
 * `applyPayment`, when the provider confirms: its signed notification, an order query, or (sandbox)
 * its page. applyPayment pays at most once however many confirmations arrive together (one atomic
 * UPDATE ... WHERE status = unpaid), with the payment, its ledger entries and the system-log row in
 * the same transaction. A forged, unknown or mismatched confirmation changes nothing and is logged.
 */
import { ErrorCode, ORDER_PAY_TTL_MS, ORDER_STATUS, type OrderPayment } from '@agrifleet/domain';
import type { Logger } from 'pino';
import type { Audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Payments } from '../../platform/payments/fromEnv.ts';
import { confirmationOf, type NoticeIn } from '../../platform/payments/provider.ts';
import { qrPng } from '../../platform/payments/qr.ts';
import type { PaymentsRepo } from './payments.repo.ts';
import { orderTradeNo, parseOrderTradeNo } from './payments.ts';

/** A shown code is handed out again while it is good for at least this long; else a new attempt. */
export const REUSE_MARGIN_MS = 60_000;
/** The payment state call asks the provider about an attempt older than this. */
export const STATE_QUERY_AFTER_MS = 30_000;
/** The order-query job looks at attempts older than this. */
export const JOB_QUERY_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 99;

export type OrderPaymentOutcome =
  | 'paid'
  | 'duplicate'
  | 'notUnpaid'
  | 'unknownOrder'
  | 'amountMismatch'
  | 'notPaid';

export interface PaymentIn {
  outTradeNo: string;
  provider: string;
  providerTxnId: string | null;
  /** Compared with the order when the provider tells them. */
  amountMinor?: number;
  currency?: string;
}

type PayRow = NonNullable<Awaited<ReturnType<PaymentsRepo['bySn']>>>;

export function createOrderPayments(d: {
  db: Db;
  repo: PaymentsRepo;
  payments: Payments;
  audit: Audit;
  logger: Logger;
}) {
  async function applyPayment(p: PaymentIn): Promise<OrderPaymentOutcome> {
    const t = parseOrderTradeNo(p.outTradeNo);
    if (!t) return 'unknownOrder';
    return d.db.transaction().execute(async (trx) => {
      const o = await d.repo.bySn(t.orderSn, trx);
      if (!o || o.pay_provider !== p.provider || t.attempt > o.pay_attempt) return 'unknownOrder';
      if (
        (p.amountMinor !== undefined && p.amountMinor !== o.amount_minor) ||
        (p.currency !== undefined && p.currency !== o.currency)
      )
        return 'amountMismatch';
      if (!(await d.repo.markPaid(trx, o.id))) {
        const now = await d.repo.bySn(t.orderSn, trx);
        return now?.status === ORDER_STATUS.paid ? 'duplicate' : 'notUnpaid';
      }
      await d.repo.record(trx, {
        orderId: o.id,
        accountId: o.account_id,
        provider: p.provider,
        providerRef: p.providerTxnId ?? `${p.provider}-${p.outTradeNo}`,
        amountMinor: o.amount_minor,
        currency: o.currency,
        userId: o.pay_started_by,
      });
      await d.audit.writeIn(trx, {
        actor: { accountId: o.account_id, userId: o.pay_started_by },
        logType: 2,
        action: 'orderPaymentReceived',
        method: null,
        path: null,
        target: `orderSn=${o.order_sn}`,
        result: 200,
        ip: null,
        detail: {
          provider: p.provider,
          outTradeNo: p.outTradeNo,
          providerTxnId: p.providerTxnId,
          amountMinor: o.amount_minor,
          currency: o.currency,
        },
      });
      return 'paid';
    });
  }

  /** A confirmation that paid nothing, in the system log (no request row names it). */
  const refused = (
    provider: string,
    outTradeNo: string | null,
    result: number,
    outcome: string,
    ip: string | null,
  ) =>
    d.audit.write({
      actor: null,
      logType: 2,
      action: 'orderPaymentRefused',
      method: 'POST',
      path: null,
      target: outTradeNo ? `outTradeNo=${outTradeNo}` : null,
      result,
      ip,
      detail: { provider, outcome },
    });

  /** Asks the attempt's provider; pays the order if it says paid. Errors are logged, never thrown. */
  async function reconcile(o: PayRow) {
    const provider = o.pay_provider ? d.payments.byName(o.pay_provider) : null;
    if (!provider || o.pay_attempt < 1 || o.status !== ORDER_STATUS.unpaid) return;
    const outTradeNo = orderTradeNo(o.order_sn, o.pay_attempt);
    try {
      const r = await provider.queryOrder(outTradeNo);
      if (r.state !== 'paid') return;
      const outcome = await applyPayment(confirmationOf(outTradeNo, provider.name, r));
      if (outcome !== 'paid' && outcome !== 'duplicate') {
        d.logger.warn({ outTradeNo, outcome }, 'orders: the provider says paid, the payment was refused');
        await refused(provider.name, outTradeNo, 409, outcome, null);
      }
    } catch (err) {
      d.logger.warn({ err, outTradeNo }, 'orders: payment query failed');
    }
  }

  const answer = (o: PayRow, providerName: string): OrderPayment | null =>
    o.pay_code_url && o.pay_expires_at
      ? {
          outTradeNo: orderTradeNo(o.order_sn, o.pay_attempt),
          provider: providerName,
          codeUrl: o.pay_code_url,
          qr: '',
          sandboxUrl: providerName === 'sandbox' ? o.pay_code_url : null,
          expiresAt: o.pay_expires_at.getTime(),
        }
      : null;
  const withQr = async (p: OrderPayment): Promise<OrderPayment> => ({
    ...p,
    qr: `data:image/png;base64,${(await qrPng(p.codeUrl)).toString('base64')}`,
  });

  async function sandboxOrder(outTradeNo: string, sig: string) {
    const sandbox = d.payments.sandbox;
    const t = parseOrderTradeNo(outTradeNo);
    const o = t ? await d.repo.bySn(t.orderSn) : undefined;
    if (!sandbox || !t || !o || o.pay_provider !== sandbox.name || t.attempt > o.pay_attempt)
      throw errors.notFound();
    if (!sandbox.verify(outTradeNo, sig)) throw errors.forbidden();
    return { o, attempt: t.attempt };
  }

  return {
    applyPayment,

    /**
     * Starts (or hands out again) the payment of an unpaid order the caller pays. A started
     * attempt that expired is first asked about: a payment made meanwhile pays the order (null).
     */
    async start(
      orderId: number,
      orderSn: string,
      userId: number,
      origin: string,
    ): Promise<OrderPayment | null> {
      const provider = d.payments.active;
      const before = await d.repo.bySn(orderSn);
      if (
        before &&
        before.pay_attempt > 0 &&
        (before.pay_expires_at?.getTime() ?? 0) - Date.now() <= REUSE_MARGIN_MS
      )
        await reconcile(before);
      return d.db.transaction().execute(async (trx) => {
        const o = await d.repo.lock(trx, orderId);
        if (o.status !== ORDER_STATUS.unpaid)
          throw new AppError(409, ErrorCode.conflict, 'orderNotUnpaid', { orderSn });
        const shown = o.pay_provider === provider.name ? answer(o, provider.name) : null;
        if (shown && shown.expiresAt - Date.now() > REUSE_MARGIN_MS) return withQr(shown);
        if (provider.currencies && !provider.currencies.includes(o.currency))
          throw errors.badRequest('orderPaymentCurrency', { currencies: provider.currencies.join(', ') });
        if (o.pay_attempt >= MAX_ATTEMPTS)
          throw new AppError(409, ErrorCode.conflict, 'orderPaymentAttempts');
        const attempt = o.pay_attempt + 1;
        const outTradeNo = orderTradeNo(o.order_sn, attempt);
        const expiresAt = new Date(Date.now() + ORDER_PAY_TTL_MS);
        let codeUrl: string;
        try {
          ({ codeUrl } = await provider.createOrder({
            outTradeNo,
            amountMinor: o.amount_minor,
            currency: o.currency,
            description: `AgriFleet ${o.year} ${o.drone_id}`,
            expiresAt,
            origin,
          }));
        } catch (err) {
          d.logger.error({ err, outTradeNo }, 'orders: the payment provider did not open the payment');
          throw new AppError(503, ErrorCode.unavailable, 'orderPaymentProviderDown');
        }
        await d.repo.startAttempt(trx, o.id, {
          attempt,
          provider: provider.name,
          expiresAt,
          userId,
          codeUrl,
        });
        return withQr({
          outTradeNo,
          provider: provider.name,
          codeUrl,
          qr: '',
          sandboxUrl: provider.name === 'sandbox' ? codeUrl : null,
          expiresAt: expiresAt.getTime(),
        });
      });
    },

    /** Where the order's payment stands; an attempt older than 30 s is asked about first. */
    async state(orderSn: string) {
      let o = await d.repo.bySn(orderSn);
      if (!o) throw errors.notFound();
      const startedAt = (o.pay_expires_at?.getTime() ?? 0) - ORDER_PAY_TTL_MS;
      if (
        o.status === ORDER_STATUS.unpaid &&
        o.pay_attempt > 0 &&
        Date.now() - startedAt > STATE_QUERY_AFTER_MS
      ) {
        await reconcile(o);
        o = (await d.repo.bySn(orderSn)) ?? o;
      }
      return {
        orderSn,
        status: o.status,
        paidAt: o.paid_at?.getTime() ?? null,
        outTradeNo: o.pay_attempt > 0 ? orderTradeNo(o.order_sn, o.pay_attempt) : null,
        expiresAt: o.pay_expires_at?.getTime() ?? null,
      };
    },

    /** A provider's notification: verified over the exact bytes first, then paid at most once. */
    async notice(providerName: string, n: NoticeIn, ip: string | null) {
      const provider = d.payments.byName(providerName);
      if (!provider) return null;
      const v = await provider.verifyNotice(n);
      if (!v.verified) {
        await refused(providerName, null, 401, 'badSignature', ip);
        return provider.noticeAnswer(false, 401, 'signature not verified');
      }
      const outcome: OrderPaymentOutcome =
        v.state === 'paid' ? await applyPayment(confirmationOf(v.outTradeNo, providerName, v)) : 'notPaid';
      if (outcome === 'unknownOrder' || outcome === 'amountMismatch') {
        await refused(providerName, v.outTradeNo, 400, outcome, ip);
        return provider.noticeAnswer(false, 400, outcome);
      }
      // Money received for an order cancelled meanwhile: accepted (the provider stops), logged to refund.
      if (outcome === 'notUnpaid') await refused(providerName, v.outTradeNo, 409, outcome, ip);
      return provider.noticeAnswer(true, 200, outcome);
    },

    /** What the sandbox page shows (404: not a sandbox order of ours; 403: a bad signature). */
    async sandboxInfo(outTradeNo: string, sig: string) {
      const { o } = await sandboxOrder(outTradeNo, sig);
      const [payee, payer] = await Promise.all([d.repo.platformName(), d.repo.accountName(o.account_id)]);
      return {
        order: o,
        info: {
          outTradeNo,
          amount: o.amount_minor,
          currency: o.currency,
          status: o.status,
          payee,
          payer,
          paidAt: o.paid_at?.getTime() ?? null,
        },
      };
    },

    /** The sandbox page's confirmation: a verified notice of provider 'sandbox' (an expired code: 409). */
    async sandboxPay(outTradeNo: string, sig: string) {
      const { o, attempt } = await sandboxOrder(outTradeNo, sig);
      if (
        o.status === ORDER_STATUS.unpaid &&
        (attempt < o.pay_attempt || (o.pay_expires_at?.getTime() ?? 0) < Date.now())
      )
        throw new AppError(409, ErrorCode.conflict, 'orderPaymentExpired');
      const outcome = await applyPayment({
        outTradeNo,
        provider: o.pay_provider as string,
        providerTxnId: `sandbox-${outTradeNo}`,
      });
      const after = await this.sandboxInfo(outTradeNo, sig);
      return { outcome, info: after.info, accountId: o.account_id };
    },

    /** The order-query job's round: unpaid orders whose payment started a minute ago or more. */
    async queryPending() {
      const rows = await d.repo.pending(JOB_QUERY_AFTER_MS, ORDER_PAY_TTL_MS);
      for (const r of rows) await reconcile(r);
      return rows.length;
    },
  };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;
