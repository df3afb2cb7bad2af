/**
 * The sandbox payment page (SANDBOX_PAY_PAGE, a page of the web app that leasing recharges and
 * service-fee orders share) exists only while a sandbox pays: when neither purpose uses the sandbox
 * (platform/payments/fromEnv.ts), the page answers 404 instead of the web app's shell (issue 20:
 * "its pages do not exist otherwise"). The sandbox's calls are not registered then either
 * (modules/leasing/money.routes.ts, modules/orders/orders.pay.routes.ts).
 */
import { SANDBOX_PAY_PAGE } from '@agrifleet/domain';
import { errors } from '../errors.ts';
import type { Routes } from '../routes.ts';
import { paymentProviderName } from './fromEnv.ts';

export const sandboxPayPage: Routes<{ env: Record<string, string | undefined> }> = async (app, { env }) => {
  if (paymentProviderName(env, 'leasing') === 'sandbox' || paymentProviderName(env, 'orders') === 'sandbox')
    return;
  for (const path of [SANDBOX_PAY_PAGE, `${SANDBOX_PAY_PAGE}/*`])
    app.get(path, { config: { access: 'public', audit: false }, schema: { hide: true } }, async () => {
      throw errors.notFound();
    });
};
