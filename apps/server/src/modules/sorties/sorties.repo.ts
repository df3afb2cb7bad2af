/** Sorties, tracks and the drone log, always within the caller's data scope. */
import type { OrbitPoint, SortieRecord, TelemetryPoint } from '@agrifleet/domain';
import { sql } from 'kysely';
import {
  type DataScope,
  droneScopeCondition,
  regionRange,
  scopeCondition,
  sortieColumns,
} from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { decodeTrack } from '../../telemetry/codec/trackCodec.ts';
import { logCovers } from '../firmware/flightLogs.repo.ts';
import { createDroneRecords } from './droneRecords.repo.ts';

const SORTIE_COLS = sortieColumns('s');
const DRONE_COLS = { zz: 'd.zz_account_id', yy: 'd.yy_account_id', region: 'd.region_code' };

export interface SortieFilter {
  droneId?: string;
  startTime?: number;
  endTime?: number;
  simulated?: boolean;
}

export function toOrbit(p: TelemetryPoint): OrbitPoint {
  return {
    lng: p.lng,
    lat: p.lat,
    height: p.height,
    xspeed: p.speed,
    recordTime: p.recordTime,
    heading: p.heading,
    spray: p.pump,
    flow: p.flow,
    battery: p.battery,
  };
}

export function createSortiesRepo(db: Db) {
  const scoped = (scope: DataScope, f: SortieFilter) => {
    let q = db
      .selectFrom('sorties as s')
      .leftJoin('users as u', 'u.id', 's.pilot_id')
      .where(scopeCondition(scope, SORTIE_COLS));
    if (f.droneId) q = q.where('s.drone_id', '=', f.droneId);
    if (f.startTime !== undefined) q = q.where('s.start_time', '>=', new Date(f.startTime));
    if (f.endTime !== undefined) q = q.where('s.start_time', '<=', new Date(f.endTime));
    if (f.simulated !== undefined) q = q.where('s.simulated', '=', f.simulated);
    return q;
  };
  const recordCols = [
    's.sortie_id',
    's.drone_id',
    's.start_time',
    's.end_time',
    's.duration_s',
    's.area_mu',
    's.volume_l',
    's.distance_m',
    's.mode',
    's.crop_id',
    's.pilot_id',
    'u.user_name as pilot_name',
    's.county_code',
    's.city_code',
    's.province_code',
    's.country_code',
    's.lng',
    's.lat',
    's.end_reason',
    // Real flights keep their track for ever; a generated history's older sorties never had one.
    sql<boolean>`EXISTS (SELECT 1 FROM sortie_tracks x WHERE x.sortie_id = s.sortie_id)`.as('has_track'),
    // A drone-signed flight log covering the flight was received and verified (0044_flight_logs).
    logCovers('s').as('log_verified'),
  ] as const;
  type RecordRow = {
    sortie_id: number;
    drone_id: string;
    start_time: Date;
    end_time: Date;
    duration_s: number;
    area_mu: number;
    volume_l: number;
    distance_m: number;
    mode: string | null;
    crop_id: number | null;
    pilot_id: number | null;
    pilot_name: string | null;
    county_code: number | null;
    city_code: number | null;
    province_code: number | null;
    country_code: number;
    lng: number;
    lat: number;
    end_reason: string;
    has_track: boolean;
    log_verified: boolean;
  };
  const toRecord = (r: RecordRow): SortieRecord => ({
    sortieId: r.sortie_id,
    droneId: r.drone_id,
    startTime: r.start_time.getTime(),
    endTime: r.end_time.getTime(),
    flightTime: r.duration_s,
    sprayArea: r.area_mu,
    sprayQuantity: r.volume_l,
    distance: r.distance_m,
    mode: r.mode,
    cropId: r.crop_id,
    pilotId: r.pilot_id,
    pilotName: r.pilot_name,
    regionCode: r.county_code ?? r.city_code ?? r.province_code ?? r.country_code,
    lng: r.lng,
    lat: r.lat,
    endReason: r.end_reason,
    hasTrack: r.has_track,
    logVerified: r.log_verified,
  });

  return {
    ...createDroneRecords(db),

    /**
     * Is this drone one the caller may see? Its owners; for a government, a drone registered in
     * its region or one that has flown there (the sorties it then sees are those in its region).
     * Every drone-level call (history, stat, log, anomalies, pictures) asks this one question.
     */
    async droneVisible(scope: DataScope, droneId: string): Promise<boolean> {
      const row = await db
        .selectFrom('drones as d')
        .select('d.drone_id')
        .where('d.drone_id', '=', droneId)
        .where((eb) =>
          scope.kind === 'region'
            ? eb.or([
                droneScopeCondition(scope, DRONE_COLS),
                eb.exists(
                  eb
                    .selectFrom('sorties as s')
                    .select('s.sortie_id')
                    .whereRef('s.drone_id', '=', 'd.drone_id')
                    .where(scopeCondition(scope, SORTIE_COLS)),
                ),
              ])
            : scope.kind === 'yy'
              ? eb.or([
                  droneScopeCondition(scope, DRONE_COLS),
                  // A past owner still opens the drone: the sorties it flew then stay its own.
                  eb.exists(
                    eb
                      .selectFrom('drone_ownerships as o')
                      .select('o.id')
                      .whereRef('o.drone_id', '=', 'd.drone_id')
                      .where('o.yy_account_id', '=', scope.accountId),
                  ),
                ])
              : droneScopeCondition(scope, DRONE_COLS),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    async list(scope: DataScope, f: SortieFilter, page: { current: number; size: number; order: number }) {
      const where = scoped(scope, f);
      const [{ total } = { total: 0 }] = await where.select(sql<number>`count(*)::int`.as('total')).execute();
      const rows = await where
        .select(recordCols)
        .orderBy('s.start_time', page.order === 2 ? 'asc' : 'desc')
        .limit(page.size)
        .offset((page.current - 1) * page.size)
        .execute();
      return {
        records: rows.map((r) => toRecord(r as RecordRow)),
        total,
        current: page.current,
        size: page.size,
      };
    },

    async detail(scope: DataScope, droneId: string, sortieId: number) {
      const row = await scoped(scope, { droneId })
        .leftJoin('sortie_tracks as t', 't.sortie_id', 's.sortie_id')
        .where('s.sortie_id', '=', sortieId)
        .select([
          ...recordCols,
          's.max_height_m',
          's.battery_start',
          's.battery_end',
          's.spray_time_s',
          's.spray_distance_m',
          's.reported_area_m2',
          't.track',
        ])
        .executeTakeFirst();
      if (!row) return null;
      return {
        ...toRecord(row as RecordRow),
        maxHeight: row.max_height_m,
        batteryStart: row.battery_start,
        batteryEnd: row.battery_end,
        sprayTime: row.spray_time_s,
        sprayDistance: row.spray_distance_m,
        reportedArea: row.reported_area_m2 === null ? null : row.reported_area_m2 / 666.6666666666666,
        points: row.track ? decodeTrack(row.track).map(toOrbit) : [],
      };
    },

    /**
     * Tracks of several sorties (playback together); those out of scope are left out, one without a
     * track comes with hasTrack false and no points (the player says so instead of playing nothing).
     */
    async tracks(scope: DataScope, sortieIds: number[]) {
      const rows = await scoped(scope, {})
        .leftJoin('sortie_tracks as t', 't.sortie_id', 's.sortie_id')
        .where('s.sortie_id', 'in', sortieIds)
        .select([...recordCols, 't.track'])
        .execute();
      return rows.map((r) => ({
        ...toRecord(r as RecordRow),
        points: r.track ? decodeTrack(r.track).map(toOrbit) : [],
      }));
    },

    async stat(scope: DataScope, f: SortieFilter) {
      const row = await scoped(scope, f)
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(sum(s.area_mu), 0)`.as('area'),
          sql<number>`coalesce(sum(s.duration_s), 0)`.as('time'),
          sql<number>`coalesce(sum(s.volume_l), 0)`.as('volume'),
          sql<number>`coalesce(sum(s.distance_m), 0)`.as('distance'),
        ])
        .executeTakeFirstOrThrow();
      return row;
    },

    /** Is this sortie one the caller may see? */
    async sortieVisible(scope: DataScope, sortieId: number): Promise<boolean> {
      const row = await scoped(scope, {})
        .where('s.sortie_id', '=', sortieId)
        .select('s.sortie_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async battery(scope: DataScope, sortieId: number) {
      const row = await scoped(scope, {})
        .leftJoin('sortie_tracks as t', 't.sortie_id', 's.sortie_id')
        .where('s.sortie_id', '=', sortieId)
        .select(['s.sortie_id', 's.battery_start', 's.battery_end', 't.track'])
        .executeTakeFirst();
      if (!row) return null;
      const series: Array<[number, number]> = [];
      let next = Number.NEGATIVE_INFINITY;
      const points = row.track ? decodeTrack(row.track) : [];
      for (const p of points)
        if (p.recordTime >= next) {
          series.push([p.recordTime, p.battery]);
          next = p.recordTime + 10_000;
        }
      const last = points.at(-1);
      if (last && series.at(-1)?.[0] !== last.recordTime) series.push([last.recordTime, last.battery]);
      return {
        sortieId: row.sortie_id,
        batteryStart: row.battery_start,
        batteryEnd: row.battery_end,
        used: row.battery_start - row.battery_end,
        series,
      };
    },

    /** Stored points of a drone since a time (its open sortie, from track_chunks). */
    async openTrack(droneId: string, since: number): Promise<OrbitPoint[]> {
      const rows = await db
        .selectFrom('track_chunks')
        .select('data')
        .where('drone_id', '=', droneId)
        .where('last_time', '>=', new Date(since))
        .orderBy('id')
        .execute();
      const out: OrbitPoint[] = [];
      let last = since - 1;
      for (const r of rows)
        for (const p of decodeTrack(r.data))
          if (p.recordTime > last) {
            out.push(toOrbit(p));
            last = p.recordTime;
          }
      return out;
    },

    /** Drones in scope (registry), for the monitor's statInfo; the region filter is where they are registered. */
    async droneCount(
      scope: DataScope,
      q: {
        region?: number;
        zzAccountId?: number;
        yyAccountId?: number;
        deviceType?: number;
        flyModelId?: number;
      },
    ) {
      let qb = db.selectFrom('drones as d').where(droneScopeCondition(scope, DRONE_COLS));
      if (q.region !== undefined) {
        const [lo, hi] = regionRange(q.region);
        qb = qb.where('d.region_code', '>=', lo).where('d.region_code', '<=', hi);
      }
      if (q.zzAccountId !== undefined) qb = qb.where('d.zz_account_id', '=', q.zzAccountId);
      if (q.yyAccountId !== undefined) qb = qb.where('d.yy_account_id', '=', q.yyAccountId);
      if (q.deviceType !== undefined) qb = qb.where('d.device_type', '=', q.deviceType);
      if (q.flyModelId !== undefined) qb = qb.where('d.model_id', '=', q.flyModelId);
      const row = await qb.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return row.n;
    },

    /** What the monitor filters offer: manufacturers, owners, models and device types of drones in scope. */
    async filterOptions(scope: DataScope) {
      const rows = await db
        .selectFrom('drones as d')
        .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
        .leftJoin('accounts as y', 'y.id', 'd.yy_account_id')
        .innerJoin('drone_models as m', 'm.id', 'd.model_id')
        .where(droneScopeCondition(scope, DRONE_COLS))
        .select([
          'z.id as zz',
          'z.account_name as zzName',
          'y.id as yy',
          'y.account_name as yyName',
          'm.id as model',
          'm.model_name as modelName',
          'd.device_type',
        ])
        .distinct()
        .execute();
      const uniq = <T extends { id: number }>(list: T[]) => [...new Map(list.map((x) => [x.id, x])).values()];
      return {
        manufacturers: uniq(rows.map((r) => ({ id: r.zz, name: r.zzName }))),
        owners: uniq(
          rows.filter((r) => r.yy !== null).map((r) => ({ id: r.yy as number, name: r.yyName as string })),
        ),
        models: uniq(rows.map((r) => ({ id: r.model, name: r.modelName }))),
        deviceTypes: [...new Set(rows.map((r) => r.device_type))].sort(),
      };
    },

    /** Names of owners and pilot for a drone detail panel. */
    async names(droneId: string, pilotId: number | null) {
      const row = await db
        .selectFrom('drones as d')
        .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
        .leftJoin('accounts as y', 'y.id', 'd.yy_account_id')
        .where('d.drone_id', '=', droneId)
        .select(['z.account_name as zz', 'y.account_name as yy'])
        .executeTakeFirst();
      const pilot =
        pilotId === null
          ? null
          : ((await db.selectFrom('users').select('user_name').where('id', '=', pilotId).executeTakeFirst())
              ?.user_name ?? null);
      return { zz: row?.zz ?? '', yy: row?.yy ?? null, pilot };
    },
  };
}
export type SortiesRepo = ReturnType<typeof createSortiesRepo>;
