/**
 * A drone's flight history extras (001 §7 "Drones ... History"): statistics over a period with
 * averages per area, battery info per sortie, and the drone log. Scoped like every fleet call.
 */
import {
  batteryInfo,
  DRONE_BASE,
  droneAnomaliesQuery,
  droneHistoryStat,
  droneLogQuery,
  droneLogRecord,
  droneParams,
  ok as okSchema,
  page,
  sortieIdQuery,
  timeRangeQuery,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AnomaliesRepo } from '../anomalies/anomalies.repo.ts';
import type { SortiesRepo } from './sorties.repo.ts';

const tags = ['drones'];
const config = { access: { screens: ['MonitorView', 'DroneList'] } } as const;

const anomalyRecord = z.object({
  id: z.number(),
  droneId: z.string(),
  oddType: z.number(),
  time: z.number(),
  endTime: z.number().nullable(),
  lng: z.number(),
  lat: z.number(),
  sortieId: z.number().nullable(),
  noflyId: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

export const sortieRoutes: Routes<{ sorties: SortiesRepo; anomalies: AnomaliesRepo }> = async (
  app,
  { sorties, anomalies },
) => {
  /** The drone, if the caller may see it (a government: registered or flown in its region). */
  async function visible(req: FastifyRequest, droneId: string) {
    const scope = scopeOf(callerOf(req));
    if (!(await sorties.droneVisible(scope, droneId))) throw errors.notFound();
    return scope;
  }

  app.get(
    `${DRONE_BASE}/history/stat/:droneId`,
    {
      config,
      schema: {
        tags,
        summary: "A drone's flight statistics over a period, with averages per mu",
        params: droneParams,
        querystring: timeRangeQuery,
        response: { 200: okSchema(droneHistoryStat) },
      },
    },
    async (req) => {
      const scope = await visible(req, req.params.droneId);
      const s = await sorties.stat(scope, { droneId: req.params.droneId, ...req.query, simulated: false });
      const per = (v: number, d: number) => (d > 0 ? v / d : 0);
      return ok(req, {
        flightCount: s.n,
        sprayArea: s.area,
        flightTime: s.time,
        sprayQuantity: s.volume,
        distance: s.distance,
        quantityPerArea: per(s.volume, s.area),
        timePerArea: per(s.time, s.area),
        areaPerFlight: per(s.area, s.n),
      });
    },
  );

  app.get(
    `${DRONE_BASE}/history/battery`,
    {
      config,
      schema: {
        tags,
        summary: 'Battery use of a sortie',
        querystring: sortieIdQuery,
        response: { 200: okSchema(batteryInfo) },
      },
    },
    async (req) => {
      const b = await sorties.battery(scopeOf(callerOf(req)), req.query.sortieId);
      if (!b) throw errors.notFound();
      return ok(req, b);
    },
  );

  app.get(
    `${DRONE_BASE}/log/:droneId`,
    {
      config,
      schema: {
        tags,
        summary: 'The drone log: connection, take-off, landing, anomalies',
        params: droneParams,
        querystring: droneLogQuery,
        response: { 200: okSchema(page(droneLogRecord)) },
      },
    },
    async (req) => {
      const scope = await visible(req, req.params.droneId);
      return ok(req, await sorties.log(scope, req.params.droneId, req.query.pageIndex, req.query.size));
    },
  );

  app.get(
    `${DRONE_BASE}/anomalies`,
    {
      config,
      schema: {
        tags,
        summary: "A drone's anomalies (oddType 1-5)",
        querystring: droneAnomaliesQuery,
        response: { 200: okSchema(page(anomalyRecord)) },
      },
    },
    async (req) => {
      const q = req.query;
      const scope = await visible(req, q.droneId);
      return ok(req, await anomalies.listByDrone(scope, q.droneId, { ...q, order: q.order === 2 ? 2 : 1 }));
    },
  );
};
