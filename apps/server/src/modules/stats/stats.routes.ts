/**
 * The dashboard calls (001 §7 "Dashboard calls", drone/datastat/manage): rankings, area per hour,
 * mode, period and region, and the period overviews. Every answer is the caller's scope only.
 */
import {
  chartSeries,
  chinaRegionSeries,
  DATASTAT_BASE,
  droneRankRow,
  ok as okSchema,
  periodQuery,
  pilotRankRow,
  rankQuery,
  regionSeries,
  STAT_CALLS,
  statOverview,
  timeRangeQuery,
} from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { StatsService } from './stats.service.ts';

const tags = ['statistics'];
const config = { access: { screens: ['StatScreen', 'StatOverview'] } } as const;
const path = (call: keyof typeof STAT_CALLS) => `${DATASTAT_BASE}/${STAT_CALLS[call]}`;
const schema = <Q extends z.ZodType, R extends z.ZodType>(summary: string, querystring: Q, data: R) => ({
  tags,
  summary,
  querystring,
  response: { 200: okSchema(data) },
});

export const statsRoutes: Routes<{ stats: StatsService }> = async (app, { stats }) => {
  const scope = (req: Parameters<typeof callerOf>[0]) => scopeOf(callerOf(req));

  app.get(
    path('droneRank'),
    {
      config,
      schema: schema(
        'Drones by sprayed area, this year (2) or month (3)',
        periodQuery('ranking').merge(rankQuery),
        z.array(droneRankRow),
      ),
    },
    async (req) => ok(req, await stats.droneRank(scope(req), req.query.periodType, req.query.size)),
  );
  app.get(
    path('droneRankTotal'),
    { config, schema: schema('Drones by sprayed area, all time', rankQuery, z.array(droneRankRow)) },
    async (req) => ok(req, await stats.droneRank(scope(req), 'all', req.query.size)),
  );
  app.get(
    path('pilotRank'),
    {
      config,
      schema: schema(
        'Pilots by sprayed area, this year (2) or month (3)',
        periodQuery('ranking').merge(rankQuery),
        z.array(pilotRankRow),
      ),
    },
    async (req) => ok(req, await stats.pilotRank(scope(req), req.query.periodType, req.query.size)),
  );
  app.get(
    path('pilotRankTotal'),
    { config, schema: schema('Pilots by sprayed area, all time', rankQuery, z.array(pilotRankRow)) },
    async (req) => ok(req, await stats.pilotRank(scope(req), 'all', req.query.size)),
  );
  app.get(
    path('hourArea'),
    { config, schema: schema('Sprayed area per hour of the day, all time', z.object({}), chartSeries) },
    async (req) => ok(req, await stats.hourArea(scope(req))),
  );
  app.get(
    path('hourAreaByMonth'),
    {
      config,
      schema: schema('Sprayed area per hour of the day, this year, per month', z.object({}), chartSeries),
    },
    async (req) => ok(req, await stats.hourAreaByMonth(scope(req))),
  );
  app.get(
    path('modeArea'),
    {
      config,
      schema: schema(
        'Sprayed area per flight mode (periodType 1-5; startTime/endTime narrow it by whole months)',
        periodQuery('mode').extend(timeRangeQuery.shape),
        chartSeries,
      ),
    },
    async (req) => {
      const { periodType, startTime, endTime } = req.query;
      const range = startTime !== undefined && endTime !== undefined ? { startTime, endTime } : undefined;
      return ok(req, await stats.modeArea(scope(req), periodType, range));
    },
  );
  app.get(
    path('cafArea'),
    {
      config,
      schema: schema(
        'caf (domestic) sprayed area over time (periodType 1-3)',
        periodQuery('series'),
        chartSeries,
      ),
    },
    async (req) => ok(req, await stats.areaSeries(scope(req), 'caf', req.query.periodType)),
  );
  app.get(
    path('foreignArea'),
    {
      config,
      schema: schema('Sprayed area abroad over time (periodType 1-3)', periodQuery('series'), chartSeries),
    },
    async (req) => ok(req, await stats.areaSeries(scope(req), 'foreign', req.query.periodType)),
  );
  app.get(
    path('chinaRegionArea'),
    {
      config,
      schema: schema(
        'Sprayed area per Chinese region, and domestic / abroad (periodType 1, 3, 4, 5)',
        periodQuery('chinaRegion'),
        chinaRegionSeries,
      ),
    },
    async (req) => ok(req, await stats.chinaRegionArea(scope(req), req.query.periodType, req.lang)),
  );
  app.get(
    path('foreignRegionArea'),
    {
      config,
      schema: schema(
        'Sprayed area per foreign country (periodType 1-4)',
        periodQuery('foreignRegion'),
        regionSeries,
      ),
    },
    async (req) => ok(req, await stats.foreignRegionArea(scope(req), req.query.periodType, req.lang)),
  );
  app.get(
    path('overview'),
    {
      config,
      schema: schema('Overview of this year (2) or this month (3)', periodQuery('overview'), statOverview),
    },
    async (req) =>
      ok(req, await stats.overview(scope(req), req.query.periodType === 2 ? 'thisYear' : 'thisMonth')),
  );
  app.get(
    path('overviewToday'),
    { config, schema: schema("Today's overview", z.object({}), statOverview) },
    async (req) => ok(req, await stats.overview(scope(req), 'today')),
  );
};
