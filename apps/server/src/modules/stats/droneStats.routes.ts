/**
 * Drone statistics (001 §7 "Drone statistics": GET list, also read page by page by the export) and
 * the options of its filters. Both serve the DroneStatistics screen and answer the caller's scope.
 */
import {
  DRONE_STAT_FILTERS_PATH,
  DRONE_STAT_PATH,
  droneStatFilters,
  droneStatPage,
  droneStatQuery,
  ok as okSchema,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import { droneStatFilter } from './droneStats.repo.ts';
import type { DroneStatsService } from './droneStats.service.ts';

const tags = ['statistics'];
const config = { access: { screens: ['DroneStatistics'] } } as const;

export const droneStatsRoutes: Routes<{
  droneStats: DroneStatsService;
  sorties: Pick<SortiesRepo, 'filterOptions'>;
  timeZone: string;
}> = async (app, { droneStats, sorties, timeZone }) => {
  app.get(
    DRONE_STAT_PATH,
    {
      config,
      schema: {
        tags,
        summary:
          'Per-drone figures (sorties, flight time, area, volume, distance, work days) with the totals of the filtered set',
        querystring: droneStatQuery,
        response: { 200: okSchema(droneStatPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total, totals } = await droneStats.page(
        scopeOf(callerOf(req)),
        droneStatFilter(q, timeZone),
        { current: q.currentPage, size: q.pageSize, sort: q.sortParam, order: q.order },
      );
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize, totals });
    },
  );

  app.get(
    DRONE_STAT_FILTERS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Options of the drone statistics filters: manufacturers, owners and models in scope',
        response: { 200: okSchema(droneStatFilters) },
      },
    },
    async (req) => {
      const { manufacturers, owners, models } = await sorties.filterOptions(scopeOf(callerOf(req)));
      return ok(req, { manufacturers, owners, models });
    },
  );
};
