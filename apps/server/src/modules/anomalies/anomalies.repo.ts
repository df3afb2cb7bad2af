/**
 * Anomalies (001 §4 oddType 1-5): raised by the no-fly detector on the stream and by the sortie
 * rules at landing (telemetry/anomalies). A row carries the drone's owners (from `drones`) and the
 * region levels of where it happened, so every read filters by data scope without a join.
 */
import { sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { anomalyScopeCondition } from '../monitor/zfMonitor.ts';

/** Region levels as 9-digit codes (modules/regions/geo RegionAt); country 0 means unknown. */
export interface AnomalyRegion {
  country: number;
  province: number | null;
  city: number | null;
  county: number | null;
}

export interface NewAnomaly {
  droneId: string;
  /** 6: unlisted accessory (telemetry/anomalies/accessoryHook.ts), our extension of 001 §4. */
  oddType: 1 | 2 | 3 | 4 | 5 | 6;
  /** ms since the epoch. */
  time: number;
  endTime?: number | null;
  lng: number;
  lat: number;
  sortieId?: number | null;
  noflyId?: number | null;
  noflyVersion?: number | null;
  detail?: Record<string, unknown>;
  region: AnomalyRegion | null;
}

export interface AnomalyRecord {
  id: number;
  droneId: string;
  oddType: number;
  /** ms since the epoch. */
  time: number;
  endTime: number | null;
  lng: number;
  lat: number;
  sortieId: number | null;
  noflyId: number | null;
  detail: Record<string, unknown>;
  zzAccountId: number;
  yyAccountId: number | null;
  provinceCode: number | null;
  cityCode: number | null;
  createTime: number;
}

export interface AnomalyPage {
  currentPage: number;
  pageSize: number;
  /** 1 newest first (default), 2 oldest first. */
  order?: 1 | 2;
}

const SCOPE_COLUMNS = {
  zz: 'anomalies.zz_account_id',
  yy: 'anomalies.yy_account_id',
  country: 'anomalies.country_code',
  province: 'anomalies.province_code',
  city: 'anomalies.city_code',
  county: 'anomalies.county_code',
  drone: 'anomalies.drone_id',
  time: 'anomalies.time',
};

export function createAnomaliesRepo(db: Db) {
  const select = (scope: DataScope) =>
    db
      .selectFrom('anomalies')
      .where(anomalyScopeCondition(scope, SCOPE_COLUMNS))
      .select([
        'id',
        'drone_id as droneId',
        'odd_type as oddType',
        'time',
        'end_time as endTime',
        'lng',
        'lat',
        'sortie_id as sortieId',
        'nofly_id as noflyId',
        'detail',
        'zz_account_id as zzAccountId',
        'yy_account_id as yyAccountId',
        'province_code as provinceCode',
        'city_code as cityCode',
        'created_at as createTime',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toRecord = (r: Row): AnomalyRecord => ({
    ...r,
    time: r.time.getTime(),
    endTime: r.endTime ? r.endTime.getTime() : null,
    detail: (r.detail ?? {}) as Record<string, unknown>,
    createTime: new Date(r.createTime).getTime(),
  });

  return {
    /**
     * Stores anomalies with their drones' owners. Returns the new ids in input order; null for an
     * anomaly of a drone that is not registered (nothing is stored for it).
     */
    async insert(events: readonly NewAnomaly[]): Promise<Array<number | null>> {
      if (events.length === 0) return [];
      const droneIds = [...new Set(events.map((e) => e.droneId))];
      const owners = new Map(
        (
          await db
            .selectFrom('drones')
            .select(['drone_id', 'zz_account_id', 'yy_account_id'])
            .where('drone_id', 'in', droneIds)
            .execute()
        ).map((d) => [d.drone_id, d]),
      );
      const known = events.filter((e) => owners.has(e.droneId));
      if (known.length === 0) return events.map(() => null);
      const rows = known.map((e) => {
        const o = owners.get(e.droneId) as { zz_account_id: number; yy_account_id: number | null };
        const r = e.region;
        return {
          drone_id: e.droneId,
          odd_type: e.oddType,
          time: new Date(e.time),
          end_time: e.endTime == null ? null : new Date(e.endTime),
          lng: e.lng,
          lat: e.lat,
          sortie_id: e.sortieId ?? null,
          nofly_id: e.noflyId ?? null,
          nofly_version: e.noflyVersion ?? null,
          detail: JSON.stringify(e.detail ?? {}),
          zz_account_id: o.zz_account_id,
          yy_account_id: o.yy_account_id,
          country_code: r?.country ? r.country : null,
          province_code: r?.province ?? null,
          city_code: r?.city ?? null,
          county_code: r?.county ?? null,
        };
      });
      // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
      const ids = (await db.insertInto('anomalies').values(rows).returning('id').execute()).map((r) => r.id);
      let k = 0;
      return events.map((e) => (owners.has(e.droneId) ? (ids[k++] ?? null) : null));
    },

    /**
     * The open no-fly anomaly of a drone in a zone begun at or after `since`, if any: an incursion
     * whose detector state was lost (a restart, or its partition taken over by another process in
     * cluster mode) is continued, not raised again. `not`: the caller's own, whose end it knows
     * (one being closed is not continued).
     */
    async openIncursion(
      droneId: string,
      noflyId: number,
      since: number,
      not: ReadonlySet<number> = new Set(),
    ): Promise<number | null> {
      let q = db
        .selectFrom('anomalies')
        .select('id')
        .where('drone_id', '=', droneId)
        .where('odd_type', '=', 1)
        .where('nofly_id', '=', noflyId)
        .where('end_time', 'is', null)
        .where('time', '>=', new Date(since));
      if (not.size) q = q.where('id', 'not in', [...not]);
      const row = await q.orderBy('time', 'desc').limit(1).executeTakeFirst();
      return row?.id ?? null;
    },

    /** Closes an open anomaly (the end of a no-fly incursion). False if unknown or already closed. */
    async close(id: number, endTime: number): Promise<boolean> {
      const res = await db
        .updateTable('anomalies')
        .set({ end_time: new Date(endTime) })
        .where('id', '=', id)
        .where('end_time', 'is', null)
        .where('time', '<=', new Date(endTime))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A drone's anomalies, a page at a time (001 §3 drone history "GET anomalies"). */
    async listByDrone(scope: DataScope, droneId: string, page: AnomalyPage) {
      const dir = (page.order ?? 1) === 1 ? 'desc' : 'asc';
      const q = select(scope).where('drone_id', '=', droneId);
      const [rows, count] = await Promise.all([
        q
          .orderBy('time', dir)
          .orderBy('id', dir)
          .limit(page.pageSize)
          .offset((page.currentPage - 1) * page.pageSize)
          .execute(),
        db
          .selectFrom('anomalies')
          .where(anomalyScopeCondition(scope, SCOPE_COLUMNS))
          .where('drone_id', '=', droneId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map(toRecord),
        total: Number(count.n),
        current: page.currentPage,
        size: page.pageSize,
      };
    },

    /**
     * Anomalies raised (stored) since `sinceMs`, newest first, for the monitor's alerts. By the
     * time they were stored, not the time they happened: sortie rules report at landing.
     */
    async latest(scope: DataScope, sinceMs: number, limit = 100): Promise<AnomalyRecord[]> {
      const rows = await select(scope)
        .where('created_at', '>=', new Date(sinceMs))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * No-fly incursions started since `sinceMs` and not ended: id, drone, zone and start (epoch ms).
     * A detector that takes drones over (a take-over, a restart) takes them up (stream.ts adopt).
     */
    openIncursions: (sinceMs: number) =>
      db
        .selectFrom('anomalies')
        .select([
          'id',
          'drone_id as droneId',
          'nofly_id as noflyId',
          sql<number>`(extract(epoch from time) * 1000)::float8`.as('time'),
        ])
        .where('odd_type', '=', 1)
        .where('end_time', 'is', null)
        .where('nofly_id', 'is not', null)
        .where('time', '>=', new Date(sinceMs))
        .execute(),
  };
}
export type AnomaliesRepo = ReturnType<typeof createAnomaliesRepo>;
