/**
 * drone/mointor/manage (001 §7 "Live monitor"): monitor detail, drones on the map, a drone's
 * panel and live track, and the flight history calls the spec names there (getHistoryFlyList,
 * getSimulateFlyList, getSortieDetail, getTrackByDroneId, POST tracks). Every call is scoped.
 */
import {
  alertsQuery,
  droneDetail,
  droneParams,
  historyQuery,
  MONITOR_BASE,
  mapDrones,
  monitorQuery,
  noflyZoneParams,
  ok as okSchema,
  orbitPoint,
  page,
  sortieDetail,
  sortieDetailQuery,
  sortieRecord,
  statInfo,
  tracksBody,
} from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AnomaliesRepo } from '../anomalies/anomalies.repo.ts';
import type { NoflyRepo } from '../nofly/nofly.repo.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import type { MonitorService } from './monitor.service.ts';
import { mapZone } from './noflyShapes.ts';

const tags = ['monitor'];
const access = { screens: ['MonitorView'] } as const;
const config = { access };

const mapNofly = z.object({
  noflyId: z.number(),
  name: z.string(),
  detailAddress: z.string().nullable(),
  noflyType: z.union([z.literal(1), z.literal(2)]),
  shape: z.enum(['polygon', 'circle']),
  radiusM: z.number().nullable(),
  geometry: z.object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
  }),
});

const alert = z.object({
  id: z.number(),
  droneId: z.string(),
  oddType: z.number(),
  time: z.number(),
  lng: z.number(),
  lat: z.number(),
  detail: z.record(z.string(), z.unknown()),
  createTime: z.number(),
});

