/**
 * Leasing routes: money (issue 13, BillList; 002 §7 rechargeRecord, deductionRecord, getAmount,
 * getWxQrCode) plus the recharge's state, corrections, payment notifications and the sandbox page.
 * Registered by index.ts. README.md "Money".
 */
import {
  adjustBalanceAnswer,
  adjustBalanceBody,
  amountAnswer,
  amountQuery,
  deductionPage,
  deductionRecordQuery,
  OUT_TRADE_NO_HEADER,
  ok as okSchema,
  PAY_PATHS,
  RENTAL_PATHS,
  rechargePage,
  rechargeRecordQuery,
  rechargeState,
  rechargeStateQuery,
  SANDBOX_URL_HEADER,
  sandboxInfo,
  sandboxParams,
  sandboxPayBody,
  sandboxQuery,
  wxQrCodeBody,
} from '@agrifleet/domain';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { paymentsFrom } from '../../platform/payments/fromEnv.ts';
import type { Routes } from '../../platform/routes.ts';
import { sandboxWarning } from '../../platform/sandboxes.ts';
import type { LeasingDeps } from './deps.ts';
import { createMoneyRepo } from './money.repo.ts';
import { createMoneyService, type MoneyService } from './money.service.ts';
import { sideOf } from './side.ts';

const tags = ['leasing'];
const bills = { access: { screens: ['BillList'] } } as const;
const QUERY_JOB_MS = 60_000;

