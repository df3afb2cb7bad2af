/**
 * Leasing money (issue 13 "Money"): balances, QR recharges through the configured provider,
 * payments (notifications, order queries, the sandbox page), corrections and the bill lists.
 * applyPayment is the one place a recharge is paid: one transaction, the recharge row locked,
 * exactly once; a forged, replayed or mismatched notice changes nothing.
 */
import { randomInt } from 'node:crypto';
import {
  type AdjustBalanceBody,
  CLIENT_STATUS,
  currencyDigits,
  type DeductionRecordQuery,
  ErrorCode,
  LEDGER_KINDS,
  RECHARGE_STATUS,
  type RechargeRecordQuery,
  toMinor,
  type WxQrCodeBody,
} from '@agrifleet/domain';
import type { Logger } from 'pino';
import type { Audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Payments } from '../../platform/payments/fromEnv.ts';
import { confirmationOf, type NoticeIn } from '../../platform/payments/provider.ts';
import { qrPng } from '../../platform/payments/qr.ts';
import { retryTx } from '../../platform/retryTx.ts';
import type { Commands } from '../../telemetry/commands/types.ts';
import { settle } from './balanceLocks.ts';
import { CLIENT_LOG, logToClient } from './clientLog.ts';
import { adjustBook, balanceOf, lockClient, post, providerBook, walletBook } from './ledger.ts';
import type { MoneyRepo, Scope } from './money.repo.ts';
import { clientFor, type LeasingSide } from './side.ts';

export const RECHARGE_TTL_MS = 2 * 3_600_000;
/** getRechargeState asks the provider about a pending recharge older than this. */
export const STATE_QUERY_AFTER_MS = 30_000;
/** The order-query job looks at pending recharges older than this. */
export const JOB_QUERY_AFTER_MS = 60_000;

export type PaymentOutcome = 'paid' | 'duplicate' | 'unknownOrder' | 'amountMismatch' | 'notPaid';

export interface MoneyDeps {
  db: Db;
  repo: MoneyRepo;
  payments: Payments;
  commands: Commands;
  audit: Audit;
  logger: Logger;
}

export interface PaymentIn {
  outTradeNo: string;
  provider: string;
  providerTxnId: string | null;
  /** Compared with the recharge when the provider tells them. */
  amountMinor?: number;
  currency?: string;
}