export const monitorRoutes: Routes<{
  monitor: MonitorService;
  sorties: SortiesRepo;
  nofly: NoflyRepo;
  anomalies: AnomaliesRepo;
}> = async (app, { monitor, sorties, nofly, anomalies }) => {
  const scope = (req: Parameters<typeof callerOf>[0]) => scopeOf(callerOf(req));

  // The monitor's alerts (map setting "alerts"): anomalies of the caller's drones raised since a time.
  app.get(
    `${MONITOR_BASE}/alerts`,
    {
      config,
      schema: {
        tags,
        summary: "Anomalies of the caller's drones raised since a time (at most 50, newest first)",
        querystring: alertsQuery,
        response: { 200: okSchema(z.array(alert)) },
      },
    },
    async (req) => {
      const since = Math.max(req.query.since, Date.now() - 24 * 3600_000);
      const rows = await anomalies.latest(scope(req), since, 50);
      return ok(
        req,
        rows.map((a) => ({
          id: a.id,
          droneId: a.droneId,
          oddType: a.oddType,
          time: a.time,
          lng: a.lng,
          lat: a.lat,
          detail: a.detail,
          createTime: a.createTime,
        })),
      );
    },
  );

  const option = z.object({ id: z.number(), name: z.string() });
  app.get(
    `${MONITOR_BASE}/filters`,
    {
      config,
      schema: {
        tags,
        summary: 'Options of the monitor filters: manufacturers, owners, models, device types in scope',
        response: {
          200: okSchema(
            z.object({
              manufacturers: z.array(option),
              owners: z.array(option),
              models: z.array(option),
              deviceTypes: z.array(z.number()),
            }),
          ),
        },
      },
    },
    async (req) => ok(req, await sorties.filterOptions(scope(req))),
  );

  // Every caller sees every enabled zone on the map: a pilot must avoid them all.
  app.get(
    `${MONITOR_BASE}/noflyZones`,
    {
      config,
      schema: {
        tags,
        summary: 'Enabled no-fly zones (circles as polygons)',
        response: { 200: okSchema(z.array(mapNofly)) },
      },
    },
    async (req) => ok(req, (await nofly.list(undefined, { enabled: true })).map(mapZone)),
  );

  app.get(
    `${MONITOR_BASE}/noflyZone/:noflyZoneId`,
    {
      config,
      schema: {
        tags,
        summary: 'A no-fly zone',
        params: noflyZoneParams,
        response: { 200: okSchema(mapNofly) },
      },
    },
    async (req) => {
      const zone = await nofly.get(req.params.noflyZoneId);
      if (!zone?.enabled) throw errors.notFound();
      return ok(req, mapZone(zone));
    },
  );

  app.get(
    `${MONITOR_BASE}/detail`,
    {
      config,
      schema: {
        tags,
        summary: 'Monitor detail: statInfo for the saved queries',
        querystring: monitorQuery,
        response: { 200: okSchema(z.object({ statInfo })) },
      },
    },
    async (req) => ok(req, { statInfo: await monitor.statInfo(scope(req), req.query) }),
  );

  app.get(
    `${MONITOR_BASE}/onlineDrones`,
    {
      config,
      schema: {
        tags,
        summary: 'Online drones in the map range (queryType 1)',
        querystring: monitorQuery,
        response: { 200: okSchema(mapDrones) },
      },
      // Built by our code column by column (typed): the schema documents it, a plain stringify sends it.
      // Checking 20,000 drones x 5 columns against it cost more than finding them.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => ok(req, monitor.online(scope(req), req.query)),
  );

  app.get(
    `${MONITOR_BASE}/offlineDrones`,
    {
      config,
      schema: {
        tags,
        summary: 'Offline drones at their last known position',
        querystring: monitorQuery,
        response: { 200: okSchema(mapDrones) },
      },
      // Built by our code column by column (typed): the schema documents it, a plain stringify sends it.
      // Checking 20,000 drones x 5 columns against it cost more than finding them.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => ok(req, monitor.offline(scope(req), req.query)),
  );

  app.get(
    `${MONITOR_BASE}/drone/:droneId`,
    {
      config,
      schema: {
        tags,
        summary: "A drone's panel: model, owners, pilot, battery, speed, height, today's work",
        params: droneParams,
        response: { 200: okSchema(droneDetail) },
      },
    },
    async (req) => {
      const d = await monitor.droneDetail(scope(req), req.params.droneId);
      if (!d) throw errors.notFound();
      return ok(req, d);
    },
  );

  app.get(
    `${MONITOR_BASE}/getTrackByDroneId`,
    {
      config,
      schema: {
        tags,
        summary: 'Track of the sortie the drone is flying now',
        querystring: droneParams,
        response: {
          200: okSchema(
            z.object({
              droneId: z.string(),
              sortieStart: z.number().nullable(),
              points: z.array(orbitPoint),
            }),
          ),
        },
      },
    },
    async (req) => {
      const track = await monitor.liveTrack(scope(req), req.query.droneId);
      if (!track) throw errors.notFound();
      return ok(req, track);
    },
  );

  const listSchema = (summary: string) => ({
    tags,
    summary,
    querystring: historyQuery,
    response: { 200: okSchema(page(sortieRecord)) },
  });
  const history =
    (simulated: boolean) =>
    async (req: { query: z.infer<typeof historyQuery> } & Parameters<typeof callerOf>[0]) => {
      const q = req.query;
      const s = scope(req);
      if (!(await sorties.droneVisible(s, q.droneId))) throw errors.notFound();
      return ok(
        req,
        await sorties.list(
          s,
          { droneId: q.droneId, startTime: q.startTime, endTime: q.endTime, simulated },
          { current: q.currentPage, size: q.pageSize, order: q.order },
        ),
      );
    };
  app.get(
    `${MONITOR_BASE}/getHistoryFlyList`,
    { config, schema: listSchema("A drone's sorties") },
    history(false),
  );
  app.get(
    `${MONITOR_BASE}/getSimulateFlyList`,
    { config, schema: listSchema("A drone's simulated (mock) sorties") },
    history(true),
  );

  app.get(
    `${MONITOR_BASE}/getSortieDetail`,
    {
      config,
      schema: {
        tags,
        summary: 'A sortie with its track',
        querystring: sortieDetailQuery,
        response: { 200: okSchema(sortieDetail) },
      },
    },
    async (req) => {
      const d = await sorties.detail(scope(req), req.query.droneId, req.query.sortieId);
      if (!d) throw errors.notFound();
      return ok(req, d);
    },
  );

  app.post(
    `${MONITOR_BASE}/tracks`,
    {
      // A read that travels as POST (the ids do not fit a query string): not logged.
      config: { ...config, audit: false },
      schema: {
        tags,
        summary: 'Tracks of several sorties, for playback together',
        body: tracksBody,
        response: { 200: okSchema(z.array(sortieRecord.extend({ points: z.array(orbitPoint) }))) },
      },
    },
    async (req) => ok(req, await sorties.tracks(scope(req), req.body.sortieIds)),
  );
};
