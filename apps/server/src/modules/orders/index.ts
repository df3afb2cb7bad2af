/** The orders module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import { ORDER_CURRENCY, ORDER_YEARLY_FEE_MINOR } from '@agrifleet/domain';
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createInvoicesRepo } from './invoices.repo.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { paymentProviderFrom, yearlyFeeFrom } from './payments.ts';

export const ordersModule: Routes<OrgDeps> = async (app, deps) => {
  const svc = createOrdersService({
    repo: createOrdersRepo(deps.db),
    invoices: createInvoicesRepo(deps.db),
    // ORDER_PAYMENT_PROVIDER, ORDER_YEARLY_FEE_MINOR, ORDER_CURRENCY (read here until config.ts carries them).
    payments: paymentProviderFrom(process.env),
    fee: yearlyFeeFrom(process.env, { amountMinor: ORDER_YEARLY_FEE_MINOR, currency: ORDER_CURRENCY }),
  });
  await app.register(ordersRoutes, { svc });
};