/** 'LR', the day (yyyyMMdd, UTC) and 16 random digits. */
export function newOutTradeNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let digits = '';
  for (let i = 0; i < 4; i++) digits += String(randomInt(0, 10_000)).padStart(4, '0');
  return `LR${day}${digits}`;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function createMoneyService(deps: MoneyDeps) {
  const { db, repo, payments } = deps;
  const lockDeps = { commands: deps.commands, audit: deps.audit };

  /** The rows a list shows: a lessor's clients (or the one named), a tenant's lessors (or the one named). */
  async function scopeOf(side: LeasingSide, q: { accountId?: number; zzAccountId?: number }): Promise<Scope> {
    if (side.kind === 'lessor') {
      if (q.accountId === undefined) return { lessorAccountId: side.accountId };
      const c = await clientFor(db, side, { accountId: q.accountId });
      return { lessorAccountId: side.accountId, clientAccountId: c.clientAccountId };
    }
    if (q.zzAccountId === undefined) return { clientAccountId: side.accountId };
    const c = await clientFor(db, side, { zzAccountId: q.zzAccountId });
    return { lessorAccountId: c.lessorAccountId, clientAccountId: side.accountId };
  }

  async function applyPayment(p: PaymentIn): Promise<PaymentOutcome> {
    return retryTx(db, async (trx) => {
      // Lock order (README "Concurrency"): the recharge row, then its client, then the ledger.
      const r = await repo.rechargeForUpdate(trx, p.outTradeNo);
      if (!r || r.provider !== p.provider) return 'unknownOrder';
      if (r.status === RECHARGE_STATUS.paid) return 'duplicate';
      await lockClient(trx, r.client_id);
      const currency = r.currency.trim();
      if (
        (p.amountMinor !== undefined && p.amountMinor !== r.amount_minor) ||
        (p.currency !== undefined && p.currency !== currency)
      )
        return 'amountMismatch';
      // A payment the provider confirms for an expired (closed) recharge is still money received.
      const txnId = await post(trx, {
        kind: LEDGER_KINDS.recharge,
        currency,
        ref: `recharge:${r.out_trade_no}`,
        entries: [
          { book: walletBook(r.client_id), clientId: r.client_id, amountMinor: r.amount_minor },
          { book: providerBook(r.provider), amountMinor: -r.amount_minor },
        ],
      });
      await repo.markPaid(trx, r.id, { providerTxnId: p.providerTxnId, txnId });
      const s = await settle(trx, lockDeps, r.client_id, 'recharge');
      for (const accountId of [r.lessor_account_id, r.client_account_id])
        await deps.audit.writeIn(trx, {
          actor: { accountId, userId: null },
          logType: 2,
          action: 'leasePaymentReceived',
          method: null,
          path: null,
          target: `outTradeNo=${r.out_trade_no}`,
          result: 200,
          ip: null,
          detail: {
            provider: r.provider,
            amountMinor: r.amount_minor,
            currency,
            providerTxnId: p.providerTxnId,
            clientId: r.client_id,
            balanceMinor: s.balanceMinor,
            unlocked: s.unlocked,
          },
        });
      return 'paid';
    });
  }

  /** Asks the recharge's provider; pays or closes it. Errors are logged, never thrown. */
  async function reconcile(outTradeNo: string, provider: string, expiresAt: Date) {
    const p = payments.byName(provider);
    if (!p) return;
    try {
      const o = await p.queryOrder(outTradeNo);
      if (o.state === 'paid') {
        const outcome = await applyPayment(confirmationOf(outTradeNo, provider, o));
        if (outcome !== 'paid' && outcome !== 'duplicate')
          deps.logger.warn({ outTradeNo, outcome }, 'leasing: provider says paid, payment refused');
      } else if (o.state === 'closed' || expiresAt.getTime() < Date.now()) await repo.close(outTradeNo);
    } catch (err) {
      deps.logger.warn({ err, outTradeNo }, 'leasing: order query failed');
      if (expiresAt.getTime() + RECHARGE_TTL_MS < Date.now()) await repo.close(outTradeNo);
    }
  }

  async function refused(
    provider: string,
    outTradeNo: string | null,
    result: number,
    outcome: string,
    ip: string | null,
    reason: string,
  ) {
    await deps.audit.write({
      actor: null,
      logType: 2,
      action: 'leasePaymentRefused',
      method: 'POST',
      path: null,
      target: outTradeNo ? `outTradeNo=${outTradeNo}` : null,
      result,
      ip,
      detail: { provider, outcome, reason },
    });
  }

  return {
    applyPayment,

    async recharges(side: LeasingSide, q: RechargeRecordQuery) {
      return repo.rechargePage(await scopeOf(side, q), q);
    },

    async deductions(side: LeasingSide, q: DeductionRecordQuery) {
      return repo.deductionPage(await scopeOf(side, q), q);
    },

    async amount(side: LeasingSide, q: { accountId?: number; zzAccountId?: number }) {
      const c = await clientFor(db, side, q);
      const [balance, lockedDrones, events] = await Promise.all([
        balanceOf(db, c.id),
        repo.lockedDrones(c.id),
        repo.lockEvents(c.id, 20),
      ]);
      return {
        balance,
        currency: c.currency,
        creditLimit: c.creditLimitMinor,
        locked: lockedDrones.length > 0,
        lockedDrones,
        events,
      };
    },

    /** Opens a recharge with the provider; answers its number and the QR code's PNG. */
    async createRecharge(side: LeasingSide, body: WxQrCodeBody, origin: string) {
      const c = await clientFor(db, side, body);
      // Only a client that consented (activated) pays in: debugging and unactivated ones have no money.
      if (c.activeStatus !== CLIENT_STATUS.activated) throw errors.badRequest('leaseRechargeInactive');
      const provider = payments.active;
      if (provider.currencies && !provider.currencies.includes(c.currency))
        throw errors.badRequest('leaseRechargeCurrency', { currencies: provider.currencies.join(', ') });
      const digits = currencyDigits(c.currency);
      if (Math.abs(Math.round(body.amount * 10 ** digits) - body.amount * 10 ** digits) > 1e-6)
        throw errors.badRequest('leaseAmountDigits', { currency: c.currency, digits });
      const amountMinor = toMinor(body.amount, c.currency);
      if (amountMinor <= 0) throw errors.badRequest('leaseAmountDigits', { currency: c.currency, digits });
      const expiresAt = new Date(Date.now() + RECHARGE_TTL_MS);
      let outTradeNo = '';
      for (let attempt = 0; ; attempt++) {
        outTradeNo = newOutTradeNo();
        try {
          await repo.insertRecharge({
            outTradeNo,
            clientId: c.id,
            lessorAccountId: c.lessorAccountId,
            clientAccountId: c.clientAccountId,
            amountMinor,
            currency: c.currency,
            provider: provider.name,
            createdBy: side.userId,
            expiresAt,
          });
          break;
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
        }
      }
      let codeUrl: string;
      try {
        ({ codeUrl } = await provider.createOrder({
          outTradeNo,
          amountMinor,
          currency: c.currency,
          description: `AgriFleet recharge ${outTradeNo}`,
          expiresAt,
          origin,
        }));
      } catch (err) {
        deps.logger.error({ err, outTradeNo }, 'leasing: the payment provider did not open the order');
        await repo.close(outTradeNo);
        throw new AppError(503, ErrorCode.unavailable, 'leasePaymentProviderDown');
      }
      await repo.setCodeUrl(outTradeNo, codeUrl);
      return {
        outTradeNo,
        amountMinor,
        currency: c.currency,
        png: await qrPng(codeUrl),
        // The sandbox's page is on this console: a desktop can open it without a phone.
        sandboxUrl: provider.name === 'sandbox' ? codeUrl : null,
      };
    },

    async rechargeState(side: LeasingSide, outTradeNo: string) {
      let r = await repo.recharge(outTradeNo);
      const mine =
        r && (side.kind === 'lessor' ? r.lessor_account_id : r.client_account_id) === side.accountId;
      if (!r || !mine) throw errors.notFound();
      if (
        r.status === RECHARGE_STATUS.pending &&
        Date.now() - r.created_at.getTime() > STATE_QUERY_AFTER_MS
      ) {
        await reconcile(r.out_trade_no, r.provider, r.expires_at);
        r = (await repo.recharge(outTradeNo)) ?? r;
      }
      return {
        status: r.status,
        amount: r.amount_minor,
        currency: r.currency.trim(),
        paidAt: r.paid_at?.getTime() ?? null,
      };
    },

    /** A lessor's correction: wallet ±amount against its adjustment book, then the balance check. */
    async adjust(side: LeasingSide, body: AdjustBalanceBody) {
      if (side.kind !== 'lessor') throw errors.forbidden();
      const c = await clientFor(db, side, { accountId: body.accountId });
      const digits = currencyDigits(c.currency);
      const minor = toMinor(body.amount, c.currency);
      if (minor === 0 || Math.abs(minor - body.amount * 10 ** digits) > 1e-6)
        throw errors.badRequest('leaseAmountDigits', { currency: c.currency, digits });
      const balance = await retryTx(db, async (trx) => {
        // The client first (README "Concurrency"); only a client that consented has a balance to correct.
        const locked = await lockClient(trx, c.id);
        if (locked?.active_status !== CLIENT_STATUS.activated)
          throw new AppError(409, ErrorCode.conflict, 'leaseClientNotActive');
        await post(trx, {
          kind: LEDGER_KINDS.adjustment,
          currency: c.currency,
          ref: `adjust:${c.id}:${body.reason}`.slice(0, 240),
          entries: [
            { book: walletBook(c.id), clientId: c.id, amountMinor: minor },
            { book: adjustBook(side.accountId), amountMinor: -minor },
          ],
        });
        const settled = await settle(trx, lockDeps, c.id, 'adjustment');
        await logToClient(trx, deps.audit, {
          clientAccountId: c.clientAccountId,
          lessorAccountId: side.accountId,
          lessorUserId: side.userId,
          action: CLIENT_LOG.adjusted,
          detail: { amountMinor: minor, currency: c.currency, balanceMinor: settled.balanceMinor },
        });
        return settled.balanceMinor;
      });
      return { balance, currency: c.currency, amountMinor: minor };
    },

    /**
     * A provider's notification: verified over the exact bytes first, then paid at most once.
     * Every notice is stored; a refused one is in the system log too.
     */
    async notice(providerName: string, n: NoticeIn, ip: string | null) {
      const provider = payments.byName(providerName);
      if (!provider) return null;
      const v = await provider.verifyNotice(n);
      if (!v.verified) {
        await repo.insertNotice({
          provider: providerName,
          outTradeNo: null,
          verified: false,
          outcome: 'badSignature',
          detail: { reason: v.reason },
          ip,
        });
        await refused(providerName, null, 401, 'badSignature', ip, v.reason);
        return provider.noticeAnswer(false, 401, 'signature not verified');
      }
      const outcome: PaymentOutcome =
        v.state === 'paid' ? await applyPayment(confirmationOf(v.outTradeNo, providerName, v)) : 'notPaid';
      await repo.insertNotice({
        provider: providerName,
        outTradeNo: v.outTradeNo,
        verified: true,
        outcome,
        detail: {
          state: v.state,
          providerTxnId: v.providerTxnId,
          amountMinor: v.amountMinor ?? null,
          currency: v.currency ?? null,
        },
        ip,
      });
      if (outcome === 'unknownOrder' || outcome === 'amountMismatch') {
        await refused(providerName, v.outTradeNo, 400, outcome, ip, outcome);
        return provider.noticeAnswer(false, 400, outcome);
      }
      return provider.noticeAnswer(true, 200, outcome);
    },

    /** What the sandbox page shows (404 when the sandbox is not the provider or the number is unknown; 403 bad sig). */
    async sandboxInfo(outTradeNo: string, sig: string) {
      const sandbox = payments.sandbox;
      const r = await repo.recharge(outTradeNo);
      if (!sandbox || !r || r.provider !== sandbox.name) throw errors.notFound();
      if (!sandbox.verify(outTradeNo, sig)) throw errors.forbidden();
      const names = await repo.accountNames([r.lessor_account_id, r.client_account_id]);
      return {
        recharge: r,
        info: {
          outTradeNo,
          amount: r.amount_minor,
          currency: r.currency.trim(),
          status: r.status,
          payee: names.get(r.lessor_account_id) ?? '',
          payer: names.get(r.client_account_id) ?? '',
          paidAt: r.paid_at?.getTime() ?? null,
        },
      };
    },

    /** The sandbox page's confirmation: a verified notice of provider 'sandbox'. */
    async sandboxPay(outTradeNo: string, sig: string, ip: string | null) {
      const { recharge: r } = await this.sandboxInfo(outTradeNo, sig);
      const outcome = await applyPayment({
        outTradeNo,
        provider: r.provider,
        providerTxnId: `sandbox-${outTradeNo}`,
      });
      await repo.insertNotice({
        provider: r.provider,
        outTradeNo,
        verified: true,
        outcome,
        detail: { via: 'page' },
        ip,
      });
      const after = await this.sandboxInfo(outTradeNo, sig);
      return { outcome, info: after.info, recharge: r };
    },

    /** The order-query job's round: pending recharges older than a minute. */
    async queryPending() {
      const rows = await repo.pending(JOB_QUERY_AFTER_MS);
      for (const r of rows) await reconcile(r.out_trade_no, r.provider, r.expires_at);
      return rows.length;
    },
  };
}
export type MoneyService = ReturnType<typeof createMoneyService>;
