/** The orders module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import { ORDER_CURRENCY, ORDER_YEARLY_FEE_MINOR } from '@agrifleet/domain';
import { paymentsFrom } from '../../platform/payments/fromEnv.ts';
import type { Routes } from '../../platform/routes.ts';
import { sandboxWarning } from '../../platform/sandboxes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createInvoicesRepo } from './invoices.repo.ts';
import { orderPayRoutes } from './orders.pay.routes.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { createOrderPayments } from './payments.service.ts';
import { yearlyFeeFrom } from './payments.ts';

const QUERY_JOB_MS = 60_000;

export const ordersModule: Routes<OrgDeps> = async (app, deps) => {
  // ORDER_PAYMENT_PROVIDER (else PAYMENT_PROVIDER), WECHATPAY_*, ORDER_YEARLY_FEE_MINOR, ORDER_CURRENCY
  // (read here until config.ts carries them). In production the sandbox stops the start unless
  // ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1 (platform/sandboxes.ts).
  const payments = paymentsFrom(process.env, 'orders', deps.config);
  if (payments.sandbox && deps.config.production)
    deps.logger.warn(
      sandboxWarning([
        { what: 'service-fee orders on the sandbox payment provider', fix: 'PAYMENT_PROVIDER' },
      ]),
    );
  const pay = createOrderPayments({
    db: deps.db,
    repo: createPaymentsRepo(deps.db),
    payments,
    audit: deps.audit,
    logger: deps.logger,
  });
  const svc = createOrdersService({
    repo: createOrdersRepo(deps.db),
    invoices: createInvoicesRepo(deps.db),
    payments: pay,
    fee: yearlyFeeFrom(process.env, { amountMinor: ORDER_YEARLY_FEE_MINOR, currency: ORDER_CURRENCY }),
    timeZone: deps.config.statTimeZone,
  });

  // Payments whose notification never came are asked about every minute, once per cluster (the
  // leader's). Two at once during a hand-over are safe: an answer is settled as a notification is,
  // under the payment's row lock, and a settled payment is not settled again.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () =>
        deps.leader.run('orders payment queries', () =>
          pay.queryPending().catch((err) => deps.logger.error({ err }, 'orders: payment queries failed')),
        ),
      QUERY_JOB_MS,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  await app.register(ordersRoutes, { svc });
  await app.register(orderPayRoutes, { svc, pay, sandbox: payments.sandbox !== null });
};
