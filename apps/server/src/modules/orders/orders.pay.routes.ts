/**
 * Paying an order (issue 20 item 4; README.md "Payment"), family /api/user/order: start the payment
 * (POST pay, the QR code), its state (GET payment, polled by the QR dialog), the provider's signed
 * notification (POST notify/{provider}, public) and, only while the sandbox is the provider, the
 * sandbox page's calls (GET/POST sandbox/{outTradeNo}, public: whoever holds the code's signature).
 */
import {
  ORDER_NOTIFY_PATH,
  ORDER_PAY_PATH,
  ORDER_PAYMENT_PATH,
  ORDER_SANDBOX_PATH,
  ok as okSchema,
  orderPayAnswer,
  orderPaymentState,
  orderSnParams,
  orderTradeNoParams,
  sandboxInfo,
  sandboxPayBody,
  sandboxQuery,
} from '@agrifleet/domain';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import { actor, orders } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';
import type { OrderPayments } from './payments.service.ts';

const tags = ['orders'];

export const orderPayRoutes: Routes<{ svc: OrdersService; pay: OrderPayments; sandbox: boolean }> = async (
  app,
  { svc, pay, sandbox },
) => {
  app.post(
    `${ORDER_PAY_PATH}/:orderSn`,
    {
      config: orders,
      schema: {
        tags,
        summary:
          'Start paying an unpaid order of the caller’s account: answers the QR code (paid only when the provider confirms)',
        params: orderSnParams,
        response: { 200: okSchema(orderPayAnswer) },
      },
    },
    async (req) => {
      const origin = `${req.protocol}://${req.host}`;
      const order = await svc.pay(actor(req), req.params.orderSn, origin);
      auditOf(req).detail = {
        provider: order.payment?.provider ?? order.paymentProvider,
        outTradeNo: order.payment?.outTradeNo ?? null,
        amount: order.amount,
      };
      return ok(req, order);
    },
  );

  app.get(
    `${ORDER_PAYMENT_PATH}/:orderSn`,
    {
      config: orders,
      schema: {
        tags,
        summary: 'Where an order’s payment stands (the QR dialog polls it; asks the provider after 30 s)',
        params: orderSnParams,
        response: { 200: okSchema(orderPaymentState) },
      },
    },
    async (req) => ok(req, await svc.paymentState(actor(req), req.params.orderSn)),
  );

  if (sandbox) {
    app.get(
      `${ORDER_SANDBOX_PATH}/:outTradeNo`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'What the sandbox payment page shows for an order',
          params: orderTradeNoParams,
          querystring: sandboxQuery,
          response: { 200: okSchema(sandboxInfo) },
        },
      },
      async (req) => ok(req, (await pay.sandboxInfo(req.params.outTradeNo, req.query.sig)).info),
    );

    app.post(
      `${ORDER_SANDBOX_PATH}/:outTradeNo`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Confirm a sandbox payment of an order (a notification of provider sandbox)',
          params: orderTradeNoParams,
          body: sandboxPayBody,
          response: { 200: okSchema(sandboxInfo.extend({ outcome: z.string() })) },
        },
      },
      async (req) => {
        const r = await pay.sandboxPay(req.params.outTradeNo, req.body.sig);
        auditOf(req).actor = { accountId: r.accountId, userId: null };
        auditOf(req).target = `outTradeNo=${req.params.outTradeNo}`;
        auditOf(req).detail = { outcome: r.outcome, amountMinor: r.info.amount, currency: r.info.currency };
        return ok(req, { ...r.info, outcome: r.outcome });
      },
    );
  }

  await app.register(noticeRoutes, { pay });
};

/**
 * Providers' notifications, with the body kept as the exact bytes (signatures cover them): this
 * plugin's scope replaces the JSON parser by a raw one. Not in the request log (audit false): the
 * payment writes its own row (orderPaymentReceived) in its transaction, a refusal orderPaymentRefused.
 */
const noticeRoutes: Routes<{ pay: OrderPayments }> = async (app, { pay }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    `${ORDER_NOTIFY_PATH}/:provider`,
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: "A payment provider's signed notification of an order's payment",
        params: z.object({ provider: z.string().regex(/^[a-z]{1,32}$/) }),
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await pay.notice(req.params.provider, { headers: req.headers, rawBody: raw }, req.ip);
      if (!answer) throw errors.notFound();
      return answer.body === undefined
        ? reply.status(answer.status).send()
        : reply.status(answer.status).send(answer.body);
    },
  );
};
