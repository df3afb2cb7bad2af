/**
 * The leasing module (issue 13): clients, leases, money (ledger, recharges, payment providers),
 * work records, basic prices and statistics; billing at landing (billing.ts, a telemetry sortie
 * hook) and the daily base fee job (dailyFees.ts). Registered by app.ts. See README.md.
 */
import type { Routes } from '../../platform/routes.ts';
import { createBilling, sweepUnbilled } from './billing.ts';
import { clientsRoutes } from './clients.routes.ts';
import { chargeDailyFees } from './dailyFees.ts';
import type { LeasingDeps } from './deps.ts';
import { leasesRoutes } from './leases.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { recordsRoutes } from './records.routes.ts';
import { statsRoutes } from './stats.routes.ts';

const FEE_JOB_MS = 10 * 60_000;
const SWEEP_MS = 60_000;

export const leasingModule: Routes<LeasingDeps> = async (app, deps) => {
  const billingDeps = {
    commands: deps.commands,
    audit: deps.audit,
    timeZone: deps.config.statTimeZone,
    logger: deps.logger,
  };
  deps.telemetry.addSortieHook(createBilling(billingDeps));

  let timer: NodeJS.Timeout | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  // Both once per cluster (the leader's). Two at once during a hand-over charge nothing twice: a
  // sortie's charge is unique per sortie (lease_charges.sortie_id), a day's fee per lease and day
  // (lease_id, fee_day), both inserted ON CONFLICT DO NOTHING under the client's row lock.
  const sweep = () =>
    deps.leader.run('leasing billing sweeper', () =>
      sweepUnbilled(deps.db, billingDeps)
        .then((n) => {
          if (n) deps.logger.warn({ billed: n }, 'leasing: sorties billed by the sweeper');
        })
        .catch((err) => deps.logger.error({ err }, 'leasing: sweeper failed')),
    );
  const runFees = () =>
    deps.leader.run('leasing daily fees', () =>
      chargeDailyFees(deps.db, billingDeps)
        .then((n) => {
          if (n) deps.logger.info({ charged: n }, 'leasing: daily base fees charged');
        })
        .catch((err) => deps.logger.error({ err }, 'leasing: daily base fees not charged')),
    );
  app.addHook('onReady', async () => {
    void runFees();
    timer = setInterval(runFees, FEE_JOB_MS);
    timer.unref();
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (sweeper) clearInterval(sweeper);
  });

  await app.register(clientsRoutes, deps);
  await app.register(leasesRoutes, deps);
  await app.register(moneyRoutes, deps);
  await app.register(recordsRoutes, deps);
  await app.register(statsRoutes, deps);
};
