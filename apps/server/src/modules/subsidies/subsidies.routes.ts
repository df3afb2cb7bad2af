/**
 * Operation subsidies (001 §7 "Subsidies"; contracts/subsidies.ts), family
 * /api/drone/subsidy/manage. Reads need the SubsidyList screen (platform, governments,
 * manufacturers); writes also the ability to manage tasks, and the service keeps them to the
 * platform and governments within their region. A subsidy outside the caller's scope answers 404.
 */
import {
  ok as okSchema,
  rateTable,
  rateTableBody,
  rateTableList,
  rateTableQuery,
  SUBSIDY_CALLS,
  SUBSIDY_COMPUTE_PATH,
  SUBSIDY_LIST_PATH,
  SUBSIDY_PATH,
  SUBSIDY_RATES_PATH,
  SUBSIDY_STAT_PATH,
  SUBSIDY_SUMMARY_PATH,
  SUBSIDY_TRACK_PATH,
  spotCheckDrawBody,
  spotCheckResultBody,
  spotCheckResultParams,
  subsidyCheck,
  subsidyComputeBody,
  subsidyComputeResult,
  subsidyDetail,
  subsidyListQuery,
  subsidyPage,
  subsidyParams,
  subsidySortiePage,
  subsidySortieQuery,
  subsidyStat,
  subsidySummary,
  subsidySummaryQuery,
  subsidyTrack,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, SubsidyService } from './subsidies.service.ts';

const tags = ['subsidies'];
const read = { access: { screens: ['SubsidyList'] } } as const;
const write = { access: { screens: ['SubsidyList'], ability: 'manageTask' } } as const;
const one = `${SUBSIDY_PATH}/:subsidyId`;

function actor(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return {
    scope: scopeOf(c),
    accountId: c.account.id,
    userId: c.user.id,
    userName: c.user.user_name,
    lang: req.lang,
  };
}

export const subsidyRoutes: Routes<{ subsidies: SubsidyService }> = async (app, { subsidies: svc }) => {
  app.get(
    SUBSIDY_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Subsidies of a year in the caller’s scope (region, operator name, task, status), paged',
        querystring: subsidyListQuery,
        response: { 200: okSchema(subsidyPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.list(scopeOf(callerOf(req)), q, req.lang);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    SUBSIDY_SUMMARY_PATH,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The year’s totals: subsidies, operators, sealed, sorties, the three areas, amount, by reason',
        querystring: subsidySummaryQuery,
        response: { 200: okSchema(subsidySummary) },
      },
    },
    async (req) => ok(req, await svc.summary(scopeOf(callerOf(req)), req.query)),
  );

  app.get(
    SUBSIDY_STAT_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Per region one level below `region` (the caller’s own when absent)',
        querystring: subsidySummaryQuery,
        response: { 200: okSchema(subsidyStat) },
      },
    },
    async (req) => ok(req, await svc.stat(scopeOf(callerOf(req)), req.query, req.lang)),
  );

  app.post(
    SUBSIDY_COMPUTE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: '(Re)computes a programme’s subsidies, one per operator; sealed ones are kept',
        body: subsidyComputeBody,
        response: { 200: okSchema(subsidyComputeResult) },
      },
    },
    async (req) => {
      const r = await svc.compute(actor(req), req.body);
      auditOf(req).detail = { subsidies: r.subsidies, sorties: r.sorties, amountFen: r.amountFen };
      return ok(req, r);
    },
  );

  app.get(
    SUBSIDY_RATES_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Rate table versions of a year',
        querystring: rateTableQuery,
        response: { 200: okSchema(rateTableList) },
      },
    },
    async (req) => ok(req, await svc.rates(actor(req), req.query)),
  );

  app.post(
    SUBSIDY_RATES_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new version of a region’s rate table for a year (versions are never edited)',
        body: rateTableBody,
        response: { 200: okSchema(rateTable) },
      },
    },
    async (req) => {
      const r = await svc.createRates(actor(req), req.body);
      auditOf(req).target = `rateVersionId=${r.rateVersionId}`;
      return ok(req, r);
    },
  );

  app.get(
    `${SUBSIDY_TRACK_PATH}/:subsidyId`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The subsidy’s sorties’ spraying paths coloured by verdict, and the programme’s polygon',
        params: subsidyParams,
        response: { 200: okSchema(subsidyTrack) },
      },
    },
    async (req) => ok(req, await svc.track(actor(req), req.params.subsidyId)),
  );

  app.get(
    one,
    {
      config: read,
      schema: {
        tags,
        summary: 'A subsidy’s detail',
        params: subsidyParams,
        response: { 200: okSchema(subsidyDetail) },
      },
    },
    async (req) => ok(req, await svc.detail(actor(req), req.params.subsidyId)),
  );

  app.delete(
    one,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes an unsealed subsidy (a sealed one: 409)',
        params: subsidyParams,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await svc.remove(actor(req), req.params.subsidyId);
      return ok(req, null);
    },
  );

  app.get(
    `${one}/${SUBSIDY_CALLS.sorties}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The subsidy’s evidence lines, one per sortie',
        params: subsidyParams,
        querystring: subsidySortieQuery,
        response: { 200: okSchema(subsidySortiePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await svc.sorties(actor(req), req.params.subsidyId, q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.post(
    `${one}/${SUBSIDY_CALLS.seal}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Seals (pays) the subsidy: its evidence digest enters the system log’s hash chain',
        params: subsidyParams,
        response: { 200: okSchema(subsidyDetail) },
      },
    },
    async (req) => {
      const { detail, digest } = await svc.seal(actor(req), req.params.subsidyId);
      auditOf(req).detail = { subsidyId: req.params.subsidyId, digest };
      return ok(req, detail);
    },
  );

  app.get(
    `${one}/${SUBSIDY_CALLS.check}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether the sealed evidence still matches its digest and the log holds the seal',
        params: subsidyParams,
        response: { 200: okSchema(subsidyCheck) },
      },
    },
    async (req) => ok(req, await svc.check(actor(req), req.params.subsidyId)),
  );

  app.post(
    `${one}/${SUBSIDY_CALLS.spotCheck}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Draws a seeded random sample of the subsidy’s sorties to inspect',
        params: subsidyParams,
        body: spotCheckDrawBody,
        response: { 200: okSchema(subsidyDetail) },
      },
    },
    async (req) => {
      const d = await svc.drawSpotCheck(actor(req), req.params.subsidyId, req.body);
      auditOf(req).detail = { seed: d.spotCheck?.seed, size: d.spotCheck?.size };
      return ok(req, d);
    },
  );

  app.put(
    `${one}/${SUBSIDY_CALLS.spotCheck}/:sortieId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Records an inspection’s outcome; the unsealed subsidy is recomputed',
        params: spotCheckResultParams,
        body: spotCheckResultBody,
        response: { 200: okSchema(subsidyDetail) },
      },
    },
    async (req) =>
      ok(req, await svc.spotCheckResult(actor(req), req.params.subsidyId, req.params.sortieId, req.body)),
  );
};
