/**
 * Data statistics calls (001 §7 "Data statistics", drone/datastat/manage): the caller's account's
 * stat items and their figures in the caller's scope. Another account's statId is a 404.
 */

import {
  DATASTAT_BASE,
  DATASTAT_ITEM_CALLS,
  datastatOverview,
  datastatOverviewQuery,
  ok as okSchema,
  statDetail,
  statIdParam,
  statItem,
  statItemListQuery,
  statItemPage,
  statSettings,
  statUpdateBody,
  statWithChartBody,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, DatastatService } from './datastat.service.ts';

const tags = ['data statistics'];
const config = { access: { screens: ['DataStatList'] } } as const;
const path = (call: keyof typeof DATASTAT_ITEM_CALLS) => `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS[call]}`;

function actor(req: FastifyRequest): Actor {
  const caller = callerOf(req);
  return { accountId: caller.account.id, userId: caller.user.id, scope: scopeOf(caller), lang: req.lang };
}

export const datastatRoutes: Routes<{ datastat: DatastatService }> = async (app, { datastat }) => {
  app.get(
    path('list'),
    {
      config,
      schema: {
        tags,
        summary: "The account's stat items, newest first (pageSize 10 by default)",
        querystring: statItemListQuery,
        response: { 200: okSchema(statItemPage) },
      },
    },
    async (req) => ok(req, await datastat.list(actor(req), req.query)),
  );

  app.get(
    path('detail'),
    {
      config,
      schema: {
        tags,
        summary: "A stat item's figures, computed now in the caller's scope",
        querystring: statIdParam,
        response: { 200: okSchema(statDetail) },
      },
    },
    async (req) => ok(req, await datastat.detail(actor(req), req.query.statId)),
  );

  app.post(
    path('create'),
    {
      config,
      schema: {
        tags,
        summary: 'Store a stat item',
        body: statSettings,
        response: { 200: okSchema(statItem) },
      },
    },
    async (req) => ok(req, await datastat.create(actor(req), req.body)),
  );

  app.post(
    path('createWithChart'),
    {
      config,
      schema: {
        tags,
        summary: 'Store a stat item and answer its figures; with save false, only the figures (ad hoc)',
        body: statWithChartBody,
        response: { 200: okSchema(statDetail) },
      },
    },
    async (req) => {
      const { save, ...settings } = req.body;
      // With save false nothing is stored: an ad hoc chart is a read, not logged.
      if (!save) auditOf(req).skip = true;
      return ok(req, await datastat.createWithChart(actor(req), settings, save));
    },
  );

  app.put(
    path('update'),
    {
      config,
      schema: {
        tags,
        summary: "Replace a stat item's settings",
        body: statUpdateBody,
        response: { 200: okSchema(statItem) },
      },
    },
    async (req) => {
      const { statId, ...settings } = req.body;
      return ok(req, await datastat.update(actor(req), statId, settings));
    },
  );

  app.delete(
    `${path('remove')}/:statId`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a stat item',
        params: statIdParam,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (req) => {
      await datastat.remove(actor(req), req.params.statId);
      return ok(req, null);
    },
  );

  app.get(
    path('overview'),
    {
      config,
      schema: {
        tags,
        summary: "The account's stat items at a glance and the scope's headline figures",
        querystring: datastatOverviewQuery,
        response: { 200: okSchema(datastatOverview) },
      },
    },
    async (req) => ok(req, await datastat.overview(actor(req), req.query.areaUnit)),
  );
};
