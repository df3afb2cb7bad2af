/**
 * Leasing routes: work records (WorkRecordList: lessors, their lease managers and tenants) and basic
 * prices (BasicPriceList: lessor accounts; the currency types also for the client, lease and bill
 * screens). Registered by index.ts. docs/api.md "Leasing: work records and basic prices".
 */
import {
  BASIC_PRICE_PATHS,
  basicPriceCurrencies,
  basicPriceList,
  basicPriceSetBody,
  jobRecordPage,
  jobRecordQuery,
  ok as okSchema,
  RENTAL_PATHS,
} from '@agrifleet/domain';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { LeasingDeps } from './deps.ts';
import { createPricesRepo } from './prices.repo.ts';
import { createRecordsRepo } from './records.repo.ts';
import { createRecordsService } from './records.service.ts';
import { lessorOf, sideOf } from './side.ts';

const tags = ['leasing'];
const workRecords = { access: { screens: ['WorkRecordList'] } } as const;
const prices = { access: { screens: ['BasicPriceList'] } } as const;
const currencies = {
  access: { screens: ['BasicPriceList', 'ClientList', 'LeaseList', 'BillList'] },
} as const;

export const recordsRoutes: Routes<LeasingDeps> = async (app, deps) => {
  const svc = createRecordsService({
    db: deps.db,
    records: createRecordsRepo(deps.db),
    prices: createPricesRepo(deps.db),
  });

  app.get(
    RENTAL_PATHS.jobRecord,
    {
      config: workRecords,
      schema: {
        tags,
        summary:
          'Work records (sortie charges and daily base fees), newest first: a lessor its clients’ (accountId: one), a tenant its own (zzAccountId: one lessor); with the summary of the filtered set',
        querystring: jobRecordQuery,
        response: { 200: okSchema(jobRecordPage) },
      },
    },
    async (req) => ok(req, await svc.jobRecords(sideOf(callerOf(req)), req.query)),
  );

  app.get(
    BASIC_PRICE_PATHS.list,
    {
      config: prices,
      schema: {
        tags,
        summary:
          'The lessor’s drone models with their basic prices per currency (minor units); a model with none once, with nulls',
        response: { 200: okSchema(basicPriceList) },
      },
    },
    async (req) => ok(req, await svc.basicPrices(lessorOf(callerOf(req)).accountId)),
  );

  app.post(
    BASIC_PRICE_PATHS.set,
    {
      config: prices,
      schema: {
        tags,
        summary:
          'Set basic prices (major units) of the lessor’s models per currency; leases made later copy the daily fee',
        body: basicPriceSetBody,
        response: { 200: okSchema(basicPriceList) },
      },
    },
    async (req) => {
      const side = lessorOf(callerOf(req));
      auditOf(req).target = `accountId=${side.accountId}`;
      auditOf(req).detail = {
        prices: req.body.prices.map((p) => ({
          modelId: p.modelId,
          currency: p.currency,
          dailyFee: p.dailyFee,
        })),
      };
      return ok(req, await svc.setBasicPrices(side, req.body));
    },
  );

  app.get(
    BASIC_PRICE_PATHS.currencyTypes,
    {
      config: currencies,
      schema: {
        tags,
        summary: 'Currencies a client or price may be in: code, name in the request language, minor digits',
        response: { 200: okSchema(basicPriceCurrencies) },
      },
    },
    async (req) => ok(req, svc.currencyTypes(req.lang)),
  );
};