export const moneyRoutes: Routes<LeasingDeps> = async (app, deps) => {
  // PAYMENT_PROVIDER (or LEASE_PAYMENT_PROVIDER) and WECHATPAY_*: read here, config.ts does not carry them.
  // In production the sandbox stops the start unless ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1.
  const payments = paymentsFrom(process.env, 'leasing', deps.config);
  if (payments.sandbox && deps.config.production)
    deps.logger.warn(
      sandboxWarning([
        { what: 'leasing recharges on the sandbox payment provider', fix: 'PAYMENT_PROVIDER' },
      ]),
    );
  const svc = createMoneyService({
    db: deps.db,
    repo: createMoneyRepo(deps.db),
    payments,
    commands: deps.commands,
    audit: deps.audit,
    logger: deps.logger,
  });

  let timer: NodeJS.Timeout | null = null;
  // Once per cluster (the leader's). Two at once during a hand-over credit nothing twice: an answer
  // is settled as a notification is, under the order's row lock, and a settled order is not again.
  const runQueries = () =>
    deps.leader.run('leasing recharge queries', () =>
      svc.queryPending().catch((err) => deps.logger.error({ err }, 'leasing: recharge order queries failed')),
    );
  app.addHook('onReady', async () => {
    timer = setInterval(runQueries, QUERY_JOB_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.get(
    RENTAL_PATHS.rechargeRecord,
    {
      config: bills,
      schema: {
        tags,
        summary: 'Recharges (lessor: its clients; tenant: its own)',
        querystring: rechargeRecordQuery,
        response: { 200: okSchema(rechargePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.recharges(sideOf(callerOf(req)), q);
      return ok(req, { records, total, current: q.pageIndex, size: q.size });
    },
  );

  app.get(
    RENTAL_PATHS.deductionRecord,
    {
      config: bills,
      schema: {
        tags,
        summary: 'Deductions: sortie charges and daily base fees, newest first',
        querystring: deductionRecordQuery,
        response: { 200: okSchema(deductionPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.deductions(sideOf(callerOf(req)), q);
      return ok(req, { records, total, current: q.pageIndex, size: q.size });
    },
  );

  app.get(
    RENTAL_PATHS.amount,
    {
      config: bills,
      schema: {
        tags,
        summary: "A client's balance, credit limit and balance locks",
        querystring: amountQuery,
        response: { 200: okSchema(amountAnswer) },
      },
    },
    async (req) => ok(req, await svc.amount(sideOf(callerOf(req)), req.query)),
  );

  app.post(
    RENTAL_PATHS.wxQrCode,
    {
      config: bills,
      schema: {
        tags,
        summary: 'Open a recharge: answers the PNG of its QR code (X-Out-Trade-No names it)',
        body: wxQrCodeBody,
      },
    },
    async (req, reply) => {
      const origin = `${req.protocol}://${req.host}`;
      const r = await svc.createRecharge(sideOf(callerOf(req)), req.body, origin);
      auditOf(req).target = `outTradeNo=${r.outTradeNo}`;
      auditOf(req).detail = { amountMinor: r.amountMinor, currency: r.currency };
      if (r.sandboxUrl) reply.header(SANDBOX_URL_HEADER, r.sandboxUrl);
      reply
        .header('cache-control', 'no-store')
        .header(OUT_TRADE_NO_HEADER, r.outTradeNo)
        .header('access-control-expose-headers', `${OUT_TRADE_NO_HEADER}, ${SANDBOX_URL_HEADER}`)
        .type('image/png');
      // Returned, not sent: the answer leaves after the request's transaction commits (platform/
      // audit.ts), so the recharge it names exists for whoever reads it next.
      return r.png;
    },
  );

  app.get(
    RENTAL_PATHS.rechargeState,
    {
      config: bills,
      schema: {
        tags,
        summary: "A recharge's state (the QR dialog polls it)",
        querystring: rechargeStateQuery,
        response: { 200: okSchema(rechargeState) },
      },
    },
    async (req) => ok(req, await svc.rechargeState(sideOf(callerOf(req)), req.query.outTradeNo)),
  );

  app.post(
    RENTAL_PATHS.adjust,
    {
      config: bills,
      schema: {
        tags,
        summary: "A lessor's balance correction (a new posting)",
        body: adjustBalanceBody,
        response: { 200: okSchema(adjustBalanceAnswer) },
      },
    },
    async (req) => {
      const r = await svc.adjust(sideOf(callerOf(req)), req.body);
      auditOf(req).target = `accountId=${req.body.accountId}`;
      auditOf(req).detail = { amountMinor: r.amountMinor, currency: r.currency, reason: req.body.reason };
      return ok(req, { balance: r.balance, currency: r.currency });
    },
  );

  // The sandbox's calls exist only while it is the provider (else 404: not registered; the page
  // itself: platform/payments/page.ts).
  if (payments.sandbox) await app.register(sandboxRoutes, { svc });
  await app.register(noticeRoutes, { svc });
};

/** The sandbox page's calls (public: whoever holds the QR code's signature). */
const sandboxRoutes: Routes<{ svc: MoneyService }> = async (app, { svc }) => {
  app.get(
    `${PAY_PATHS.sandbox}/:outTradeNo`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the sandbox payment page shows',
        params: sandboxParams,
        querystring: sandboxQuery,
        response: { 200: okSchema(sandboxInfo) },
      },
    },
    async (req) => ok(req, (await svc.sandboxInfo(req.params.outTradeNo, req.query.sig)).info),
  );

  app.post(
    `${PAY_PATHS.sandbox}/:outTradeNo`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm a sandbox payment (a notification of provider sandbox)',
        params: sandboxParams,
        body: sandboxPayBody,
        response: { 200: okSchema(sandboxInfo.extend({ outcome: z.string() })) },
      },
    },
    async (req) => {
      const r = await svc.sandboxPay(req.params.outTradeNo, req.body.sig, req.ip);
      auditOf(req).actor = { accountId: r.recharge.client_account_id, userId: null };
      auditOf(req).target = `outTradeNo=${req.params.outTradeNo}`;
      auditOf(req).detail = { outcome: r.outcome, amountMinor: r.info.amount, currency: r.info.currency };
      return ok(req, { ...r.info, outcome: r.outcome });
    },
  );
};

/**
 * Providers' notifications. The body is kept as the exact bytes (signatures cover them): this
 * plugin's scope replaces the JSON parser by a raw one. Not in the request log (audit false): the
 * service writes its own rows (lease_payment_notices, and the system log for refusals and payments).
 */
const noticeRoutes: Routes<{ svc: MoneyService }> = async (app, { svc }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    `${PAY_PATHS.notify}/:provider`,
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: "A payment provider's signed notification",
        params: z.object({ provider: z.string().regex(/^[a-z]{1,32}$/) }),
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await svc.notice(req.params.provider, { headers: req.headers, rawBody: raw }, req.ip);
      // Not a provider of ours: the console's own 404 (no provider speaks to this path).
      if (!answer) throw errors.notFound();
      return answer.body === undefined
        ? reply.status(answer.status).send()
        : reply.status(answer.status).send(answer.body);
    },
  );
};
